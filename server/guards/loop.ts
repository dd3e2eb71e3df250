/** Loop governor: per session and Stop-type hook, caps consecutive blocks and never blocks the same text twice in a turn. */
import { LRUCache } from 'lru-cache'
import type { EventName, HookEvent } from '../agents/event.js'
import { type Judged, sha256 } from '../judge/judge.js'

export type LoopGuard = 'loop' | 'repeat'

/** What the governor remembers of one hook in one session: the turn it saw last and the texts it blocked since. */
export interface HookLoopState { turnId?: string, blocked: string[] }

export type LoopEvent = Pick<HookEvent, 'event' | 'sessionId' | 'turnId' | 'stopHookActive'>

// Only a blocked Stop keeps a turn alive. A PreToolUse deny ends with the tool not run; letting the third try of a
// denied command through would turn a gate into a speed bump.
const LOOPING: ReadonlySet<EventName> = new Set(['Stop', 'SubagentStop'])

/** One step of the governor for one hook call; mutates state and says which guard, if any, turns the block into an allow. */
export function governStep (state: HookLoopState, ev: LoopEvent, blocked: boolean, textHash: string, max: number): LoopGuard | null {
  // The turn id (Claude's prompt_id, Codex's turn_id) is authoritative; stop_hook_active is only a hint for agents
  // that send no turn id: false there means "first Stop of a new prompt".
  const newTurn = ev.turnId !== undefined ? ev.turnId !== state.turnId : !ev.stopHookActive
  if (newTurn) state.blocked = []
  state.turnId = ev.turnId
  if (!blocked) {
    state.blocked = []
    return null
  }
  const guard: LoopGuard | null = state.blocked.includes(textHash) ? 'repeat' : state.blocked.length >= max ? 'loop' : null
  if (guard) state.blocked = []
  else state.blocked.push(textHash)
  return guard
}

export interface LoopGovernor {
  /** The judged call as it stands, or turned into an allow (source guard, wouldBlock, guard note) when it would loop. */
  review (ev: LoopEvent, hook: string, judged: Judged, maxConsecutiveBlocks: number): Judged
  readonly sessions: number
}

/** State lives in an LRU of sessions, so it is bounded; create it once per process and hand it to every Runtime. */
export function createLoopGovernor (opts: { maxSessions: number }): LoopGovernor {
  const sessions = new LRUCache<string, Map<string, HookLoopState>>({ max: opts.maxSessions })
  return {
    review (ev, hook, judged, max) {
      if (!LOOPING.has(ev.event) || ev.sessionId === '') return judged
      let hooks = sessions.get(ev.sessionId)
      if (!hooks) sessions.set(ev.sessionId, hooks = new Map())
      let state = hooks.get(hook)
      if (!state) hooks.set(hook, state = { blocked: [] })
      const guard = governStep(state, ev, judged.decision === 'block', sha256(judged.text), max)
      return guard ? { ...judged, decision: 'allow', source: 'guard', wouldBlock: true, guard } : judged
    },
    get sessions () { return sessions.size }
  }
}
