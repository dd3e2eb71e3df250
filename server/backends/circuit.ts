/** Circuit breaker per backend: N failures in a row open it for a cool-down, then one probe request decides. */
import { BackendError } from '../core/errors.js'

export type CircuitStateName = 'closed' | 'open' | 'half-open'
export interface CircuitOptions { failures: number, coolDownMs: number }
/** lastError: why the latest of the failures in a row failed (absent once a call succeeds). */
export interface CircuitState { state: CircuitStateName, failures: number, retryInMs?: number, lastError?: string }

export interface Circuit {
  /** May a request go to the backend now? Half-open admits one probe at a time; the caller must then call record. */
  admit (): boolean
  /** error: what went wrong, which status shows while failures last. */
  record (ok: boolean, error?: string): void
  /** An attempt that says nothing about the backend (the deadline ended it while it waited for a connection): nothing
   * is counted, and a probe it was may go again at once. */
  release (): void
  state (): CircuitState
  /** New thresholds (a config reload); the state itself is kept. */
  configure (o: CircuitOptions): void
}

export const CIRCUIT_DEFAULTS: CircuitOptions = { failures: 3, coolDownMs: 30_000 }

/** A call the deadline ended before the backend held it for a fair time (it waited for a connection behind the
 * daemon's other calls): a timeout for the answer, no failure of the backend for its circuit. */
export class QueuedTimeout extends BackendError {
  constructor (message: string, options?: ErrorOptions) {
    super(message, 'timeout', options)
    this.name = 'QueuedTimeout'
  }
}

/** The deadline ended a call (times on the daemon's clock). The backend failed only if it held the call at least as long
 * as the call waited for a connection: time queued behind the daemon's own other calls says nothing about the backend. */
export function deadlineError (askedAt: number, connectedAt: number | undefined, endedAt: number, cause: unknown): BackendError {
  const waited = Math.round((connectedAt ?? endedAt) - askedAt)
  if (connectedAt === undefined) return new QueuedTimeout(`deadline passed after ${waited} ms waiting for a connection`, { cause })
  const held = Math.round(endedAt - connectedAt)
  if (held < waited) return new QueuedTimeout(`deadline passed ${held} ms after a connection that took ${waited} ms to get`, { cause })
  return new BackendError('deadline passed before the answer', 'timeout', { cause })
}

export function createCircuit (opts: CircuitOptions = CIRCUIT_DEFAULTS, now: () => number = Date.now): Circuit {
  let o = opts
  let failures = 0
  let openedAt: number | undefined
  let probeAt: number | undefined
  let lastError: string | undefined
  const cooled = () => openedAt !== undefined && now() - openedAt >= o.coolDownMs
  return {
    admit () {
      if (openedAt === undefined) return true
      if (!cooled()) return false
      // A probe that never reported (its caller vanished) must not keep the circuit shut: allow another after a cool-down.
      if (probeAt !== undefined && now() - probeAt < o.coolDownMs) return false
      probeAt = now()
      return true
    },
    record (ok, error) {
      probeAt = undefined
      if (ok) { failures = 0; openedAt = undefined; lastError = undefined; return }
      failures++
      lastError = error ?? lastError
      if (openedAt !== undefined || failures >= o.failures) openedAt = now()
    },
    release () { probeAt = undefined },
    state () {
      const why = lastError === undefined ? {} : { lastError }
      if (openedAt === undefined) return { state: 'closed', failures, ...why }
      if (!cooled()) return { state: 'open', failures, retryInMs: o.coolDownMs - (now() - openedAt), ...why }
      return { state: 'half-open', failures, ...why }
    },
    configure (next) { o = next }
  }
}
