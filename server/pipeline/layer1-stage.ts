/** Stage 2: Layer 1, once per hook: off, the tool gates' rules and transforms, then trigger / skip patterns (a Stop's on its final message). */
import { applyGate } from '../approvals/approval.js'
import { turnClass } from '../evidence/turn-class.js'
import { lastBytes } from '../judge/extract.js'
import { gate } from '../judge/layer1.js'
import { isStop } from './read-turn.js'
import type { Runtime } from '../core/runtime.js'
import { type HookRun, pending, settle, type Turn } from './turn.js'

const allow = (run: HookRun, result: 'miss' | 'skip') => settle(run, { decision: 'allow', source: result === 'miss' ? 'layer1' : 'skip' })

/** About the corpus's shortest tenth of replies (143 chars): a final message shorter than this rarely stands alone ("Done.
 * Click Retry."), so Layer 1 reads the whole turn it ends. */
export const MIN_FINAL_CHARS = 150

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
  return final.length >= MIN_FINAL_CHARS && t.text.trimEnd().endsWith(final) ? final : t.text
}

export async function layer1Stage (t: Turn, rt: Runtime): Promise<void> {
  const tool = t.event.event === 'PreToolUse' || t.event.event === 'PostToolUse'
  const unsure: HookRun[] = []
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
    // The turn's class (server/evidence/turn-class.ts) is looked at only for a score between the scorer's thresholds.
    let byClass = false
    const result = run.layer1 = gate(text, hook, () => { byClass = true; return turnClass(t.read) })
    if (result !== 'hit') allow(run, result)
    // A hit the turn's class decided, while the transcript is still behind the hook's last message: the rest may change it.
    else if (t.read.lagging && byClass) unsure.push(run)
  }
  if (unsure.length > 0) await readSettled(t, rt, unsure, text)
}

/** Claude Code flushes its transcript every 100 ms: a wait for it costs less than a model call, and only such hits pay it. */
async function readSettled (t: Turn, rt: Runtime, unsure: HookRun[], text: string): Promise<void> {
  // One wait a request: the facts stage, which waits for the same write, takes what this read found.
  t.flushWaited = true
  const again = await rt.transcripts.turnText(t.event, true, t.until)
  if (again.evidence) { t.read = again; t.evidence = again.evidence; delete t.evidenceNote }
  for (const run of unsure) if (gate(text, run.hook, () => turnClass(again)) === 'miss') allow(run, run.layer1 = 'miss')
}
