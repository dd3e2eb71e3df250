/** Leave-one-author-out on the dev authors of written/: each hook's recall on an author no model of the fold trained or chose on. */
// TARGET=0.98 node --import tsx corpus/scripts/author-cv.ts   (what a threshold target or a trigger change does to text
// by hands the scorer never saw, measured without the test split; plus each fold's real validation hit rate: the cost side)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../server/config/config.js'
import { type CorpusRow, parseCorpus } from '../../server/eval/corpus.js'
import { table } from '../../server/eval/report.js'
import { showRate, wilson } from '../../server/eval/wilson.js'
import { bestScore, gate } from '../../server/judge/layer1.js'
import { type FeatureSet, scorerFrom } from '../../server/layer1/model.js'
import { examplesFor, scorerOptions } from '../../train/examples.js'
import { trainScorer } from '../../train/scorer.js'
import { DEV_AUTHORS, STOP_HOOKS } from './layer1-splits.js'

const ROOT = new URL('../', import.meta.url).pathname
const rowsOf = (file: string): CorpusRow[] => parseCorpus(readFileSync(join(ROOT, file), 'utf8')).rows
const base = [...rowsOf('claude-code.jsonl'), ...rowsOf('codex.jsonl'), ...rowsOf('written/canonical.jsonl')]
const authors = Object.fromEntries(DEV_AUTHORS.map(a => [a, rowsOf(`written/author-${a}.jsonl`)]))
const config = loadConfig({ env: {}, file: '/dev/null' })
const target = Number(process.env.TARGET ?? 0.98)
const realValidation = base.filter(r => r.split === 'validation' && r.source === 'real')

const totals = Object.fromEntries(STOP_HOOKS.map(h => [h, { k: 0, n: 0, sent: 0 }]))
// Scores over the fold's threshold: the held-out author's positives (null: no trigger), and the real validation replies.
const rel = Object.fromEntries(STOP_HOOKS.map(h => [h, { pos: [] as Array<number | null>, real: [] as Array<number | null> }]))
const relOf = (text: string, p: Parameters<typeof bestScore>[1], threshold: number) => { const s = bestScore(text, p); return typeof s === 'number' ? s / threshold : null }
for (const held of DEV_AUTHORS) {
  const rows = [...base, ...DEV_AUTHORS.filter(a => a !== held).flatMap(a => authors[a]!)]
  for (const hook of STOP_HOOKS) {
    const policy = config.hooks[hook]!
    const features = process.env[`FEATURES_${hook.replace(/-/g, '_')}`] as FeatureSet | undefined
    const { model } = trainScorer(hook, policy.trigger, examplesFor(hook, rows), { ...scorerOptions(hook), targetRecall: target, ...(process.env.L2 ? { l2: Number(process.env.L2) } : {}), ...(features ? { features } : {}) })
    const p = { ...policy, scorer: scorerFrom(model) }
    const positives = authors[held]!.filter(r => r.labels[hook] === 'block')
    totals[hook]!.k += positives.filter(r => gate(r.text, p) === 'hit').length
    totals[hook]!.n += positives.length
    totals[hook]!.sent += realValidation.filter(r => gate(r.text, p) === 'hit').length / realValidation.length / DEV_AUTHORS.length
    rel[hook]!.pos.push(...positives.map(r => relOf(r.text, p, model.threshold)))
    rel[hook]!.real.push(...realValidation.map(r => relOf(r.text, p, model.threshold)))
  }
}
process.stdout.write(`target ${target}, ${DEV_AUTHORS.length} folds (one dev author held out each)\n` + table([['hook', 'held-out author recall [95% CI] (positives)', 'real validation sent on'],
  ...STOP_HOOKS.map(h => [h, `${showRate(wilson(totals[h]!.k, totals[h]!.n))} (${totals[h]!.n})`, `${(100 * totals[h]!.sent).toFixed(1)} %`])]))

// The threshold, as a share of the one each fold chose, that unseen authors' violations ask: recall and cost per factor.
const FACTORS = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2]
const at = (xs: Array<number | null>, f: number) => xs.filter(x => x !== null && x >= f).length / xs.length
process.stdout.write('\n' + table([['hook', ...FACTORS.map(f => `×${f}`)], ...STOP_HOOKS.map(h => [h, ...FACTORS.map(f => `${(100 * at(rel[h]!.pos, f)).toFixed(0)} / ${(100 * at(rel[h]!.real, f)).toFixed(1)}`)])]))
process.stdout.write('(held-out author recall % / real validation sent on %)\n')
