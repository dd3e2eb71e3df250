/** The ask stage's side of the team: which verdicts an answer shares, and the hooks' answers from the team's verdicts. */
import type { Asked } from '../judge/ask.js'
import type { CachedVerdict } from '../judge/cache.js'
import type { Ask, Parsed } from '../pipeline/turn.js'
import type { TeamAnswer } from './team-ask.js'

/** A value read back from Redis that this version can use as a cached verdict; anything else counts as missing. */
export function isCachedVerdict (v: unknown): v is CachedVerdict {
  if (typeof v !== 'object' || v === null) return false
  const c = v as Record<string, unknown>
  return typeof c.reason === 'string' && typeof c.backend === 'string' && typeof c.model === 'string' &&
    typeof c.fields === 'object' && c.fields !== null && Object.values(c.fields).every(f => typeof f === 'boolean')
}

/** What one model answer gives the team: each hook's verdict it could read (as the ask stage caches it), or the failure. */
export function shareable (ask: Ask, asked: Asked<Parsed>): { verdicts: Array<[string, CachedVerdict]> } | { failure: string } {
  if (!asked.ok) return { failure: asked.error }
  const verdicts: Array<[string, CachedVerdict]> = []
  for (const run of ask.runs) {
    const v = asked.value.get(run.hook.name)
    if (v?.ok) verdicts.push([run.key!, { fields: v.fields, reason: v.reason, backend: asked.backend, model: asked.model }])
  }
  return { verdicts }
}

/** Each hook's answer from verdicts another replica stored (a hit) or just announced (coalesced); cached locally too. */
export function settleFromTeam (ask: Ask, answer: Exclude<TeamAnswer<unknown>, { kind: 'asked' }>, cache: { set (k: string, v: CachedVerdict): void }): void {
  const lookup = answer.kind === 'stored' ? 'hit' : 'coalesced'
  const values = answer.kind === 'stored' ? answer.values : 'values' in answer.waited ? answer.waited.values : undefined
  ask.runs.forEach((run, i) => {
    const v = values?.[i]
    if (isCachedVerdict(v)) {
      cache.set(run.key!, v)
      run.answer = { ok: true, verdict: v, lookup, attempts: [] }
    } else {
      const failure = answer.kind === 'waited' && 'failed' in answer.waited ? answer.waited.failed : 'no verdict'
      run.answer = { ok: false, failure, lookup, attempts: [] }
    }
  })
}
