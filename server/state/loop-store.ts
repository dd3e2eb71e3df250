/** The loop governor over a LoopStore: the in-process store, and the review a pipeline stage awaits. */
import { LRUCache } from 'lru-cache'
import { governStep, type HookLoopState, type LoopEvent } from '../guards/loop.js'
import { type Judged, sha256 } from '../judge/judge.js'
import type { LoopStore } from './state.js'

/** Today's governor state: an LRU of sessions, each a map of hook → state; bounded by maxSessions. */
export function createLocalLoopStore (opts: { maxSessions: number }): LoopStore & { readonly sessions: number } {
  const sessions = new LRUCache<string, Map<string, HookLoopState>>({ max: opts.maxSessions })
  return {
    async step (ev, hook, blocked, textHash, max) {
      let hooks = sessions.get(ev.sessionId)
      if (!hooks) sessions.set(ev.sessionId, hooks = new Map())
      let state = hooks.get(hook)
      if (!state) hooks.set(hook, state = { blocked: [] })
      return governStep(state, ev, blocked, textHash, max)
    },
    get sessions () { return sessions.size }
  }
}

/** LoopGovernor.review (server/guards/loop.ts) over any store: only a blocked Stop keeps a turn alive. */
export async function reviewLoop (store: LoopStore, ev: LoopEvent, hook: string, judged: Judged, max: number): Promise<Judged> {
  if ((ev.event !== 'Stop' && ev.event !== 'SubagentStop') || ev.sessionId === '') return judged
  const guard = await store.step(ev, hook, judged.decision === 'block', sha256(judged.text), max)
  return guard ? { ...judged, decision: 'allow', source: 'guard', wouldBlock: true, guard } : judged
}
