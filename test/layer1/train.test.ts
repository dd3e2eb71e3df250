// hookjudge train: scorers trained on a corpus in the eval format, thresholds from the held-back split, reproducible,
// loaded by the config and used by Layer 1; a broken model file is a config error naming it.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { trainCommand } from '../../server/commands/train.js'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { gate } from '../../server/judge/layer1.js'
import { scorerFrom } from '../../server/layer1/model.js'
import { examplesFor, scorerOptions, UNSEEN_MARGIN } from '../../train/examples.js'
import { scorerInputs, trainScorer } from '../../train/scorer.js'
import { tempDir } from '../helper.js'

const CORPUS = join(import.meta.dirname, '..', 'fixtures', 'corpus.jsonl')

async function train (out: string, hooks = 'commit,scope-check,shallow-bugfix') {
  let stdout = ''
  let stderr = ''
  const io = { env: {}, stdin: Readable.from([]), stdout: new Writable({ write (c, _e, cb) { stdout += c; cb() } }), stderr: new Writable({ write (c, _e, cb) { stderr += c; cb() } }) }
  const code = await trainCommand([CORPUS, '--config', '/dev/null', '--hooks', hooks, '--out', out, '--json'], io)
  return { code, result: JSON.parse(stdout), stderr }
}

t.test('train writes one model per hook and a validation report that meets the recall target', async t => {
  const out = tempDir(t)
  const { code, result } = await train(out)
  t.equal(code, 0)
  t.strictSame(result.reports.map((r: { hook: string }) => r.hook), ['commit', 'scope-check', 'shallow-bugfix'])
  for (const r of result.reports) {
    t.ok(r.validation.positives >= 5, `${r.hook}: held-back positives to tune on`)
    t.ok(r.validation.recall >= 0.97 * r.validation.triggerRecall - 1e-9, `${r.hook}: recall ${r.validation.recall} kept within 3 % of what the triggers reach`)
    t.ok(r.validation.hitRate <= r.validation.triggerHitRate, `${r.hook}: the scorer never sends more than the triggers`)
    t.ok(r.threshold > 0 && r.threshold < 1)
  }
  const bugfix = result.reports.find((r: { hook: string }) => r.hook === 'shallow-bugfix')
  t.equal(bugfix.kind, 'topic')
  t.equal(bugfix.features, 'report-strong-split', 'the bug-fix hooks read report concepts (shallow-bugfix: weighing double, and once more at a fixed scale)')
  t.equal(JSON.parse(readFileSync(join(out, 'shallow-bugfix.json'), 'utf8')).features, 'report-strong-split', 'and the model file says so')
  const again = tempDir(t)
  await train(again)
  for (const h of ['commit', 'scope-check']) t.equal(readFileSync(join(again, `${h}.json`), 'utf8'), readFileSync(join(out, `${h}.json`), 'utf8'), `${h}: the same corpus gives the same model`)
  t.ok(readFileSync(join(out, 'commit.json')).length < 300 * 1024, 'a model is under 300 KB')
  t.equal(JSON.parse(readFileSync(join(out, 'commit.json'), 'utf8')).skipsTables, true, 'commit\'s model says it reads no table row')
  t.equal(JSON.parse(readFileSync(join(out, 'scope-check.json'), 'utf8')).skipsTables, undefined, 'scope-check\'s reads them')
})

t.test('a model named in the config is loaded and Layer 1 uses it; a broken one is a config error naming the key', async t => {
  const out = tempDir(t)
  await train(out, 'commit')
  const user = join(out, 'config.yaml')
  writeFileSync(user, 'hooks:\n  commit:\n    layer1: { model: commit.json }\n')
  const config = loadConfig({ env: {}, file: user })
  const hook = config.hooks.commit!
  t.ok(hook.scorer, 'the scorer is attached to the hook at load')
  const rows = parseCorpus(readFileSync(CORPUS, 'utf8')).rows
  const held = examplesFor('commit', rows).filter(e => e.split === 'validation')
  const plain = { ...hook, scorer: undefined }
  const hits = (list: typeof held, p: typeof hook) => list.filter(e => gate(e.text, p) === 'hit').length
  const positives = held.filter(e => e.block)
  t.ok(hits(positives, hook) >= Math.floor(0.97 * hits(positives, plain)), 'the held-back positives still reach the judge')
  t.ok(hits(held, hook) <= hits(held, plain), 'and no more messages than with the triggers alone')
  writeFileSync(join(out, 'bad.json'), '{"format":"nope"}')
  const topic = { ...JSON.parse(readFileSync(join(out, 'commit.json'), 'utf8')), kind: 'topic' }
  writeFileSync(join(out, 'topic.json'), JSON.stringify(topic))
  writeFileSync(user, 'hooks:\n  commit:\n    layer1: { model: topic.json }\n')
  t.throws(() => loadConfig({ env: {}, file: user }), /skipsTables is not true on a window model/, 'a topic model reads the whole reply, tables and all')
  writeFileSync(user, 'hooks:\n  commit:\n    layer1: { model: bad.json }\n  scope-check:\n    layer1: { model: missing.json }\n')
  t.throws(() => loadConfig({ env: {}, file: user }), /hooks\.commit\.layer1\.model[\s\S]*hooks\.scope-check\.layer1\.model/)
})

t.test('a positive marked `must` (a canonical form) is kept by the threshold, whatever the recall target lets go', async t => {
  const trigger = loadConfig({ env: {}, file: '/dev/null' }).hooks.commit!.trigger
  const examples = examplesFor('commit', parseCorpus(readFileSync(CORPUS, 'utf8')).rows)
  const opts = { ...scorerOptions('commit'), margin: 1, targetRecall: 0.5 }
  const { model } = trainScorer('commit', trigger, examples, opts)
  const scorer = scorerFrom(model)
  const score = (text: string) => Math.max(...scorerInputs(text, model.kind, trigger, model.skipsTables).map(w => scorer.score(w, text)))
  const lowest = examples.filter(e => e.block && e.split === 'validation' && scorerInputs(e.text, model.kind, trigger, model.skipsTables).length > 0)
    .sort((a, b) => score(a.text) - score(b.text))[0]!
  t.ok(score(lowest.text) < model.threshold, 'at half the recall, the lowest held-back positive is let go')
  const kept = trainScorer('commit', trigger, examples.map(e => e === lowest ? { ...e, must: true as const } : e), opts).model
  t.ok(score(lowest.text) >= kept.threshold, 'marked must, the threshold keeps it')
  t.ok(kept.threshold < model.threshold)
})

t.test('a hook\'s margin lowers the threshold the validation split picks by that share; musts still hold under it', async t => {
  const trigger = loadConfig({ env: {}, file: '/dev/null' }).hooks.commit!.trigger
  const examples = examplesFor('commit', parseCorpus(readFileSync(CORPUS, 'utf8')).rows)
  const plain = trainScorer('commit', trigger, examples, { ...scorerOptions('commit'), margin: 1 }).model.threshold
  const half = trainScorer('commit', trigger, examples, { ...scorerOptions('commit'), margin: 0.5 }).model.threshold
  t.ok(Math.abs(half - plain / 2) < 1e-9, `${half} is half of ${plain}`)
  t.equal(scorerOptions('scope-change').margin, UNSEEN_MARGIN['scope-change'], 'the shipped hooks train with their margin')
  t.equal(scorerOptions('my-own-hook').margin, 1, 'a hook of the user\'s own keeps the pick as it is')
})
