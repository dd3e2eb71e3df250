/** Stage 3: facts: a hook with deterministic fields is settled by the turn's evidence where the judge could not change it. */
import { checkClaims } from '../evidence/claim-check.js'
import { findClaims } from '../evidence/claims.js'
import type { Facts } from '../evidence/facts.js'
import { explainFacts } from '../evidence/summary.js'
import { planFacts } from '../evidence/plan.js'
import { echoedEvidence } from '../evidence/echoed-evidence.js'
import { namedFailures, silentFailures } from '../evidence/silent-failure.js'
import type { Runtime } from '../core/runtime.js'
import { blocking, pending, settle, type Turn } from './turn.js'

const needsFacts = (h: Turn['runs'][number]['hook']) => h.deterministic.length > 0 || h.evidence.contradictedClaims

/** Why the facts block, for the feedback: the first unsupported claim and why, else the facts; agent strings redacted. */
export function factsReason (t: Turn, rt: Runtime): string {
  const unsupported = t.claims?.filter(c => c.outcome === 'unsupported') ?? []
  const first = unsupported[0]
  if (!first) return explainFacts(t.evidence?.facts ?? {}, t.evidence?.steps ?? [], rt.redact)
  const more = unsupported.length > 1 ? ` (and ${unsupported.length - 1} more claim${unsupported.length > 2 ? 's' : ''} the turn does not back)` : ''
  return rt.redact(`you said “${first.text.replace(/\s+/g, ' ').trim()}” (${first.type}), but ${first.evidence}${more}`).text
}

/** Why a claims hook allowed, in the record: no claim found, or what backs them (a verification's absence is no reason then). */
function claimsAllowReason (t: Turn): string {
  const claims = t.claims ?? []
  if (claims.length === 0) return 'no completion claim in the message'
  const unchecked = claims.find(c => c.outcome === 'unchecked')
  if (unchecked) return `a claim may rest on a command hookjudge does not know, so the hook lets it through (${unchecked.type}: ${unchecked.evidence})`
  const backed = claims.find(c => c.outcome === 'supported') ?? claims[0]!
  return `every claim is backed or exempt (${backed.type}: ${backed.evidence})`
}

/** claim and claims_supported, for hooks that check claims: the text's claims against the turn's runs (kept for the record). */
function claimFacts (t: Turn): Facts | undefined {
  if (!t.evidence) return undefined
  const logged = t.evidence.facts
  // Replay: a record's facts (they hold `claim`, which no transcript read gives) decide as they did; a record from before
  // claims were checked backs its claim as that hook did, by a passing verification after the last edit or an exemption.
  if ('claim' in logged) return { claim: logged.claim === true, claims_supported: logged.claims_supported ?? (logged.verification_passed === true || logged.verification_exempt === true) }
  const checked = checkClaims(t.detected ??= findClaims(t.text), t.evidence.steps, t.evidence.facts.verification_exempt === true)
  const claims = [...checked, ...silentFailures(t.text, t.evidence.steps, checked)]
  const echoed = echoedEvidence(t.text, t.evidence.steps, claims)
  const named = echoed.length > 0 ? [] : namedFailures(t.text, t.evidence.steps, claims)
  t.claims = echoed.length > 0 ? echoed : named.length > 0 ? named : claims
  return { claim: t.claims.length > 0, claims_supported: t.claims.every(c => c.outcome !== 'unsupported') }
}

export async function factsStage (t: Turn, rt: Runtime): Promise<void> {
  const runs = pending(t)
  // Claude Code flushes its transcript every 100 ms: only a hook whose facts matter, and whose Layer 1 hit, waits for it.
  const factual = runs.some(r => needsFacts(r.hook))
  let behind = t.read.lagging === true
  if (behind && !t.flushWaited && factual) {
    t.flushWaited = true
    const again = await rt.transcripts.turnText(t.event, true, t.until)
    behind = again.lagging === true
    if (!behind && again.evidence) { t.evidence = again.evidence; delete t.evidenceNote }
  }
  // Still behind the message the hook reports on after the wait: what the agent ran last may not be written yet, so no
  // fact stands (a Stop fails open; a busy machine must not turn a slow write into "no tests ran").
  if (behind && t.flushWaited && factual) { delete t.evidence; t.evidenceNote = 'the transcript was still behind the last message after the flush wait' }
  const claimed = runs.some(r => r.hook.deterministic.includes('claims_supported')) ? claimFacts(t) : undefined
  for (const run of runs) {
    run.plan = planFacts(run.hook, t.evidence, t.evidenceNote, run.hook.deterministic.includes('claims_supported') ? claimed : undefined)
    const plan = run.plan
    if (plan.kind === 'unknown') settle(run, { decision: 'allow', source: 'fallback', failure: plan.failure })
    else if (plan.kind === 'decided') {
      const reason = !plan.block && run.hook.deterministic.includes('claims_supported') ? claimsAllowReason(t) : factsReason(t, rt)
      settle(run, { decision: plan.block ? blocking(t) : 'allow', source: 'layer1', wouldBlock: plan.block, facts: plan.facts, reason })
    } else if (plan.kind === 'ask' && plan.standing && !run.chain.some(b => b.unusable === null)) {
      // Facts that block on their own need no judge to stand: without a usable backend they decide (no fail-open allow).
      settle(run, { decision: blocking(t), source: 'layer1', wouldBlock: true, facts: plan.facts, reason: factsReason(t, rt) })
    }
  }
}
