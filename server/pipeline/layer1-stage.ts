/** Stage 2: Layer 1, once per hook: off, the tool gates' rules and transforms, then trigger / skip patterns on the judge text. */
import { applyGate } from '../approvals/approval.js'
import { turnKind } from '../evidence/turn-kind.js'
import { gate } from '../judge/layer1.js'
import type { Runtime } from '../core/runtime.js'
import { type HookRun, pending, settle, type Turn } from './turn.js'

const allow = (run: HookRun, result: 'miss' | 'skip') => settle(run, { decision: 'allow', source: result === 'miss' ? 'layer1' : 'skip' })

export async function layer1Stage (t: Turn, rt: Runtime): Promise<void> {
  const tool = t.event.event === 'PreToolUse' || t.event.event === 'PostToolUse'
  const quiet = turnKind(t.read) === 'quiet'
  // Hits that a quiet turn would let through, while the transcript is still behind the hook's last message.
  const unsure: HookRun[] = []
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
    const result = run.layer1 = gate(t.text, hook, quiet)
    if (result !== 'hit') allow(run, result)
    else if (t.read.lagging && hook.scorer?.quietThreshold !== undefined && gate(t.text, hook, true) === 'miss') unsure.push(run)
  }
  if (unsure.length > 0) await readSettled(t, rt, unsure)
}

/** Claude Code flushes its transcript every 100 ms: a wait for it costs less than a model call, and only such hits pay it. */
async function readSettled (t: Turn, rt: Runtime, unsure: HookRun[]): Promise<void> {
  // One wait a request: the facts stage, which waits for the same write, takes what this read found.
  t.flushWaited = true
  const again = await rt.transcripts.turnText(t.event, true, t.until)
  if (again.evidence) { t.read = again; t.evidence = again.evidence; delete t.evidenceNote }
  if (turnKind(again) !== 'quiet') return
  for (const run of unsure) allow(run, run.layer1 = 'miss')
}
