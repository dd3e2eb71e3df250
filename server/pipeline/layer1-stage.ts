/** Stage 2: Layer 1, once per hook: off, the tool gates' rules and transforms, then trigger / skip patterns and scorers (a Stop's on its final message). */
import { applyGate } from '../approvals/approval.js'
import { findClaims } from '../evidence/claims.js'
import { mayClaim } from '../evidence/silent-failure.js'
import { lastBytes } from '../judge/extract.js'
import { gate } from '../judge/layer1.js'
import { isStop, standsAlone } from './read-turn.js'
import type { Runtime } from '../core/runtime.js'
import { type HookRun, pending, settle, type Turn } from './turn.js'

const allow = (run: HookRun, result: 'miss' | 'skip') => settle(run, { decision: 'allow', source: result === 'miss' ? 'layer1' : 'skip' })

/**
 * What Layer 1 reads on a Stop: the message the agent ended its turn with, the text the corpus labels and the scorers'
 * thresholds were chosen on, not the turn's narration before it ("Let me fix this:"), which the scorers never saw and
 * which sent ordinary turns on. The judge still reads the whole turn.
 */
export function layer1Text (t: Turn, maxBytes: number): string {
  if (!isStop(t.event)) return t.text
  const final = lastBytes(t.event.text.trim(), maxBytes)
  // Only where the judged text ends with it: after a block it is the new text's end, and a message the agent was already
  // told about (nothing new written since) is not read again.
  return standsAlone(final) && t.text.trimEnd().endsWith(final) ? final : t.text
}

export async function layer1Stage (t: Turn, rt: Runtime): Promise<void> {
  const tool = t.event.event === 'PreToolUse' || t.event.event === 'PostToolUse'
  // PostToolUse transforms compose in config order: each hook sees the output the previous one left.
  let output = t.event.toolResponse
  const text = layer1Text(t, rt.config.judge.maxTextBytes)
  for (const run of pending(t)) {
    const { hook } = run
    if (hook.mode === 'off') { settle(run, { decision: 'allow', source: 'off' }); continue }
    if (tool) {
      const gated = await applyGate(hook, { ...t.event, toolResponse: output }, rt.gates)
      if (gated.updatedOutput !== undefined) output = t.updatedOutput = run.updatedOutput = gated.updatedOutput
      if (gated.decided) { settle(run, gated.decided); continue }
    }
    // A hook that checks claims against the turn: the claim detector (and a success said in any wording) is its Layer 1 as
    // much as its triggers are, so nothing the facts could block is let through unread because the trigger list lacks it.
    const gated = gate(text, hook)
    const result = gated === 'miss' && hook.deterministic.includes('claims_supported') && mayClaim(t.text, () => (t.detected ??= findClaims(t.text))) ? 'hit' : gated
    run.layer1 = result
    if (result !== 'hit') allow(run, result)
  }
}
