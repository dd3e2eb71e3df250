/** One model call per identical ask across the team: take the stored verdicts, wait for the replica asking, or ask. */
import type { TeamVerdicts, Waited } from './state.js'

export type TeamAnswer<T> =
  /** Every hook's verdict was already stored by some replica: a cache hit. */
  | { kind: 'stored', values: unknown[] }
  /** Another replica asked; its verdicts (undefined for a hook its answer lacked) or its failure: coalesced. */
  | { kind: 'waited', waited: Exclude<Waited, { self: true }> }
  /** This replica asked (it held the claim, or Redis was not there to coordinate). */
  | { kind: 'asked', result: T }

export interface TeamAsk<T> {
  askKey: string
  /** The verdict keys of the ask's hooks, in order. */
  keys: readonly string[]
  signal: AbortSignal
  ask: () => Promise<T>
  /** What of the result the team stores: [key, verdict] per hook that got one, or the failure the waiters get. */
  share: (result: T) => { verdicts: Array<[string, unknown]> } | { failure: string }
}

export async function teamAsk<T> (team: TeamVerdicts, o: TeamAsk<T>): Promise<TeamAnswer<T>> {
  const claim = await team.claim(o.askKey, o.keys)
  if (claim && 'values' in claim) return { kind: 'stored', values: claim.values }
  if (claim && !claim.mine) {
    const waited = await team.wait(o.askKey, o.keys, o.signal)
    if (!('self' in waited)) return { kind: 'waited', waited }
  }
  const token = claim?.mine === true ? claim.token : undefined
  let result: T
  try {
    result = await o.ask()
  } catch (err) {
    // The waiters must not sit out the claim's lifetime for an answer that will never come.
    team.done(o.askKey, token, { failure: (err as Error).message })
    throw err
  }
  // Not awaited, whether the answer allows or blocks: until done() lands the claim stands, so a request for this ask on
  // any replica waits for the verdicts (pub/sub) instead of asking again.
  team.done(o.askKey, token, o.share(result))
  return { kind: 'asked', result }
}
