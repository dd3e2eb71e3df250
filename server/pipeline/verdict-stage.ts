/** Stage 7: verdicts: each hook's answer through its block formula (facts merged in), or its fail mode when it has none. */
import { contradicted, mergedBlock } from '../evidence/plan.js'
import { blockFormula } from '../judge/verdict.js'
import type { Runtime } from '../core/runtime.js'
import { factsReason } from './facts-stage.js'
import { blocking, type HookRun, pending, settle, type Turn } from './turn.js'

function judged (t: Turn, rt: Runtime, run: HookRun): void {
  const answer = run.answer!
  if (!answer.ok) return
  const { hook, plan } = run
  const { fields, backend, model } = answer.verdict
  let reason = answer.verdict.reason
  let block = blockFormula(fields, hook.blockWhen)
  if (plan?.kind === 'ask') {
    block = mergedBlock(hook, fields, plan.facts)
    if (block) reason = reason ? `${factsReason(t, rt)}; judge: ${reason}` : factsReason(t, rt)
  } else if (contradicted(hook, fields, t.evidence)) {
    block = blockFormula({ ...fields, verification_reported: false }, hook.blockWhen)
    if (block) reason = `the verification it reports is contradicted by the transcript: ${factsReason(t, rt)}`
  }
  settle(run, {
    decision: block ? blocking(t) : 'allow',
    source: answer.lookup === 'hit' ? 'cache' : 'judge',
    wouldBlock: block,
    fields,
    ...(plan?.kind === 'ask' ? { facts: plan.facts } : {}),
    reason,
    backend,
    model,
    cache: answer.lookup,
    attempts: answer.attempts
  })
}

function failed (t: Turn, rt: Runtime, run: HookRun): void {
  const answer = run.answer
  const common = { attempts: answer?.attempts ?? [], failure: answer && !answer.ok ? answer.failure : 'not asked', ...(answer?.lookup ? { cache: answer.lookup } : {}) }
  // The judge could only have turned the facts' block into an allow: failing, it leaves that block standing.
  if (run.plan?.kind === 'ask' && run.plan.standing) {
    settle(run, { ...common, decision: blocking(t), source: 'layer1', wouldBlock: true, facts: run.plan.facts, reason: factsReason(t, rt) })
    return
  }
  settle(run, { ...common, decision: run.hook.failMode === 'safe' ? 'ask' : 'allow', source: 'fallback' })
}

export function verdictStage (t: Turn, rt: Runtime): void {
  for (const run of pending(t)) {
    if (run.answer?.ok) judged(t, rt, run)
    else failed(t, rt, run)
  }
}
