/** A corpus in the eval format as training examples for one hook: its labels, its split (by repository where given); pure. */
import { createHash } from 'node:crypto'
import type { CorpusRow } from '../eval/corpus.js'
import type { FeatureSet, TurnClass } from './model.js'
import type { Example } from './train.js'

/** A corpus without splits holds back a fifth of its repositories (or messages), chosen by hash: the same every run. */
const heldBack = (key: string) => createHash('sha256').update(key).digest()[0]! % 5 === 0

/** The class of a row's turn, as its `turn` / `committed` recorded it, in server/evidence/turn-class.ts's order (absent
 * for written messages and turns not read). */
export const rowTurnClass = (r: Pick<CorpusRow, 'turn' | 'committed'>): TurnClass | undefined =>
  r.turn === 'quiet' ? 'quiet' : r.committed === true ? 'committed' : r.turn === 'command' ? 'command' : undefined

export function examplesFor (hook: string, rows: CorpusRow[]): Example[] {
  return rows.filter(r => Object.hasOwn(r.labels, hook)).map(r => ({ r, turn: rowTurnClass(r) })).map(({ r, turn }) => ({
    id: r.id,
    text: r.text,
    block: r.labels[hook] === 'block',
    relevant: r.relevant?.includes(hook) ?? false,
    synthetic: r.source === 'synthetic',
    ...(turn ? { turn } : {}),
    split: r.split ?? (heldBack(r.repo ?? r.id) ? 'validation' : 'train')
  }))
}

/** How each shipped hook's scorer reads a reply: the sentences around a trigger hit, or (bug-fix hooks) the whole reply. */
export const SCORER_KINDS: Record<string, 'window' | 'topic'> = {
  commit: 'window',
  'scope-check': 'window',
  'scope-change': 'window',
  'shallow-bugfix': 'topic',
  'bugfix-without-reproduction': 'topic'
}

/** The bug-fix hooks' scorers read bug-fix report concepts (report-features.ts); the rest, n-grams and proposal concepts of the windows (window-features.ts). */
export const SCORER_FEATURES: Record<string, FeatureSet> = {
  commit: 'proposal-split',
  'scope-check': 'proposal',
  'scope-change': 'proposal',
  'shallow-bugfix': 'report-strong-split',
  'bugfix-without-reproduction': 'report-split'
}
