/** A backend's circuit breaker that also heeds the team: other replicas' failures in a row open it here too. */
import type { Backend } from '../backends/contract.js'
import { CIRCUIT_DEFAULTS, type Circuit } from '../backends/circuit.js'
import type { SharedCircuits } from './state.js'

const wrapped = new WeakSet<Circuit>()

function teamCircuit (name: string, local: Circuit, team: SharedCircuits): Circuit {
  let opts = CIRCUIT_DEFAULTS
  const c: Circuit = {
    admit: () => team.admit(name, local.admit()),
    record (ok) { local.record(ok); team.record(name, ok, opts) },
    state: () => local.state(),
    configure (o) { opts = o; local.configure(o) }
  }
  wrapped.add(c)
  return c
}

/** Wraps each backend's circuit once (a reload hands the same backend objects over, already wrapped). */
export function shareCircuits (backends: Iterable<Backend>, team: SharedCircuits): void {
  for (const b of backends) {
    if (b.circuit && !wrapped.has(b.circuit)) b.circuit = teamCircuit(b.name, b.circuit, team)
  }
}
