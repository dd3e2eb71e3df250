/** The judge as one pipeline: read → Layer 1 → facts → redact → prompt → ask → verdicts → mode → loop guard → answer. */
import type { Outcome } from '../agents/event.js'
import type { DecisionRecord } from '../core/record.js'
import type { Runtime } from '../core/runtime.js'
import { agentAnswer } from './agent-answer.js'
import { askStage } from './ask-stage.js'
import { factsStage } from './facts-stage.js'
import { layer1Stage } from './layer1-stage.js'
import { loopStage } from './loop-stage.js'
import { modeStage } from './mode-stage.js'
import { promptStage } from './prompt-stage.js'
import { readTurn, type TurnRequest } from './read-turn.js'
import { turnRecords } from './records.js'
import { redactStage } from './redact-stage.js'
import { pending, type Turn } from './turn.js'
import { verdictStage } from './verdict-stage.js'

export type Stage = (t: Turn, rt: Runtime) => void | Promise<void>

/** The stages that decide: each settles some hooks (a final decision) and passes the rest on. */
export const DECIDING: readonly Stage[] = [layer1Stage, factsStage, redactStage, promptStage, askStage, verdictStage]
/** The stages that review every decision: shadow mode, then the loop governor (it must see every decision). */
export const REVIEWING: readonly Stage[] = [modeStage, loopStage]

export interface Judged {
  turn: Turn
  outcome: Outcome
  output: Record<string, unknown>
  /** The decision records; call it after the answer is sent (it may redact). */
  records: () => DecisionRecord[]
}

/** Runs a turn through the given stages (eval and replay leave the loop guard out: a corpus row is no conversation). */
export async function runStages (t: Turn, rt: Runtime, stages: readonly Stage[] = [...DECIDING, ...REVIEWING]): Promise<Turn> {
  for (const stage of stages) {
    if (DECIDING.includes(stage) && pending(t).length === 0) continue
    await stage(t, rt)
  }
  return t
}

export async function judgeTurn (rt: Runtime, req: TurnRequest): Promise<Judged> {
  const turn = await runStages(await readTurn(rt, req), rt)
  const { outcome, output } = await agentAnswer(turn, rt)
  const ms = performance.now() - req.started
  const ts = new Date(rt.clock.now())
  return { turn, outcome, output, records: () => turnRecords(turn, rt, ms, ts) }
}
