/** Replay arithmetic: decision-log lines → what can be re-judged, and re-judged verdicts → changes and totals; pure. */
import { AGENTS, type AgentName, type Decision, EVENTS, type EventName } from '../agents/event.js'
import type { HookPolicy } from '../config/config-schema.js'
import type { Facts } from '../evidence/facts.js'
import { TURN_CLASSES, type TurnClass } from '../evidence/turn-class.js'
import type { HookDecision } from '../pipeline/turn.js'

export interface LoggedRecord {
  where: string
  ts: string
  hook: string
  agent: AgentName
  event?: EventName
  sessionId: string
  decision: Decision
  source: string
  text?: string
  /** The deterministic facts the decision used (evidence hooks): replayed as they were, the transcript being gone. */
  facts?: Facts
  /** The turn's class then (server/evidence/turn-class.ts): Layer 1's threshold for it applies again. */
  turnClass?: TurnClass
}

export interface Skipped { noText: number, unknownHook: number, guard: number, toolCall: number, invalid: number }
export interface Job { rec: LoggedRecord, hook: HookPolicy }
export interface Rejudged { rec: LoggedRecord, after: Decision, judged: HookDecision }

export interface Change {
  ts: string, hook: string, sessionId: string, before: Decision, after: Decision, beforeSource: string, afterSource: string, reason: string, text: string, where: string
}
export interface Totals { n: number, judged: number, unchanged: number, changed: number, skipped: Skipped, transitions: Record<string, number> }

const DECISIONS: readonly string[] = ['allow', 'block', 'deny', 'ask']
const str = (v: unknown) => typeof v === 'string' ? v : ''

/** One record per valid line; lines that are not decision records are counted, not fatal. */
export function parseLog (jsonl: string, file: string): { records: LoggedRecord[], invalid: number } {
  const records: LoggedRecord[] = []
  let invalid = 0
  jsonl.split('\n').forEach((line, i) => {
    if (line.trim() === '') return
    let v: Record<string, unknown>
    try {
      v = JSON.parse(line)
    } catch {
      invalid++
      return
    }
    if (typeof v !== 'object' || v === null || typeof v.hook !== 'string' || !DECISIONS.includes(str(v.decision))) { invalid++; return }
    records.push({
      where: `${file}:${i + 1}`,
      ts: str(v.ts),
      hook: v.hook,
      agent: AGENTS.includes(v.agent as AgentName) ? v.agent as AgentName : 'claude-code',
      event: EVENTS.includes(v.event as EventName) ? v.event as EventName : undefined,
      sessionId: str(v.sessionId),
      decision: v.decision as Decision,
      source: str(v.source),
      text: typeof v.text === 'string' ? v.text : undefined,
      facts: booleanMap(v.facts),
      ...(TURN_CLASSES.includes(v.turnClass as TurnClass) ? { turnClass: v.turnClass as TurnClass } : {})
    })
  })
  return { records, invalid }
}

/** Which records can be re-judged under the current hooks; the rest are counted by why not. */
export function plan (records: LoggedRecord[], hooks: Record<string, HookPolicy>, invalid: number): { jobs: Job[], skipped: Skipped } {
  const skipped: Skipped = { noText: 0, unknownHook: 0, guard: 0, toolCall: 0, invalid }
  const jobs: Job[] = []
  for (const rec of records) {
    const hook = Object.hasOwn(hooks, rec.hook) ? hooks[rec.hook] : undefined
    if (rec.text === undefined) skipped.noText++
    else if (!hook) skipped.unknownHook++
    // A guard's verdict came from the session's history (e.g. the loop governor), not from the text: not replayable.
    else if (rec.source === 'guard') skipped.guard++
    // A tool call's matcher and rules read the tool input, which the log does not keep: only the text is replayable.
    else if (rec.event === 'PreToolUse' || rec.event === 'PostToolUse' || hook.event === 'PreToolUse' || hook.event === 'PostToolUse') skipped.toolCall++
    else jobs.push({ rec, hook })
  }
  return { jobs, skipped }
}

export function why (j: HookDecision): string {
  if (j.reason) return j.reason
  if (j.failure) return `fail mode: ${j.failure}`
  if (j.source === 'layer1') return 'Layer 1: no trigger matched'
  if (j.source === 'skip') return 'Layer 1: a skip pattern matched'
  return j.source === 'off' ? 'the hook is off' : ''
}

export function summarise (results: Rejudged[], skipped: Skipped): { totals: Totals, changes: Change[] } {
  const changes: Change[] = results.filter(r => r.after !== r.rec.decision).map(({ rec, after, judged }) => ({
    ts: rec.ts,
    hook: rec.hook,
    sessionId: rec.sessionId,
    before: rec.decision,
    after,
    beforeSource: rec.source,
    afterSource: judged.source,
    reason: why(judged),
    text: (rec.text ?? '').slice(0, 100),
    where: rec.where
  }))
  const transitions: Record<string, number> = {}
  for (const c of changes) transitions[`${c.before} → ${c.after}`] = (transitions[`${c.before} → ${c.after}`] ?? 0) + 1
  const skips = Object.values(skipped).reduce((a, b) => a + b, 0)
  return {
    totals: { n: results.length + skips, judged: results.length, unchanged: results.length - changes.length, changed: changes.length, skipped, transitions },
    changes
  }
}

function booleanMap (v: unknown): Facts | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined
  const entries = Object.entries(v).filter((e): e is [string, boolean] => typeof e[1] === 'boolean')
  return entries.length > 0 ? Object.fromEntries(entries) : undefined
}
