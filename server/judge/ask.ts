/** Asks a backend chain in order within one deadline; the judge side reads each answer and moves on past a void one. */
import { QueuedTimeout } from '../backends/circuit.js'
import type { AskRequest, Backend } from '../backends/contract.js'
import { BackendError } from '../core/errors.js'

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
export type AttemptObserver = (a: Attempt) => void

export function costOf (tokens: Attempt['tokens'], price: Backend['price']): number | undefined {
  if (!tokens || !price) return undefined
  return (tokens.input * price.inputPerMTok + tokens.output * price.outputPerMTok) / 1e6
}

/** What the judge made of one answer: a value to keep, or why the answer is void. */
export type Reading<T> = { ok: true, value: T } | { ok: false, error: string }

export type Asked<T> =
  | { ok: true, value: T, backend: string, model: string, attempts: Attempt[] }
  | { ok: false, error: string, attempts: Attempt[] }

export async function askChain<T> (chain: Backend[], req: Omit<AskRequest, 'signal'>, read: (text: string) => Reading<T>, signal: AbortSignal, observe: AttemptObserver = () => {}): Promise<Asked<T>> {
  const attempts: Attempt[] = []
  const usable = chain.filter(b => b.unusable === null)
  if (usable.length === 0) {
    const why = chain.map(b => `${b.name}: ${b.unusable}`).join('; ')
    return { ok: false, error: `no usable backend (${why || 'no judge backend found: no API key set, no claude / codex CLI on PATH'})`, attempts }
  }
  for (const b of usable) {
    if (signal.aborted) break
    const started = performance.now()
    const attempt = (outcome: AttemptOutcome, error?: string, tokens?: Attempt['tokens'], queued = false) => {
      const costUsd = costOf(tokens, b.price)
      const a: Attempt = { backend: b.name, outcome, ms: performance.now() - started, ...(error ? { error } : {}), ...(tokens ? { tokens } : {}), ...(costUsd !== undefined ? { costUsd } : {}) }
      // A void answer is the model's, not an outage: the backend answered, so it counts as up for the breaker. A call
      // that spent its deadline queued for a connection says nothing about the backend: it counts neither way.
      if (queued) b.circuit?.release()
      else if (outcome !== 'circuit_open') b.circuit?.record(outcome === 'ok' || outcome === 'bad_output', error && `${outcome}: ${error}`)
      attempts.push(a)
      observe(a)
    }
    // A backend that keeps failing is skipped at once for its cool-down instead of being waited for on every turn.
    if (b.circuit && !b.circuit.admit()) { attempt('circuit_open', 'skipped: circuit open after repeated failures'); continue }
    try {
      const res = await b.ask({ ...req, signal })
      const reading = read(res.text)
      if (!reading.ok) { attempt('bad_output', reading.error, res.usage); continue }
      attempt('ok', undefined, res.usage)
      return { ok: true, value: reading.value, backend: b.name, model: b.model, attempts }
    } catch (err) {
      const code = err instanceof BackendError ? err.code : 'http_error'
      attempt(signal.aborted || code === 'timeout' ? 'timeout' : code === 'bad_output' ? 'bad_output' : 'http_error', (err as Error).message, undefined, err instanceof QueuedTimeout)
    }
  }
  const last = attempts[attempts.length - 1]
  return { ok: false, error: last ? `${last.backend}: ${last.outcome}${last.error ? ` (${last.error})` : ''}` : 'deadline passed', attempts }
}
