/** Stage 3: facts: a hook with deterministic fields is settled by the turn's evidence where the judge could not change it. */
import { explainFacts } from '../evidence/summary.js'
import { planFacts } from '../evidence/plan.js'
import type { Runtime } from '../core/runtime.js'
import { blocking, pending, settle, type Turn } from './turn.js'

const needsFacts = (h: Turn['runs'][number]['hook']) => h.deterministic.length > 0 || h.evidence.contradictedClaims

/** Why the facts block, for the feedback; agent strings in it are redacted. */
export const factsReason = (t: Turn, rt: Runtime) => explainFacts(t.evidence?.facts ?? {}, t.evidence?.steps ?? [], rt.redact)

export async function factsStage (t: Turn, rt: Runtime): Promise<void> {
  const runs = pending(t)
  // Claude Code flushes its transcript every 100 ms: only a hook whose facts matter, and whose Layer 1 hit, waits for it.
  if (t.read.lagging && !t.flushWaited && runs.some(r => needsFacts(r.hook))) {
    t.flushWaited = true
    const again = await rt.transcripts.turnText(t.event, true, t.until)
    if (again.evidence) { t.evidence = again.evidence; delete t.evidenceNote }
  }
  for (const run of runs) {
    run.plan = planFacts(run.hook, t.evidence, t.evidenceNote)
    const plan = run.plan
    if (plan.kind === 'unknown') settle(run, { decision: 'allow', source: 'fallback', failure: plan.failure })
    else if (plan.kind === 'decided') {
      settle(run, { decision: plan.block ? blocking(t) : 'allow', source: 'layer1', wouldBlock: plan.block, facts: plan.facts, reason: factsReason(t, rt) })
    } else if (plan.kind === 'ask' && plan.standing && !run.chain.some(b => b.unusable === null)) {
      // Facts that block on their own need no judge to stand: without a usable backend they decide (no fail-open allow).
      settle(run, { decision: blocking(t), source: 'layer1', wouldBlock: true, facts: plan.facts, reason: factsReason(t, rt) })
    }
  }
}
