/** The decision record (contract): one `judge` output line, one line of the daily decision log. */
import { createHash } from 'node:crypto'
import type { AgentName, Decision, EventName } from '../agents/event.js'
import type { HookPolicy } from '../config/config-schema.js'
import type { TurnClass } from '../evidence/turn-class.js'
import type { Redaction } from '../redact/redact.js'
import type { HookDecision, Source } from '../pipeline/turn.js'

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

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
  /** Shared by the records of one request (one agent event). */
  turn: string
  /** Who asked: the person of server.tokensFile whose token the request carried (never a metric label). */
  user?: string
  /** Deterministic facts of the turn read from the transcript (server/evidence/), when it gave them: replay and eval score them. */
  facts?: Record<string, boolean>
  /** The turn's class as Layer 1's thresholds read it (server/evidence/turn-class.ts), where its transcript told it:
   * replay and the labels' corpus carry it, so that they apply what the live turn did. */
  turnClass?: TurnClass
  failure?: string
  /** Estimated USD of the judge calls this decision made (backends with a configured price only). */
  costUsd?: number
  /** The loop governor's note when it turned a block into an allow: "loop" (too many in a row) or "repeat" (same text). */
  guard?: 'loop' | 'repeat'
  /** The gate rule that decided (its id or index), or "self-protect" (server/approvals/approval.ts). */
  rule?: string
  /** The judged text with secrets masked; only when decisionLog.text is "redacted". */
  text?: string
  /** Evidence hooks: each completion claim of the text, its type, and what it was checked against (masked). */
  claims?: RecordClaim[]
}

/** One claim span: its text only when decisionLog.text is "redacted" (the text is the agent's), masked like it. */
export interface RecordClaim { type: string, text?: string, outcome: string, evidence: string }

export interface RecordInput {
  hook: HookPolicy
  agent: AgentName
  event: EventName
  sessionId: string
  decision: HookDecision
  /** The judge text's size and its redaction (masked text, its sha256, counts): shared by every record of a request. */
  text: { bytes: number, redacted: Redaction, sha256: string }
  turn: string
  turnClass?: TurnClass
  claims?: RecordClaim[]
  /** The whole request at the daemon, transcript read and waits included. */
  ms: number
  ts: Date
}

export function buildRecord (r: RecordInput, keepText: boolean): DecisionRecord {
  const d = r.decision
  const out: DecisionRecord = {
    ts: r.ts.toISOString(),
    hook: r.hook.name,
    agent: r.agent,
    event: r.event,
    sessionId: r.sessionId,
    decision: d.decision,
    source: d.source,
    wouldBlock: d.wouldBlock,
    fields: d.fields ?? null,
    reason: d.reason ?? null,
    backend: d.backend ?? null,
    model: d.model ?? null,
    ms: Math.round(r.ms * 1000) / 1000,
    textSha256: r.text.sha256,
    textBytes: r.text.bytes,
    redactions: r.text.redacted.counts,
    promptVersion: r.hook.promptVersion,
    turn: r.turn
  }
  // After the contract's keys, so their order stays as documented; assigned, not spread (six records a turn).
  if (d.facts) out.facts = d.facts
  if (r.turnClass) out.turnClass = r.turnClass
  if (d.failure) out.failure = d.failure
  const cost = costOf(d.attempts)
  if (cost !== undefined) out.costUsd = cost
  if (d.guard) out.guard = d.guard
  if (keepText) out.text = r.text.redacted.text
  if (d.rule !== undefined) out.rule = d.rule
  if (r.claims) out.claims = keepText ? r.claims : r.claims.map(({ text: _text, ...c }) => c)
  return out
}

/** Sum of the priced attempts' cost, rounded to a millionth of a dollar; nothing when no attempt was priced. */
function costOf (attempts: HookDecision['attempts']): number | undefined {
  const priced = attempts.filter(a => a.costUsd !== undefined)
  return priced.length > 0 ? Math.round(priced.reduce((n, a) => n + a.costUsd!, 0) * 1e6) / 1e6 : undefined
}
