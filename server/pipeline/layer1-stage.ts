/** Stage 2: Layer 1, once per hook: off, the tool gates' rules and transforms, then trigger / skip patterns on the judge text. */
import { applyGate } from '../approvals/approval.js'
import { gate } from '../judge/layer1.js'
import type { Runtime } from '../core/runtime.js'
import { pending, settle, type Turn } from './turn.js'

export async function layer1Stage (t: Turn, rt: Runtime): Promise<void> {
  const tool = t.event.event === 'PreToolUse' || t.event.event === 'PostToolUse'
  // PostToolUse transforms compose in config order: each hook sees the output the previous one left.
  let output = t.event.toolResponse
  for (const run of pending(t)) {
    const { hook } = run
    if (hook.mode === 'off') { settle(run, { decision: 'allow', source: 'off' }); continue }
    if (tool) {
      const gated = await applyGate(hook, { ...t.event, toolResponse: output }, rt.gates)
      if (gated.updatedOutput !== undefined) output = t.updatedOutput = run.updatedOutput = gated.updatedOutput
      if (gated.decided) { settle(run, gated.decided); continue }
    }
    const result = run.layer1 = gate(t.text, hook)
    if (result !== 'hit') settle(run, { decision: 'allow', source: result === 'miss' ? 'layer1' : 'skip' })
  }
}
