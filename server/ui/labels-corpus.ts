/** Labels as eval corpus rows ({"id","text","labels"}): one row per distinct text, every hook labelled on it; pure. */
import type { CorpusRow, Label } from '../eval/corpus.js'
import type { TurnClass } from '../evidence/turn-class.js'
import type { LabelRow } from './labels-store.js'

export interface LabelledRow extends CorpusRow {
  source: 'real'
  origin: string
  agent: string
  /** What the judge decided on this text when it was labelled, per hook (the "before" of a what-if). */
  judged: Record<string, Label>
}

export interface Corpus { rows: LabelledRow[], withoutText: number }

/** A turn class as the corpus fields rowTurnClass reads back (server/eval/corpus.ts). */
const classFields = (cls?: TurnClass): Pick<CorpusRow, 'turn' | 'committed'> =>
  cls === 'committed' ? { committed: true } : cls === 'quiet' || cls === 'command' ? { turn: cls } : {}

export function labelsCorpus (labels: LabelRow[]): Corpus {
  const byText = new Map<string, LabelledRow>()
  let withoutText = 0
  for (const l of labels) {
    if (typeof l.text !== 'string' || (l.label !== 'block' && l.label !== 'allow')) { withoutText++; continue }
    let row = byText.get(l.textSha256)
    if (!row) {
      row = { id: `review-${l.textSha256.slice(0, 16)}`, text: l.text, labels: {}, source: 'real', origin: `review:${l.decisionId}`, agent: l.agent, judged: {}, ...classFields(l.turnClass) }
      byText.set(l.textSha256, row)
    }
    // Labels come oldest first: a later label for the same text and hook wins.
    row.labels[l.hook] = l.label
    row.judged[l.hook] = l.judged
  }
  return { rows: [...byText.values()], withoutText }
}

/** The corpus as JSONL, the keys eval reads first; `judged` stays out (it describes the old config, not the text). */
export function corpusJsonl (rows: LabelledRow[]): string {
  return rows.map(({ id, text, labels, source, origin, agent, turn, committed }) =>
    JSON.stringify({ id, text, labels, source, origin, agent, ...(turn ? { turn } : {}), ...(committed ? { committed } : {}) }) + '\n').join('')
}
