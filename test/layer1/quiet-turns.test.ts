// Quiet-turn thresholds: train chooses a second threshold for turns that only read, never sending fewer positives on than
// one threshold would; the model file carries it, the config loads it, and Layer 1 applies it to quiet turns only.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { trainCommand } from '../../server/commands/train.js'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { gate } from '../../server/judge/layer1.js'
import { examplesFor } from '../../server/layer1/examples.js'
import { parseModel } from '../../server/layer1/model.js'
import { pickClassPair } from '../../server/layer1/train.js'
import { tempDir } from '../helper.js'

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'corpus.jsonl')

t.test('the pair sends as many positives as the single threshold, and fewer messages', async t => {
  const row = (s: number | null, block: boolean, inClass: boolean) => ({ s, block, inClass })
  const scored = [
    row(0.9, true, false), row(0.6, true, false), row(0.3, true, false), row(0.95, true, true),
    row(0.5, false, true), row(0.4, false, true), row(0.35, false, true), row(0.7, false, false), row(0.2, false, false), row(null, false, true)
  ]
  const sent = (p: { threshold: number, classThreshold: number }) => scored.filter(x => x.s !== null && x.s >= (x.inClass ? p.classThreshold : p.threshold))
  const single = 0.3 - 1e-6
  const pair = pickClassPair(scored, single)
  t.equal(sent(pair).filter(x => x.block).length, 4, 'every positive the single threshold sends')
  t.ok(sent(pair).length < sent({ threshold: single, classThreshold: single }).length, 'fewer messages')
  t.ok(pair.threshold <= single + 1e-9, 'other turns never get a stricter threshold than they need')
  t.ok(pair.classThreshold > single, 'quiet turns do')
  const noQuietPositive = pickClassPair([row(0.8, true, false), row(0.9, false, true)], 0.8 - 1e-6)
  t.equal(noQuietPositive.classThreshold, 1, 'no quiet positive to keep: nothing quiet goes on (1, not Infinity, so the file stays JSON)')
  t.strictSame(pickClassPair([row(0.5, true, true), row(0.4, false, false)], 0.5 - 1e-6).threshold, 0.5 - 1e-6, 'no gain: the single threshold stays')
})

async function train (corpus: string, out: string) {
  let stdout = ''
  const io = { env: {}, stdin: Readable.from([]), stdout: new Writable({ write (c, _e, cb) { stdout += c; cb() } }), stderr: new Writable({ write (_c, _e, cb) { cb() } }) }
  const code = await trainCommand([corpus, '--config', '/dev/null', '--hooks', 'commit,shallow-bugfix', '--out', out, '--json'], io)
  return { code, reports: JSON.parse(stdout).reports as Array<{ hook: string, threshold: number, quietThreshold?: number, committedThreshold?: number, commandThreshold?: number, validation: { recall: number, hitRate: number } }> }
}

t.test('train: the bug-fix hooks get a quiet threshold from rows that carry their turn; the others and turn-less corpora do not', async t => {
  const dir = tempDir(t)
  // The team's short corpus, its held-back bug-fix replies read as if their turns had only read files.
  const rows = readFileSync(FIXTURE, 'utf8').trim().split('\n').map(l => JSON.parse(l) as Record<string, any>)
  const held = new Set(examplesFor('shallow-bugfix', parseCorpus(readFileSync(FIXTURE, 'utf8')).rows).filter(e => e.split === 'validation').map(e => e.id))
  const withTurns = join(dir, 'turns.jsonl')
  writeFileSync(withTurns, rows.map(r => JSON.stringify(held.has(r.id) ? { ...r, turn: r.labels['shallow-bugfix'] === 'block' ? 'edit' : 'quiet' } : r)).join('\n') + '\n')
  const plain = await train(FIXTURE, join(dir, 'plain'))
  const quiet = await train(withTurns, join(dir, 'quiet'))
  t.equal(quiet.code, 0)
  const of = (r: typeof plain, h: string) => r.reports.find(x => x.hook === h)!
  t.equal(of(plain, 'shallow-bugfix').quietThreshold, undefined, 'no turns in the corpus: one threshold')
  t.equal(of(quiet, 'commit').quietThreshold, undefined, 'commit is not a quiet-turn hook')
  t.equal(of(quiet, 'shallow-bugfix').committedThreshold, undefined, 'nor shallow-bugfix a committed-turn one')
  const q = of(quiet, 'shallow-bugfix')
  t.ok(q.quietThreshold! > q.threshold, 'quiet turns need a higher score')
  t.equal(q.validation.recall, of(plain, 'shallow-bugfix').validation.recall, 'recall unchanged')
  t.ok(q.validation.hitRate < of(plain, 'shallow-bugfix').validation.hitRate, 'fewer held-back messages go on')
  const file = JSON.parse(readFileSync(join(dir, 'quiet', 'shallow-bugfix.json'), 'utf8'))
  t.equal(file.quietThreshold, q.quietThreshold, 'the model file carries it')

  const user = join(dir, 'quiet', 'config.yaml')
  writeFileSync(user, 'hooks:\n  shallow-bugfix:\n    layer1: { model: shallow-bugfix.json }\n')
  const hook = loadConfig({ env: {}, file: user }).hooks['shallow-bugfix']!
  t.equal(hook.scorer!.quietThreshold, q.quietThreshold, 'loaded with the config')
  const between = rows.filter(r => held.has(r.id) && hook.trigger.test(r.text) && !hook.skip.test(r.text))
    .map(r => ({ r, s: hook.scorer!.score(r.text, r.text) })).filter(x => x.s >= q.threshold && x.s < q.quietThreshold!)
  t.ok(between.length > 0, 'some held-back reply scores between the two')
  for (const { r } of between) {
    t.equal(gate(r.text, hook), 'hit', `other turns: judged (${r.id})`)
    t.equal(gate(r.text, hook, 'quiet'), 'miss', `a quiet turn: let through (${r.id})`)
  }
})

t.test('a model file whose quietThreshold is not a number is refused', async t => {
  const ok = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'config', 'models', 'shallow-bugfix.json'), 'utf8'))
  t.ok(typeof ok.quietThreshold === 'number', 'the shipped bug-fix models carry one')
  t.throws(() => parseModel({ ...ok, quietThreshold: 'high' }), /quietThreshold is not a number/)
  t.throws(() => parseModel({ ...ok, quietThreshold: null }), /quietThreshold is not a number/)
  const { quietThreshold, ...without } = ok
  t.equal(parseModel(without).quietThreshold, undefined, 'older model files without it still load')
})

t.test('train: commit gets a committed-turn threshold from rows whose turn already committed, losing no positive', async t => {
  const dir = tempDir(t)
  const rows = readFileSync(FIXTURE, 'utf8').trim().split('\n').map(l => JSON.parse(l) as Record<string, any>)
  const held = new Set(examplesFor('commit', parseCorpus(readFileSync(FIXTURE, 'utf8')).rows).filter(e => e.split === 'validation').map(e => e.id))
  // The held-back ordinary commit talk read as if its turn had pushed; the proposals as turns that had not.
  const committed = join(dir, 'committed.jsonl')
  writeFileSync(committed, rows.map(r => JSON.stringify(held.has(r.id) && r.labels.commit === 'allow' ? { ...r, committed: true } : r)).join('\n') + '\n')
  const plain = await train(FIXTURE, join(dir, 'plain'))
  const c = await train(committed, join(dir, 'committed'))
  const of = (r: typeof plain) => r.reports.find(x => x.hook === 'commit')!
  t.equal(of(plain).committedThreshold, undefined, 'no committed turn in the corpus: one threshold')
  t.ok(of(c).committedThreshold! > of(c).threshold, 'committed turns need a higher score')
  t.equal(of(c).validation.recall, of(plain).validation.recall, 'recall unchanged')
  t.ok(of(c).validation.hitRate < of(plain).validation.hitRate, 'fewer held-back messages go on')
  t.equal(of(c).quietThreshold, undefined, 'commit is not a quiet-turn hook')
  const file = JSON.parse(readFileSync(join(dir, 'committed', 'commit.json'), 'utf8'))
  t.equal(file.committedThreshold, of(c).committedThreshold, 'the model file carries it')
  t.equal(parseModel(file).committedThreshold, file.committedThreshold, 'and it loads')
  t.throws(() => parseModel({ ...file, committedThreshold: 'high' }), /committedThreshold is not a number/)
  let table = ''
  const io = { env: {}, stdin: Readable.from([]), stdout: new Writable({ write (c, _e, cb) { table += c; cb() } }), stderr: new Writable({ write (_c, _e, cb) { cb() } }) }
  t.equal(await trainCommand([committed, '--config', '/dev/null', '--hooks', 'commit', '--out', join(dir, 'table')], io), 0)
  t.match(table, new RegExp(`commit +window +${of(c).threshold.toFixed(3)} \\(committed ${of(c).committedThreshold!.toFixed(3)}\\)`), 'the report table names each class threshold')
})

t.test('train: the bug-fix hooks take quiet and command turns in turn, each with its own threshold, losing no positive', async t => {
  const dir = tempDir(t)
  const rows = readFileSync(FIXTURE, 'utf8').trim().split('\n').map(l => JSON.parse(l) as Record<string, any>)
  const held = examplesFor('shallow-bugfix', parseCorpus(readFileSync(FIXTURE, 'utf8')).rows).filter(e => e.split === 'validation')
  // Every other held-back reply read as a turn that only ran commands, the rest as quiet; a few positives among both.
  const turnOf = new Map(held.map((e, i) => [e.id, i % 2 === 0 ? 'command' : e.block && i % 3 === 0 ? 'edit' : 'quiet']))
  const quietOnly = join(dir, 'quiet.jsonl')
  const both = join(dir, 'both.jsonl')
  writeFileSync(quietOnly, rows.map(r => JSON.stringify(turnOf.get(r.id) === 'quiet' ? { ...r, turn: 'quiet' } : r)).join('\n') + '\n')
  writeFileSync(both, rows.map(r => JSON.stringify(turnOf.has(r.id) ? { ...r, turn: turnOf.get(r.id) } : r)).join('\n') + '\n')
  const q = (await train(quietOnly, join(dir, 'q'))).reports.find(x => x.hook === 'shallow-bugfix')!
  const b = (await train(both, join(dir, 'b'))).reports.find(x => x.hook === 'shallow-bugfix')!
  t.equal(q.commandThreshold, undefined, 'no command turn in the corpus: no command threshold')
  t.type(b.quietThreshold, 'number')
  t.type(b.commandThreshold, 'number')
  t.equal(b.validation.recall, q.validation.recall, 'recall unchanged')
  t.ok(b.validation.hitRate <= q.validation.hitRate, 'no more held-back messages go on')
  const file = JSON.parse(readFileSync(join(dir, 'b', 'shallow-bugfix.json'), 'utf8'))
  t.equal(file.commandThreshold, b.commandThreshold, 'the model file carries it')
})

t.test('gate with a lazy turn class: asked only where the class decides, and right whichever way its threshold lies', async t => {
  const hook = loadConfig({ env: {}, file: '/dev/null' }).hooks.commit!
  const text = 'Committed and pushed the parser fix to origin/main.'
  const score = hook.scorer!.score(text.trim(), text)
  const policy = (committedThreshold: number, threshold = hook.scorer!.threshold) => ({ ...hook, scorer: { ...hook.scorer!, threshold, committedThreshold } })
  let asked = 0
  const committed = () => { asked++; return 'committed' as const }
  t.equal(gate(text, policy(score + 0.1, score - 0.1), committed), 'miss', 'a higher class threshold: let through')
  t.equal(gate(text, policy(score - 0.2, score + 0.1), committed), 'hit', 'a lower one: sent on, though the plain threshold would not')
  t.equal(asked, 2)
  t.equal(gate(text, policy(score + 0.2, score + 0.1), committed), 'miss', 'above every threshold: no need to ask')
  t.equal(gate(text, policy(score - 0.2, score - 0.1), committed), 'hit', 'below every threshold: no need to ask')
  t.equal(asked, 2, 'the class was not looked at')
  t.equal(gate(text, policy(score + 0.1, score - 0.1), () => undefined), 'hit', 'no class: the plain threshold')
})
