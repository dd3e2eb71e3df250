/** backendStates(): each backend's usability, circuit and processes, for /readyz and status. */
import type { Backend } from './contract.js'
import type { CircuitState } from './circuit.js'

export interface BackendState {
  name: string
  type: string
  model: string
  /** Why it cannot be asked at all (no key, no CLI), or null. */
  unusable: string | null
  circuit: CircuitState | null
  processes?: { alive: number, busy: number, spares: number }
}

export function backendStates (backends: Map<string, Backend>, only?: Set<string>): BackendState[] {
  return [...backends.values()].filter(b => !only || only.has(b.name)).map(b => {
    const p = b.processes?.()
    return {
      name: b.name,
      type: b.type,
      model: b.model,
      unusable: b.unusable,
      circuit: b.unusable === null ? b.circuit?.state() ?? null : null,
      ...(p ? { processes: { alive: p.alive, busy: p.busy, spares: p.spares.length } } : {})
    }
  })
}

/** The backends some active hook's chain names: the ones worth warming and reporting. */
export function usedBackends (hooks: Iterable<{ mode: string, backends: string[] }>): Set<string> {
  const used = new Set<string>()
  for (const h of hooks) if (h.mode !== 'off') for (const n of h.backends) used.add(n)
  return used
}
