/** Layer-1 recall per Stop hook on each split, real and written apart, with Wilson 95 % intervals: the figures docs/BENCHMARKS.md quotes. */
// node --import tsx corpus/scripts/layer1-splits.ts [--test] [--misses dev]   (no judge: Layer 1 as `serve` runs it, every Stop hook on)
// DEV sets may be read, listed and chosen on; TEST sets (corpus/test/, the TEST authors of corpus/written/) are only
// ever scored, never listed: --misses lists DEV misses only.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../server/config/config.js'
import { type CorpusRow, parseCorpus } from '../../server/eval/corpus.js'
import { table } from '../../server/eval/report.js'
import { evalTasks, layer1Runtime, runEval } from '../../server/eval/run.js'
import { scoreAll } from '../../server/eval/score.js'
import { showRate, wilson } from '../../server/eval/wilson.js'

const ROOT = new URL('../', import.meta.url).pathname
export const STOP_HOOKS = ['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction']
/** Chosen before any of their files was read (corpus/written/README.md): the written test split is by author. */
export const TEST_AUTHORS = ['chatty', 'status', 'mixed']
/** A second round, written after the first test figures were seen: what the changes made since were never chosen on. */
export const TEST_AUTHORS_2 = ['casual', 'formal', 'jacasual']
/** A third round, scored once and never read, while nothing in Layer 1 changed: the current models on hands they never met. */
export const TEST_AUTHORS_3 = ['german', 'slack']
/** A fourth round, briefed after the models last changed and scored once: the current models on hands they never met. */
export const TEST_AUTHORS_4 = ['nordic', 'devops']
/** A fifth round, briefed and scored once with the same models as the fourth (polish left it once read: READ_AFTER_SCORING). */
export const TEST_AUTHORS_5 = ['consultant']
/** Test writers read after their one score (what they missed led to a rule): measured as DEV since, never trained on. */
export const READ_AFTER_SCORING = ['polish']
/** A sixth round, in two languages Layer 1 was not written for, briefed before the rule for such replies, never read. */
export const TEST_AUTHORS_6 = ['turkish', 'indonesian']
export const DEV_AUTHORS = ['terse', 'markdown', 'japanese', 'pm', 'verbose', 'polyglot', 'indian', 'korean', 'spanish', 'russian', 'brazil', 'sre', 'chinese', 'french']

const rowsOf = (file: string): CorpusRow[] => {
  const { rows, problems } = parseCorpus(readFileSync(join(ROOT, file), 'utf8'))
  if (problems.length > 0) throw new Error(`${file}: ${problems.slice(0, 3).join('; ')}`)
  return rows
}
const corpus = () => [...rowsOf('claude-code.jsonl'), ...rowsOf('codex.jsonl')]
export const SETS: Record<string, { test: boolean, rows: () => CorpusRow[] }> = {
  'dev real (validation repositories)': { test: false, rows: () => corpus().filter(r => r.split === 'validation' && r.source === 'real') },
  'dev written (team, validation)': { test: false, rows: () => corpus().filter(r => r.split === 'validation' && r.source === 'synthetic') },
  'dev written (blind authors)': { test: false, rows: () => DEV_AUTHORS.flatMap(a => rowsOf(`written/author-${a}.jsonl`)) },
  'dev canonical forms + paraphrases': { test: false, rows: () => rowsOf('written/canonical.jsonl') },
  'dev written, read after scoring (polish)': { test: false, rows: () => READ_AFTER_SCORING.flatMap(a => rowsOf(`written/author-${a}.jsonl`)) },
  'test real (new repositories, quoted replies)': { test: true, rows: () => rowsOf('test/real.jsonl') },
  'test written (blind authors)': { test: true, rows: () => TEST_AUTHORS.flatMap(a => rowsOf(`written/author-${a}.jsonl`)) },
  'test written, second round': { test: true, rows: () => TEST_AUTHORS_2.flatMap(a => rowsOf(`written/author-${a}.jsonl`)) },
  'test written, third round': { test: true, rows: () => TEST_AUTHORS_3.flatMap(a => rowsOf(`written/author-${a}.jsonl`)) },
  'test written, fourth round': { test: true, rows: () => TEST_AUTHORS_4.flatMap(a => rowsOf(`written/author-${a}.jsonl`)) },
  'test written, fifth round': { test: true, rows: () => TEST_AUTHORS_5.flatMap(a => rowsOf(`written/author-${a}.jsonl`)) },
  'test written, sixth round': { test: true, rows: () => TEST_AUTHORS_6.flatMap(a => rowsOf(`written/author-${a}.jsonl`)) }
}

export async function measure (rows: CorpusRow[]): Promise<Record<string, { recall: ReturnType<typeof wilson>, sent: number }>> {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const hooks = STOP_HOOKS.map(h => config.hooks[h]!)
  const outcomes = await runEval(evalTasks(rows, hooks), { runtime: layer1Runtime(config, {}), layer1Only: true })
  const scores = scoreAll(outcomes, STOP_HOOKS, true)
  return Object.fromEntries(Object.entries(scores).map(([h, s]) => [h, { recall: s.layer1.recallInterval, sent: s.layer1.hitRate }]))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const withTest = process.argv.includes('--test')
  const head = ['set', 'messages', ...STOP_HOOKS.map(h => `${h} recall [95% CI] (positives)`)]
  const out: string[][] = [head]
  for (const [name, set] of Object.entries(SETS)) {
    if (set.test && !withTest) continue
    const rows = set.rows()
    const m = await measure(rows)
    out.push([name, String(rows.length), ...STOP_HOOKS.map(h => m[h] ? `${showRate(m[h].recall)} (${m[h].recall.n})` : '—')])
  }
  process.stdout.write(table(out, 1))
}
