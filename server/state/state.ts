/** The shared-state interfaces every stage uses: in process (one daemon) or in Redis (a team of replicas). */
import type { VerdictCache } from '../judge/cache.js'
import type { CircuitOptions } from '../backends/circuit.js'
import type { FactStore } from '../gates/facts.js'
import type { HookLoopState, LoopEvent, LoopGuard } from '../guards/loop.js'

/** The Redis operations, as the `op` label of hookjudge_state_errors_total. */
export const STATE_OPS = ['connect', 'cache_get', 'cache_set', 'wait', 'publish', 'loop', 'facts_get', 'facts_set', 'circuit_get', 'circuit_set'] as const
export type StateOp = typeof STATE_OPS[number]

export interface StateHealth {
  /** local: no state.redis.url, everything in this process (as one laptop needs). */
  mode: 'local' | 'redis'
  /** degraded: Redis unreachable, slow or refusing; this replica answers from its own state until it is back. */
  status: 'ok' | 'degraded'
  /** host:port of the Redis (never its password). */
  target?: string
  /** When the current outage began (ISO), and the last error of it. */
  since?: string
  error?: string
}

/** The loop governor's state per session and hook, one atomic step per Stop-type call. */
export interface LoopStore {
  step (ev: LoopEvent, hook: string, blocked: boolean, textHash: string, max: number): Promise<LoopGuard | null>
}

/** Session facts: the gates read the process-local store synchronously; pull copies a session's shared facts into it first. */
export interface SharedFacts {
  /** The store gates read and PostToolUse writes; with Redis its set() also writes through. */
  store: FactStore
  pull (session: string): Promise<void>
  /** Resolves when the writes of this session made so far reached Redis (or failed): answer only after it. */
  settle (session: string): Promise<void>
}

/** Circuit-breaker state per backend: other replicas' failures open this replica's circuit too. */
export interface SharedCircuits {
  /** Copies the team's state of these backends into their local circuits' view (before a chain is asked). */
  pull (backends: readonly string[]): Promise<void>
  /** Local admit() and'ed with the team's state; record() also reports the outcome to the team. */
  admit (backend: string, localAdmit: boolean): boolean
  record (backend: string, ok: boolean, opts: CircuitOptions): void
}

export interface SharedState {
  health (): StateHealth
  /** A verdict cache: the local LRU, and with Redis the team's cache behind it plus cross-replica coalescing. */
  verdictCache (opts: { max: number, ttlSeconds: number }): VerdictCache
  loop: LoopStore
  facts: SharedFacts
  circuits: SharedCircuits
  close (): Promise<void>
}

export type { HookLoopState }
