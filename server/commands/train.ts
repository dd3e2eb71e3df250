/** hookjudge train CORPUS.jsonl… [--hooks a,b] [--out DIR]: trains the Layer-1 scorers and reports recall and hit rate on the held-back split. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadConfig } from '../config/config.js'
import { labelledHooks, parseCorpus } from '../eval/corpus.js'
import { table } from '../eval/report.js'
import { examplesFor, SCORER_KINDS, scorerOptions } from '../layer1/examples.js'
import { CLASS_THRESHOLD, type ModelFile, parseModel, TURN_CLASSES } from '../layer1/model.js'
import { withJoint } from '../layer1/pick-joint.js'
import { type TrainReport, trainScorer } from '../layer1/train.js'
import { PACKAGE_ROOT } from '../core/paths.js'
import { type Command, parse, UsageError } from './args.js'
import { readInput } from './eval.js'
import { TRAIN } from './verb-specs.js'

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
  // Hooks trained together are asked in one call per turn: which of them send a turn alone is chosen together too.
  const { models, report: joint } = withJoint(trained, config.hooks, rows)
  for (const m of models) writeFileSync(join(out, `${m.hook}.json`), JSON.stringify(m) + '\n')
  dropStaleJoints(out, models, io.stderr)
  writeFileSync(join(out, 'report.json'), JSON.stringify({ corpus: file, reports, ...(joint ? { joint } : {}) }, null, 2) + '\n')
  if (values.json) { io.stdout.write(JSON.stringify({ out, reports, ...(joint ? { joint } : {}) }) + '\n'); return 0 }
  const classes = (r: TrainReport) => TURN_CLASSES.map(c => r[CLASS_THRESHOLD[c]] === undefined ? '' : ` (${c} ${r[CLASS_THRESHOLD[c]]!.toFixed(3)})`).join('')
  const rowsOut = reports.map(r => {
    const v = r.validation
    return [r.hook, r.kind, r.threshold.toFixed(3) + classes(r), `${v.messages} / ${v.positives} (${v.syntheticPositives} syn.)`,
      pct(v.triggerRecall), pct(v.recall), pct(v.realRecall), pct(v.syntheticRecall), pct(v.triggerHitRate), pct(v.hitRate), pct(v.realHitRate)]
  })
  io.stdout.write(`trained ${reports.length} scorer(s) into ${out}; validation split:\n\n` +
    table([['hook', 'kind', 'threshold', 'messages / positives', 'trigger recall', 'recall', 'real', 'synthetic', 'trigger hits', 'hits', 'real hits'], ...rowsOut], 11))
  if (joint) {
    io.stdout.write(`\nper turn (${joint.hooks.length} hooks, one call): ${models.map(m => `${m.hook} alone ×${m.joint!.alone}, joins ×${m.joint!.joins}`).join('; ')}\n` +
      `real held-back messages sent on: ${joint.realSentBefore} → ${joint.realSentAfter} of ${joint.realMessages}, each hook's recall unchanged\n`)
  }
  return 0
}

/**
 * A model already in `out` whose per-turn factors were chosen with a hook retrained now (without it) no longer has
 * factors that hold: they are dropped, so it goes at its own threshold until the hooks are trained together again.
 */
function dropStaleJoints (out: string, retrained: readonly ModelFile[], stderr: { write: (s: string) => unknown }): void {
  const names = new Set(retrained.map(m => m.hook))
  for (const file of readdirSync(out).filter(f => f.endsWith('.json') && f !== 'report.json')) {
    let model: ModelFile
    try { model = parseModel(JSON.parse(readFileSync(join(out, file), 'utf8'))) } catch { continue }
    if (names.has(model.hook) || !model.joint?.hooks.some(h => names.has(h))) continue
    const { joint, ...rest } = model
    writeFileSync(join(out, file), JSON.stringify(rest) + '\n')
    stderr.write(`hookjudge train: ${model.hook}: its per-turn factors were chosen with ${joint.hooks.join(', ')}; dropped (train those hooks together to choose them again)\n`)
  }
}
