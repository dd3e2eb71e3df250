/** Measures the scorers as the Layer-1 changes were chosen: real validation hit rate at 97 % recall, and 5-fold CV by repository on train. */
// node --import tsx corpus/scripts/measure.ts [HOOK,HOOK…]   (default: every hook with a scorer)
// A change to a scorer's features, fit or thresholds should be better on both figures: the validation split alone is 43
// repositories, and a few hard positives set each threshold. The folds are the train split's repositories by hash; in a
// fold the held-back repositories play the validation split's part (their rows carry no turn, so no class thresholds).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { examplesFor, SCORER_KINDS, scorerOptions } from '../../train/examples.js'
import { type Example, trainScorer } from '../../train/scorer.js'

const ROOT = new URL('../', import.meta.url).pathname
const FOLDS = 5
const config = loadConfig({ env: {}, file: '/dev/null' })
const { rows } = parseCorpus(['claude-code', 'codex'].map(f => readFileSync(join(ROOT, `${f}.jsonl`), 'utf8')).join(''))
const repoOf = new Map(rows.map(r => [r.id, r.repo ?? r.id]))
const foldOf = (e: Example) => createHash('sha256').update(repoOf.get(e.id)!).digest()[0]! % FOLDS
const pct = (x: number | null) => x === null ? '—' : `${(100 * x).toFixed(1)} %`

for (const hook of (process.argv[2] ?? Object.keys(SCORER_KINDS).join(',')).split(',')) {
  const policy = config.hooks[hook]
  if (!policy || !Object.hasOwn(SCORER_KINDS, hook)) throw new Error(`no scorer for hook "${hook}"; scorers: ${Object.keys(SCORER_KINDS).join(', ')}`)
  const opts = scorerOptions(hook)
  const examples = examplesFor(hook, rows)
  const v = trainScorer(hook, policy.trigger, examples, opts).report.validation
  const train = examples.filter(e => e.split === 'train')
  let cv = 0
  for (let k = 0; k < FOLDS; k++) {
    const folded = train.map(e => ({ ...e, split: foldOf(e) === k ? 'validation' as const : 'train' as const }))
    cv += (trainScorer(hook, policy.trigger, folded, opts).report.validation.realHitRate ?? 0) / FOLDS
  }
  process.stdout.write(`${hook}: validation real hit rate ${pct(v.realHitRate)} (recall ${pct(v.recall)}, ${v.positives} positives, ` +
    `${v.syntheticPositives} written); 5-fold CV by repository on train ${pct(cv)}\n`)
}
