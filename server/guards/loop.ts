/** Loop governor: per session and Stop-type hook, caps consecutive blocks and never blocks the same text twice in a turn. */
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { type EventName, type HookEvent, sessionOf } from '../agents/event.js'

export type LoopGuard = 'loop' | 'repeat'

/** What the governor remembers of one hook in one session: the turn it saw last, the texts it blocked in it, the run of blocks. */
export interface HookLoopState { turnId?: string, blocked: string[], run: number }

/** The turn text a block answered, as its length and hash: a later Stop of the same turn judges only what follows it. */
export interface Told { turnId?: string, chars: number, sha: string }

export type LoopEvent = Pick<HookEvent, 'event' | 'sessionId' | 'turnId' | 'stopHookActive' | 'person'>

// Only a blocked Stop keeps a turn alive. A PreToolUse deny ends with the tool not run; letting the third try of a
// denied command through would turn a gate into a speed bump.
const LOOPING: ReadonlySet<EventName> = new Set(['Stop', 'SubagentStop'])

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/** The turn id (Claude's prompt_id, Codex's turn_id) is authoritative; stop_hook_active is only a hint for agents without one. */
const isNewTurn = (ev: LoopEvent, seen: string | undefined) => ev.turnId !== undefined ? ev.turnId !== seen : !ev.stopHookActive

/** Whether the governor keeps state for this event: a Stop-type event of a known session. */
export const governed = (ev: LoopEvent) => LOOPING.has(ev.event) && ev.sessionId !== ''

/** What a block of this turn text tells: what a later Stop of the turn leaves out. */
export const toldOf = (ev: LoopEvent, turnText: string): Told => ({ turnId: ev.turnId, chars: turnText.length, sha: sha256(turnText) })

/** A told remembered (here or by another replica) if it belongs to this event's turn. */
export const toldInTurn = (ev: LoopEvent, told: Told | undefined): Told | undefined => told && !isNewTurn(ev, told.turnId) ? told : undefined

/** One step of the governor for one hook call; mutates state and says which guard, if any, turns the block into an allow. */
export function governStep (state: HookLoopState, ev: LoopEvent, blocked: boolean, textHash: string, max: number): LoopGuard | null {
  if (isNewTurn(ev, state.turnId)) { state.blocked = []; state.run = 0 }
  state.turnId = ev.turnId
  if (!blocked) { state.run = 0; return null }
  // Released texts stay remembered for the rest of the turn: the same text is never blocked twice in one turn.
  if (state.blocked.includes(textHash)) return 'repeat'
  remember(state, textHash)
  if (state.run >= max) { state.run = 0; return 'loop' }
  state.run++
  return null
}

/** A turn that never ends (an agent blocked, rewording, blocked…) must not grow a session's memory without bound. */
export const MAX_TEXTS_PER_TURN = 256
function remember (state: HookLoopState, textHash: string): void {
  if (state.blocked.length >= MAX_TEXTS_PER_TURN) state.blocked.shift()
  state.blocked.push(textHash)
}

export interface LoopGovernor {
  /** The guard that turns this block into an allow, or null; every Stop-type decision passes here (an allow resets the run). */
  review (ev: LoopEvent, hook: string, blocked: boolean, text: string, maxConsecutiveBlocks: number): LoopGuard | null
  /** The turn text a block of this turn answered, if any. */
  told (ev: LoopEvent): Told | undefined
  /** Remembers that this turn text was answered with a block. */
  tell (ev: LoopEvent, turnText: string): void
  matches (prefix: string, told: Told): boolean
  readonly sessions: number
}

interface Session { hooks: Map<string, HookLoopState>, told?: Told }

/** State lives in an LRU of sessions, so it is bounded; create it once per process and hand it to every Runtime. */
export function createLoopGovernor (opts: { maxSessions: number }): LoopGovernor {
  const sessions = new LRUCache<string, Session>({ max: opts.maxSessions })
  const session = (id: string) => {
    let s = sessions.get(id)
    if (!s) sessions.set(id, s = { hooks: new Map() })
    return s
  }
  return {
    review (ev, hook, blocked, text, max) {
      if (!governed(ev)) return null
      const { hooks } = session(sessionOf(ev))
      let state = hooks.get(hook)
      if (!state) hooks.set(hook, state = { blocked: [], run: 0 })
      // Only a block is remembered by its text: the ordinary allow costs no hash.
      return governStep(state, ev, blocked, blocked ? sha256(text) : '', max)
    },
    told: (ev) => governed(ev) ? toldInTurn(ev, sessions.get(sessionOf(ev))?.told) : undefined,
    tell (ev, turnText) {
      if (governed(ev)) session(sessionOf(ev)).told = toldOf(ev, turnText)
    },
    matches: (prefix, told) => sha256(prefix) === told.sha,
    get sessions () { return sessions.size }
  }
}
