/** The judge as one pipeline: read → Layer 1 → facts → redact → prompt → ask → verdicts → mode → loop guard → answer. */
import type { Outcome } from '../agents/event.js'
import type { DecisionRecord } from '../core/record.js'
import type { Deadline } from '../core/clock.js'
import type { Runtime } from '../core/runtime.js'
import { agentAnswer } from './agent-answer.js'
import { askStage } from './ask-stage.js'
import { factsStage } from './facts-stage.js'
import { layer1Stage } from './layer1-stage.js'
import { loopNow, loopStage } from './loop-stage.js'
import { modeStage } from './mode-stage.js'
import { promptStage } from './prompt-stage.js'
import { type Opened, openTurn, readTurn, startTurn, type TurnRequest } from './read-turn.js'
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

/**
 * Runs a turn through the given stages (eval and replay leave the loop guard out: a corpus row is no conversation).
 * go: asked before each stage; false stops the run there (the request was answered without it).
 */
export async function runStages (t: Turn, rt: Runtime, stages: readonly Stage[] = [...DECIDING, ...REVIEWING], go: (s: Stage) => boolean = () => true): Promise<Turn> {
  for (const stage of stages) {
    if (DECIDING.includes(stage) && pending(t).length === 0) continue
    if (!go(stage)) break
    await stage(t, rt)
  }
  return t
}

/** How far one request's work got: what the deadline's answer is built from. */
interface Progress { opened?: Opened, turn?: Turn, stage?: Stage, answered: boolean }

function judged (rt: Runtime, req: TurnRequest, turn: Turn, answer: Pick<Judged, 'outcome' | 'output'>): Judged {
  const ms = rt.clock.now() - req.started
  const ts = new Date(rt.clock.wall())
  return { turn, ...answer, records: () => turnRecords(turn, rt, ms, ts) }
}

async function decide (rt: Runtime, req: TurnRequest, p: Progress): Promise<Judged | undefined> {
  p.opened = openTurn(rt, req)
  const turn = p.turn = await readTurn(rt, req, p.opened)
  await runStages(turn, rt, undefined, (stage) => { p.stage = stage; return !p.answered })
  if (p.answered) return undefined
  return judged(rt, req, turn, await agentAnswer(turn, rt))
}

/**
 * The answer at the deadline, from what was decided by then: every other hook gets its fail mode. Nothing in it waits
 * (no file, no backend, no shared state), so a hung transcript read or a queued backend call cannot hold it.
 */
async function atDeadline (rt: Runtime, req: TurnRequest, p: Progress): Promise<Judged> {
  const { adapter, event, hooks } = p.opened!
  // The work goes on mutating its own turn; the answer is built on a copy of the runs as they stood.
  const t: Turn = p.turn
    ? { ...p.turn, runs: p.turn.runs.map(r => ({ ...r })) }
    : startTurn(rt, adapter, event, hooks, { text: event.text, source: 'message', note: 'unreadable' }, req.started)
  const failure = `deadline of ${rt.config.judge.deadlineMs} ms passed`
  for (const run of pending(t)) run.answer ??= { ok: false, failure, attempts: [] }
  verdictStage(t, rt)
  modeStage(t)
  // Once the loop stage began, the governor has seen these decisions; seeing them twice would count a block twice.
  if (p.stage !== loopStage) loopNow(t, rt)
  return judged(rt, req, t, await agentAnswer(t, rt, false))
}

export function judgeTurn (rt: Runtime, req: TurnRequest): Promise<Judged> {
  const p: Progress = { answered: false }
  const work = decide(rt, req, p)
  return new Promise<Judged>((resolve, reject) => {
    let done = false
    let deadline: Deadline | undefined
    work.then(j => { done = true; deadline?.clear(); if (j) resolve(j) }, err => { done = true; deadline?.clear(); if (!p.answered) reject(err) })
    // A deadline can pass only while the work waits on a file, a backend or shared state, and none of them answers
    // before this check: a request decided without waiting (a Layer-1 miss with no transcript to read) arms none. Its
    // timer and promises were ~25 µs of daemon CPU a request at 16 clients.
    setImmediate(() => {
      if (done) return
      deadline = rt.deadline(req.started + rt.config.judge.deadlineMs)
      deadline.passed.then(() => {
        if (done) return
        p.answered = true
        // Work left running ends at its next stage, unseen: a late error of it is no answer's.
        atDeadline(rt, req, p).then(resolve, reject)
      }, () => {})
    })
  })
}
