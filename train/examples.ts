/** A corpus in the eval format as training examples for one hook: its labels, its split (by repository where given); pure. */
import { createHash } from 'node:crypto'
import type { CorpusRow } from '../server/eval/corpus.js'
import type { FeatureSet } from '../server/layer1/model.js'
import type { Example, TrainOptions } from './scorer.js'

/** A corpus without splits holds back a fifth of its repositories (or messages), chosen by hash: the same every run. */
const heldBack = (key: string) => createHash('sha256').update(key).digest()[0]! % 5 === 0

/** The split a row trains or is measured in: its own, or the held-back fifth of its repository's hash. */
export const splitOf = (r: Pick<CorpusRow, 'split' | 'repo' | 'id'>): 'train' | 'validation' | 'test' => r.split ?? (heldBack(r.repo ?? r.id) ? 'validation' : 'train')

/** A test row (corpus/test/) is never an example: no threshold, feature or weight may have seen it. */
export function examplesFor (hook: string, rows: CorpusRow[]): Example[] {
  return rows.filter(r => Object.hasOwn(r.labels, hook) && r.split !== 'test').map(r => ({
    id: r.id,
    text: r.text,
    block: r.labels[hook] === 'block',
    relevant: r.relevant?.includes(hook) ?? false,
    synthetic: r.source === 'synthetic',
    ...(r.must === true && r.labels[hook] === 'block' ? { must: true } : {}),
    split: splitOf(r) as 'train' | 'validation'
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

/**
 * The window scorers that read no markdown table row: a commit proposal is said to the user, and a table's cells only
 * report ("| Git / commits | No | Yes |"). No positive of any window hook has all its trigger sentences in tables.
 * Validation (2,008 messages, 76 commit positives), with the announced-action and 〜ます proposal forms added to
 * window-features.ts at the same time: commit's real hit rate 4.2 → 3.8 % at the same 97.4 % recall. The scope hooks keep
 * them: their violations are reported in status tables too ("| E2E tests | deferred |"), and without them scope-change's
 * real hit rate rose 6.3 → 7.2 %.
 */
export const TABLE_BLIND_HOOKS: ReadonlySet<string> = new Set(['commit'])

/**
 * The share of the threshold the validation split picks that a hook ships with. Chosen with corpus/scripts/author-cv.ts
 * (each dev author of written/ held out in turn): the largest share at which 95 % of a held-out writer's violations still
 * reach the judge, or the lowest share tried (×0.2) where none does (the scope hooks: 91 and 95 % there, on six writers).
 * Re-checked with twelve writers held out in turn: 98, 100, 100, 99 and 98 % at these shares. They were not raised where
 * the folds would allow it: recall first, since a scorer learns its writers' style, and a violation Layer 1 lets through
 * is never judged.
 */
export const UNSEEN_MARGIN: Readonly<Record<string, number>> = { commit: 0.6, 'scope-check': 0.2, 'scope-change': 0.2, 'shallow-bugfix': 0.5, 'bugfix-without-reproduction': 0.9 }

/** How a hook's scorer is trained: the shipped hooks' choices above; a hook of the user's own gets a window scorer on n-grams. */
export const scorerOptions = (hook: string): Required<Pick<TrainOptions, 'kind' | 'features' | 'skipsTables' | 'margin'>> => ({
  margin: UNSEEN_MARGIN[hook] ?? 1,
  kind: SCORER_KINDS[hook] ?? 'window',
  features: SCORER_FEATURES[hook] ?? 'ngrams',
  skipsTables: TABLE_BLIND_HOOKS.has(hook)
})
