/** hookjudge train CORPUS.jsonl… [--hooks a,b] [--out DIR]: trains the Layer-1 scorers and reports recall and hit rate on the held-back split. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Command, parse, UsageError } from '../server/commands/args.js'
import { readInput } from '../server/commands/eval.js'
import { TRAIN } from '../server/commands/verb-specs.js'
import { loadConfig } from '../server/config/config.js'
import { PACKAGE_ROOT } from '../server/core/paths.js'
import { labelledHooks, parseCorpus } from '../server/eval/corpus.js'
import { table } from '../server/eval/report.js'
import type { ModelFile } from '../server/layer1/model.js'
import { examplesFor, SCORER_KINDS, scorerOptions } from './examples.js'
import { type TrainReport, trainScorer } from './scorer.js'

const pct = (x: number | null) => x === null ? '—' : `${(100 * x).toFixed(1)}%`

export const trainCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, TRAIN)
  if (positionals.length === 0) throw new UsageError('train needs a CORPUS.jsonl file (the eval format; several are read as one)')
  const file = positionals.join(' + ')
  const config = loadConfig({ env: io.env, file: values.config })
  const texts: string[] = []
  for (const f of positionals) {
    const text = await readInput(f, io, 'train')
    if (text === null) return 1
    texts.push(text.endsWith('\n') || text === '' ? text : `${text}\n`)
  }
  const { rows, problems } = parseCorpus(texts.join(''))
  if (problems.length > 0) {
    io.stderr.write(`hookjudge train: ${file} has ${problems.length} invalid line(s):\n${problems.slice(0, 20).map(p => `  ${p}\n`).join('')}`)
    return 1
  }
  const asked = values.hooks?.split(',').map(h => h.trim()).filter(h => h !== '') ?? labelledHooks(rows).filter(h => Object.hasOwn(SCORER_KINDS, h))
  const unknown = asked.filter(h => !Object.hasOwn(config.hooks, h))
  if (unknown.length > 0) throw new UsageError(`unknown hook(s) ${unknown.join(', ')}; configured: ${Object.keys(config.hooks).join(', ')}`)
  const out = resolve(values.out ?? join(PACKAGE_ROOT, 'config', 'models'))
  mkdirSync(out, { recursive: true })
  const reports: TrainReport[] = []
  const trained: ModelFile[] = []
  for (const name of asked) {
    const hook = config.hooks[name]!
    const examples = examplesFor(name, rows)
    if (!examples.some(e => e.block && e.split === 'train')) { io.stderr.write(`hookjudge train: ${name}: no block label in the train split, skipped\n`); continue }
    const { model, report } = trainScorer(name, hook.trigger, examples, scorerOptions(name))
    trained.push(model)
    reports.push(report)
  }
  for (const m of trained) writeFileSync(join(out, `${m.hook}.json`), JSON.stringify(m) + '\n')
  writeFileSync(join(out, 'report.json'), JSON.stringify({ corpus: file, reports }, null, 2) + '\n')
  if (values.json) { io.stdout.write(JSON.stringify({ out, reports }) + '\n'); return 0 }
  const rowsOut = reports.map(r => {
    const v = r.validation
    return [r.hook, r.kind, r.threshold.toFixed(3), `${v.messages} / ${v.positives} (${v.syntheticPositives} syn.)`,
      pct(v.triggerRecall), pct(v.recall), pct(v.realRecall), pct(v.syntheticRecall), pct(v.triggerHitRate), pct(v.hitRate), pct(v.realHitRate)]
  })
  io.stdout.write(`trained ${reports.length} scorer(s) into ${out}; validation split:\n\n` +
    table([['hook', 'kind', 'threshold', 'messages / positives', 'trigger recall', 'recall', 'real', 'synthetic', 'trigger hits', 'hits', 'real hits'], ...rowsOut], 11))
  return 0
}
