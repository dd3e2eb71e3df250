/** The decision records of one request: one per hook, sharing the request's `turn` key; built off the hot path. */
import { buildRecord, type DecisionRecord, sha256 } from '../core/record.js'
import type { Runtime } from '../core/runtime.js'
import { turnClass } from '../evidence/turn-class.js'
import type { Turn } from './turn.js'

export function turnRecords (t: Turn, rt: Runtime, ms: number, ts: Date): DecisionRecord[] {
  // Layer-1 misses never redacted their text: it happens here, once, after the answer.
  const redacted = t.redacted ?? rt.redact(t.text)
  const text = { bytes: Buffer.byteLength(t.text), redacted, sha256: sha256(redacted.text) }
  const cls = t.read.evidence ? turnClass(t.read) : undefined
  const claims = t.claims?.map(c => ({ type: c.type, text: rt.redact(c.text).text, outcome: c.outcome, evidence: rt.redact(c.evidence).text }))
  return t.runs.map(run => buildRecord({
    hook: run.hook,
    agent: t.adapter.name,
    event: t.event.event,
    sessionId: t.event.sessionId,
    // The turn's facts go with every record that had them: replay re-judges evidence hooks on them.
    decision: t.evidence && !run.final!.facts ? { ...run.final!, facts: t.evidence.facts } : run.final!,
    text,
    turn: t.id,
    ...(cls ? { turnClass: cls } : {}),
    ...(claims && run.hook.deterministic.includes('claims_supported') ? { claims } : {}),
    ms,
    ts
  }, rt.config.decisionLog.text === 'redacted'))
}
