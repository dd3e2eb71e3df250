/** Stage 2: Layer 1, once per hook: off, the tool gates' rules and transforms, then trigger / skip patterns and scorers (a Stop's on its final message), decided for the turn (layer1/joint.ts). */
import { applyGate } from '../approvals/approval.js'
import { turnClass } from '../evidence/turn-class.js'
import { lastBytes } from '../judge/extract.js'
import { bestScore, relativeTo } from '../judge/layer1.js'
import { jointApplies, turnHits } from '../layer1/joint.js'
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

/** score: the hook's best score (layer1.ts bestScore), kept so that a settled read only re-reads the turn's class. */
interface Scored { run: HookRun, score: number | 'miss' | 'skip', rel: number | null, byClass: boolean }

export async function layer1Stage (t: Turn, rt: Runtime): Promise<void> {
  const tool = t.event.event === 'PreToolUse' || t.event.event === 'PostToolUse'
  // PostToolUse transforms compose in config order: each hook sees the output the previous one left.
  let output = t.event.toolResponse
  const text = layer1Text(t, rt.config.judge.maxTextBytes)
  // The hooks whose Layer 1 reads this text: a scorer's joint factors hold only when all it was chosen with are here.
  const present = new Set(pending(t).filter(r => r.hook.mode !== 'off').map(r => r.hook.name))
  const scored: Scored[] = []
  for (const run of pending(t)) {
    const { hook } = run
    if (hook.mode === 'off') { settle(run, { decision: 'allow', source: 'off' }); continue }
    if (tool) {
      const gated = await applyGate(hook, { ...t.event, toolResponse: output }, rt.gates)
      if (gated.updatedOutput !== undefined) output = t.updatedOutput = run.updatedOutput = gated.updatedOutput
      if (gated.decided) { settle(run, gated.decided); continue }
    }
    // The turn's class (server/evidence/turn-class.ts) is looked at only for a score it could move across a bound.
    const score = bestScore(text, hook)
    const entry: Scored = { run, score, rel: null, byClass: false }
    if (typeof score === 'number') entry.rel = relativeTo(score, hook.scorer, () => { entry.byClass = true; return turnClass(t.read) }, rangeOf(run, present))
    scored.push(entry)
  }
  const hits = decideTurn(scored, present)
  // A hit the turn's class decided, while the transcript is still behind the hook's last message: the rest may change it.
  if (t.read.lagging && !t.flushWaited && hits.length > 0 && scored.some(e => e.byClass)) await readSettled(t, rt, scored, hits, present)
}

const standings = (list: readonly Scored[]) => list.map(e => ({ rel: e.rel, joint: e.run.hook.scorer?.joint }))

function rangeOf (run: HookRun, present: ReadonlySet<string>): [number, number] {
  const joint = run.hook.scorer?.joint
  return jointApplies(joint, present) ? [joint.joins, joint.alone] : [1, 1]
}

/** Settles every scored hook that does not go to the judge (joint.ts turnHits) and returns those that do. */
function decideTurn (scored: readonly Scored[], present: ReadonlySet<string>): Scored[] {
  const goes = turnHits(standings(scored), present)
  const hits: Scored[] = []
  scored.forEach((e, i) => {
    const result = goes[i] ? 'hit' : e.score === 'skip' ? 'skip' : 'miss'
    e.run.layer1 = result
    if (result === 'hit') hits.push(e)
    else allow(e.run, result)
  })
  return hits
}

/** Claude Code flushes its transcript every 100 ms: a wait for it costs less than a model call, and only such hits pay it. */
async function readSettled (t: Turn, rt: Runtime, scored: Scored[], hits: Scored[], present: ReadonlySet<string>): Promise<void> {
  // One wait a request: the facts stage, which waits for the same write, takes what this read found.
  t.flushWaited = true
  const again = await rt.transcripts.turnText(t.event, true, t.until)
  if (again.evidence) { t.read = again; t.evidence = again.evidence; delete t.evidenceNote }
  const rescored = scored.map(e => ({ ...e, rel: typeof e.score === 'number' ? relativeTo(e.score, e.run.hook.scorer, () => turnClass(again), rangeOf(e.run, present)) : null }))
  const goes = turnHits(standings(rescored), present)
  // The settled read can only withdraw a hit: a hook already allowed was answered for.
  for (const e of hits) if (!goes[scored.indexOf(e)]) allow(e.run, e.run.layer1 = 'miss')
}
