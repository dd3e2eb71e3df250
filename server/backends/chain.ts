/** Asks a hook's backend chain in order within one deadline; every outcome is a value with the attempts made. */
import type { HookPolicy } from '../config-schema.js'
import { BackendError } from '../errors.js'
import type { JudgePrompt } from '../judge/prompt.js'
import { parseVerdict, type Verdict } from '../judge/verdict.js'
import type { Backend } from './backend.js'

export type AttemptOutcome = 'ok' | 'timeout' | 'http_error' | 'bad_output' | 'circuit_open'
export interface Attempt {
  backend: string
  outcome: AttemptOutcome
  ms: number
  error?: string
  tokens?: { input: number, output: number }
  /** Estimated from tokens and the backend's configured price. */
  costUsd?: number
}

export function costOf (tokens: Attempt['tokens'], price: Backend['price']): number | undefined {
  if (!tokens || !price) return undefined
  return (tokens.input * price.inputPerMTok + tokens.output * price.outputPerMTok) / 1e6
}

export type ChainResult =
  | { ok: true, verdict: Extract<Verdict, { ok: true }>, backend: string, model: string, attempts: Attempt[] }
  | { ok: false, error: string, attempts: Attempt[] }

export type AttemptObserver = (a: Attempt) => void

export async function askChain (chain: Backend[], prompt: JudgePrompt, policy: Pick<HookPolicy, 'fields' | 'blockWhen'>, signal: AbortSignal, observe: AttemptObserver = () => {}): Promise<ChainResult> {
  const attempts: Attempt[] = []
  const usable = chain.filter(b => b.unusable === null)
  if (usable.length === 0) {
    const why = chain.map(b => `${b.name}: ${b.unusable}`).join('; ')
    return { ok: false, error: `no usable backend (${why || 'none configured'})`, attempts }
  }
  for (const b of usable) {
    if (signal.aborted) break
    const started = performance.now()
    const attempt = (outcome: AttemptOutcome, error?: string, tokens?: Attempt['tokens']): Attempt => {
      const costUsd = costOf(tokens, b.price)
      const a: Attempt = { backend: b.name, outcome, ms: performance.now() - started, ...(error ? { error } : {}), ...(tokens ? { tokens } : {}), ...(costUsd !== undefined ? { costUsd } : {}) }
      if (outcome !== 'circuit_open') b.circuit?.record(outcome === 'ok')
      attempts.push(a)
      observe(a)
      return a
    }
    // A backend that keeps failing is skipped at once for its cool-down instead of being waited for on every turn.
    if (b.circuit && !b.circuit.admit()) { attempt('circuit_open', 'skipped: circuit open after repeated failures'); continue }
    try {
      const res = await b.ask({ system: prompt.system, user: prompt.user, fields: prompt.fields, signal })
      const verdict = parseVerdict(res.text, policy, prompt.data)
      if (!verdict.ok) { attempt('bad_output', verdict.error, res.usage); continue }
      attempt('ok', undefined, res.usage)
      return { ok: true, verdict, backend: b.name, model: b.model, attempts }
    } catch (err) {
      const code = err instanceof BackendError ? err.code : 'http_error'
      attempt(signal.aborted || code === 'timeout' ? 'timeout' : code === 'bad_output' ? 'bad_output' : 'http_error', (err as Error).message)
    }
  }
  const last = attempts[attempts.length - 1]
  return { ok: false, error: last ? `${last.backend}: ${last.outcome}${last.error ? ` (${last.error})` : ''}` : 'deadline passed', attempts }
}
