/** labels.jsonl beside the decision log: what a person said a decision should have been, with the text redacted. */
import { appendFile, chmod, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Label } from '../eval/corpus.js'
import { TURN_CLASSES, type TurnClass } from '../evidence/turn-class.js'
import type { Redactor } from '../redact/redact.js'
import { type DecisionRecord, sha256 } from '../core/record.js'
import { readSmallFile } from '../core/safe-file.js'

export type Given = Label | 'clear'

export interface LabelRow {
  /** When the label was given. */
  ts: string
  decisionId: string
  decisionTs: string
  hook: string
  agent: string
  sessionId: string
  turn?: string
  /** What the judge decided then, as block or allow (deny, ask and shadow would-blocks count as block). */
  judged: Label
  label: Given
  decision: string
  source: string
  textSha256: string
  /** The judged text with secrets masked; absent when the decision log kept no text (decisionLog.text: none). */
  text?: string
  /** The turn's class then (server/evidence/turn-class.ts), where the record has it: train's class thresholds. */
  turnClass?: TurnClass
  /** Whose decision it was (the record's `user`, server.tokensFile). */
  user?: string
  /** Who gave the label (server.tokensFile); absent on a daemon without one. */
  by?: string
}

// Records written before the pipeline (one request, one `turn`) have none.
const turnOf = (r: DecisionRecord): { turn?: string } => {
  const turn = (r as { turn?: unknown }).turn
  return typeof turn === 'string' ? { turn } : {}
}

export const labelsPath = (dir: string) => join(dir, 'labels.jsonl')

export const judgedAs = (r: Pick<DecisionRecord, 'decision' | 'wouldBlock'>): Label =>
  r.decision === 'allow' && !r.wouldBlock ? 'allow' : 'block'

export function labelRow (id: string, r: DecisionRecord, label: Given, redact: Redactor, now: Date, by?: string): LabelRow {
  // Masked again here: the label file must never hold a secret, whatever redactor wrote the log line.
  const text = typeof r.text === 'string' ? redact(r.text).text : undefined
  return {
    ts: now.toISOString(),
    decisionId: id,
    decisionTs: r.ts,
    hook: r.hook,
    agent: r.agent,
    sessionId: r.sessionId,
    ...turnOf(r),
    judged: judgedAs(r),
    label,
    decision: r.decision,
    source: r.source,
    textSha256: text === undefined ? r.textSha256 : sha256(text),
    ...(text === undefined ? {} : { text }),
    // A log line is read back from disk: only a class the daemon writes is kept.
    ...(TURN_CLASSES.includes(r.turnClass!) ? { turnClass: r.turnClass } : {}),
    ...(typeof r.user === 'string' ? { user: r.user } : {}),
    ...(by === undefined ? {} : { by })
  }
}

export async function appendLabel (dir: string, row: LabelRow): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await appendFile(labelsPath(dir), JSON.stringify(row) + '\n', { mode: 0o600 })
  // appendFile's mode applies only when it creates the file: keep an existing one private too.
  await chmod(labelsPath(dir), 0o600)
}

/** Labels are a few hundred bytes each: far more than anyone gives by hand, and a bound on one request's read. */
const MAX_LABELS_BYTES = 64 << 20

/** The labels in force: the last one given per decision wins, and "clear" takes a label back. Oldest first. */
export async function readLabels (dir: string): Promise<LabelRow[]> {
  const read = await readSmallFile(labelsPath(dir), MAX_LABELS_BYTES)
  return foldLabels(typeof read === 'string' ? [] : read.text.split('\n'))
}

/** Label lines in the order given, as the labels in force. */
export function foldLabels (lines: readonly string[]): LabelRow[] {
  const last = new Map<string, LabelRow>()
  for (const line of lines) {
    if (line.trim() === '') continue
    try {
      const row = JSON.parse(line) as LabelRow
      if (typeof row.decisionId !== 'string' || typeof row.hook !== 'string') continue
      last.delete(row.decisionId)
      last.set(row.decisionId, row)
    } catch {
      // A line that is not JSON was not written by the page: skip it.
    }
  }
  return [...last.values()].filter(r => r.label === 'block' || r.label === 'allow')
}

export interface Agreement { agree: number, disagree: number }

/** Per hook: labels that agree and disagree with what the judge decided. */
export function agreement (rows: LabelRow[]): Record<string, Agreement> {
  const out: Record<string, Agreement> = {}
  for (const r of rows) {
    const a = (out[r.hook] ??= { agree: 0, disagree: 0 })
    if (r.label === r.judged) a.agree++
    else a.disagree++
  }
  return out
}
