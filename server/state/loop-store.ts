/** The in-process loop store: today's LoopGovernor (one per process), behind the async LoopStore interface. */
import type { LoopGovernor } from '../guards/loop.js'
import type { LoopStore } from './state.js'

export function localLoopStore (governor: LoopGovernor): LoopStore {
  return { review: async (ev, hook, blocked, text, max) => governor.review(ev, hook, blocked, text, max) }
}
