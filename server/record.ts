/** The decision record (contract): one `judge` output line, one line of the daily decision log. */
import type { AgentName, Decision, EventName } from './agents/event.js'
import type { HookPolicy } from './config-schema.js'
import { type Judged, sha256, type Source } from './judge/judge.js'
import type { Redactor } from './judge/redact.js'

export interface DecisionRecord {
  ts: string
  hook: string
  agent: AgentName
  event: EventName
  sessionId: string
  decision: Decision
  source: Source
  wouldBlock: boolean
  fields: Record<string, boolean> | null
  reason: string | null
  backend: string | null
  model: string | null
  ms: number
  textSha256: string
  textBytes: number
  redactions: Record<string, number>
  promptVersion: string
  /** Deterministic facts of the turn read from the transcript (server/evidence/), when it gave them: replay and eval score them. */
  facts?: Record<string, boolean>
  failure?: string
  /** Estimated USD of the judge calls this decision made (backends with a configured price only). */
  costUsd?: number
  /** The loop governor's note when it turned a block into an allow: "loop" (too many in a row) or "repeat" (same text). */
  guard?: 'loop' | 'repeat'
  /** The gate rule that decided (its id or index), or "self-protect" (server/gates/gate.ts). */
  rule?: string
  /** The judged text with secrets masked; only when decisionLog.text is "redacted". */
  text?: string
}

export interface RecordInput {
  hook: HookPolicy
  agent: AgentName
  event: EventName
  sessionId: string
  decision: Decision
  judged: Judged
  ts: Date
}

/** Builds the record; redacts the text here when the judge did not need to (Layer-1 misses), off the hot path. */
export function buildRecord (r: RecordInput, redact: Redactor, keepText: boolean): DecisionRecord {
  const { judged } = r
  const red = judged.redacted ?? redact(judged.text)
  return {
    ts: r.ts.toISOString(),
    hook: r.hook.name,
    agent: r.agent,
    event: r.event,
    sessionId: r.sessionId,
    decision: r.decision,
    source: judged.source,
    wouldBlock: judged.wouldBlock,
    fields: judged.fields ?? null,
    reason: judged.reason ?? null,
    backend: judged.backend ?? null,
    model: judged.model ?? null,
    ms: Math.round(judged.ms * 1000) / 1000,
    textSha256: sha256(red.text),
    textBytes: Buffer.byteLength(judged.text),
    redactions: red.counts,
    promptVersion: r.hook.promptVersion,
    // After the contract's keys, so their order stays as documented.
    ...(judged.facts ? { facts: judged.facts } : {}),
    ...(judged.failure ? { failure: judged.failure } : {}),
    ...costOf(judged.attempts),
    ...(judged.guard ? { guard: judged.guard } : {}),
    ...(keepText ? { text: red.text } : {})
  }
}

/** Sum of the priced attempts' cost, rounded to a millionth of a dollar; nothing when no attempt was priced. */
function costOf (attempts: Judged['attempts']): { costUsd?: number } {
  const priced = attempts.filter(a => a.costUsd !== undefined)
  return priced.length > 0 ? { costUsd: Math.round(priced.reduce((n, a) => n + a.costUsd!, 0) * 1e6) / 1e6 } : {}
}
