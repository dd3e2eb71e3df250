/** Stage 4: redact: the judge text and the evidence summary lose their secrets once, for every hook of the request. */
import { summarize } from '../evidence/summary.js'
import type { Runtime } from '../core/runtime.js'
import { pending, type Turn } from './turn.js'

export function redactStage (t: Turn, rt: Runtime): void {
  if (pending(t).length === 0) return
  const red = rt.redact(t.text)
  const summary = t.evidence && summarize(t.evidence, rt.redact)
  const counts = { ...red.counts }
  for (const [k, n] of Object.entries(summary?.counts ?? {})) counts[k] = (counts[k] ?? 0) + n
  t.redacted = { text: red.text, counts }
  if (summary) t.summary = summary
}
