/** The shared-state interfaces every stage uses: in process (one daemon) or in Redis (a team of replicas). */
import type { CircuitOptions } from '../backends/circuit.js'
import type { FactStore } from '../approvals/session-facts.js'
import type { HookLoopState, LoopEvent, LoopGuard, Told } from '../guards/loop.js'

/** The Redis operations, as the `op` label of hookjudge_state_errors_total. */
export const STATE_OPS = ['connect', 'cache_get', 'cache_set', 'wait', 'publish', 'loop_get', 'loop', 'told_get', 'told_set', 'facts_get', 'facts_set', 'circuit_get', 'circuit_set', 'decisions_add', 'decisions_read', 'labels_add', 'labels_read'] as const
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

/** A claim on an ask key: every verdict already stored (in key order), mine (ask, then done), theirs (wait); null: no team now. */
export type Claim = { values: unknown[] } | { mine: true, token: string } | { mine: false, token: '' } | null
/** What a waiter got: the verdicts of its keys (undefined: the answer had none for that hook), the failure, or "ask yourself". */
export type Waited = { values: unknown[] } | { failed: string } | { self: true }

/** Verdicts shared by the team, one model call per identical ask; the process-local cache stays in front of it. */
export interface TeamVerdicts {
  claim (askKey: string, keys: readonly string[]): Promise<Claim>
  wait (askKey: string, keys: readonly string[], signal: AbortSignal): Promise<Waited>
  /** Stores the verdicts for the team, tells the waiters and drops the claim; without a token (no claim) it only stores. */
  done (askKey: string, token: string | undefined, outcome: { verdicts: Array<[string, unknown]> } | { failure: string }): Promise<void>
}

/** One session's stored loop state of some hooks (a hook with none: undefined), or null when Redis did not answer. */
export type LoopAhead = Promise<ReadonlyMap<string, HookLoopState | undefined> | null>

/** The loop governor's state per session and hook: LoopGovernor.review, one step per Stop-type decision; and per
 * session the turn text a block answered (told), so the next Stop of the turn judges only what follows it. */
export interface LoopStore {
  /** Starts reading the state review() decides a block from, so that it goes out with the claims (one round trip);
   * undefined when there is nothing to read (in process, or not a Stop-type event). */
  ahead (ev: LoopEvent, hooks: readonly string[]): LoopAhead | undefined
  review (ev: LoopEvent, hook: string, blocked: boolean, text: string, max: number, ahead?: LoopAhead): Promise<LoopGuard | null>
  told (ev: LoopEvent): Promise<Told | undefined>
  /** Remembers that this turn text was answered with a block; the answer does not wait for it. */
  tell (ev: LoopEvent, turnText: string): void
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
  /** The backend's thresholds (config): its cool-down bounds how long any stored opening is obeyed. */
  configure (backend: string, opts: CircuitOptions): void
  /** The team's opening as this replica obeys it (ms until it asks again, failures counted), or undefined: not open. */
  open (backend: string): { retryInMs: number, failures: number } | undefined
}

/** One entry of a team stream: its Redis id (epoch ms-seq, newest highest) and the line a replica wrote. */
export interface TeamEntry { id: string, line: string }

/** The team's decision log and labels, two capped streams every replica appends to and the review page and `logs` read.
 * A read answers null when Redis did not (the caller says the team's log is unreachable). */
export interface TeamLog {
  append (lines: readonly string[]): void
  /** Newest first, ids below `below` (exclusive; default: from the newest), at most count. */
  back (below: string | undefined, count: number): Promise<TeamEntry[] | null>
  /** Oldest first, ids above `above` (exclusive; '0' from the oldest kept), at most count. */
  forward (above: string, count: number): Promise<TeamEntry[] | null>
  at (id: string): Promise<TeamEntry | undefined | null>
  addLabel (line: string): Promise<boolean>
  labels (): Promise<string[] | null>
}

export interface SharedState {
  health (): StateHealth
  /** With Redis: the team's decisions and labels (state.redis.decisions > 0). */
  decisions?: TeamLog
  verdicts: TeamVerdicts
  loop: LoopStore
  facts: SharedFacts
  circuits: SharedCircuits
  close (): Promise<void>
}
