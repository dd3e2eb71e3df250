/** The in-process shared state (no state.redis.url): one daemon's memory, exactly as before the team layer existed. */
import { createFactStore, type FactStoreOptions } from '../approvals/session-facts.js'
import type { LoopGovernor } from '../guards/loop.js'
import type { LoopStore, SharedState } from './state.js'

export interface LocalStateOptions { loop: LoopGovernor, facts: FactStoreOptions }

/** No team: the local cache's own coalescing is all there is (also what a probe uses, to reach the model itself). */
export const LOCAL_VERDICTS: SharedState['verdicts'] = { claim: async () => null, wait: async () => ({ self: true }), done: async () => {} }

export function createLocalState (opts: LocalStateOptions): SharedState {
  return {
    health: () => ({ mode: 'local', status: 'ok' }),
    verdicts: LOCAL_VERDICTS,
    loop: localLoopStore(opts.loop),
    facts: { store: createFactStore(opts.facts), pull: async () => {}, settle: async () => {} },
    circuits: { pull: async () => {}, admit: (_b, localAdmit) => localAdmit, record: () => {}, configure: () => {}, open: () => undefined },
    close: async () => {}
  }
}

/** Today's LoopGovernor (one per process) behind the async LoopStore interface; also the Redis store's fallback. */
export function localLoopStore (governor: LoopGovernor): LoopStore {
  return {
    // In process the state is at hand: nothing to read ahead.
    ahead: () => undefined,
    review: async (ev, hook, blocked, text, max) => governor.review(ev, hook, blocked, text, max),
    told: async (ev) => governor.told(ev),
    tell: (ev, turnText) => governor.tell(ev, turnText)
  }
}
