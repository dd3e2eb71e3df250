// Class thresholds: train chooses a threshold for turns that only read (ran commands, committed), never sending fewer
// positives on than one threshold would; the model file carries it, the config loads it, and Layer 1 applies it to quiet turns only.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { trainCommand } from '../../server/commands/train.js'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { gate } from '../../server/judge/layer1.js'
import { examplesFor } from '../../server/layer1/examples.js'
import { parseModel, scorerFrom, type TurnClass } from '../../server/layer1/model.js'
import { pickThreshold, pickThresholds, type Scored, type Thresholds } from '../../server/layer1/thresholds.js'
import { triggerWindows } from '../../server/layer1/trigger-windows.js'
import { tempDir } from '../helper.js'

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'corpus.jsonl')

const row = (s: number | null, block: boolean, cls?: TurnClass): Scored => ({ s, block, ...(cls ? { cls } : {}) })
const thresholdOf = (p: Thresholds, x: Scored) => (x.cls === undefined ? undefined : p.classes[x.cls]) ?? p.threshold
const sentBy = (p: Thresholds, xs: Scored[]) => xs.filter(x => x.s !== null && x.s >= thresholdOf(p, x))

t.test('class thresholds send the positives one threshold would, and fewer messages', async t => {
  const scored = [
    row(0.9, true), row(0.6, true), row(0.3, true), row(0.95, true, 'quiet'),
    row(0.5, false, 'quiet'), row(0.4, false, 'quiet'), row(0.35, false, 'quiet'), row(0.7, false), row(0.2, false), row(null, false, 'quiet')
  ]
  const one = { threshold: 0.3 - 1e-6, classes: {} }
  const p = pickThresholds(scored, 1)
  t.equal(sentBy(p, scored).filter(x => x.block).length, 4, 'every positive')
  t.ok(sentBy(p, scored).length < sentBy(one, scored).length, 'fewer messages')
  t.ok(p.classes.quiet! > p.threshold, 'quiet turns need a higher score')
  t.strictSame(pickThresholds([row(0.5, true, 'quiet'), row(0.4, false)], 1), { threshold: 0.5 - 1e-6, classes: {} }, 'no positive outside the class: one threshold')
})

t.test('a class with no positive in the split keeps the others\' threshold: it is never shut off', async t => {
  const p = pickThresholds([row(0.8, true), row(0.9, false, 'quiet'), row(0.85, false, 'quiet')], 1)
  t.strictSame(p.classes, {}, 'no threshold of its own')
  t.equal(sentBy(p, [row(0.9, false, 'quiet')]).length, 1, 'a quiet turn above the threshold still goes on')
  const low = [row(0.9, true), row(0.8, true), row(0.1, true, 'command'), ...[0.5, 0.4, 0.3, 0.2].map(s => row(s, false, 'command'))]
  const q = pickThresholds(low, 0.6)
  t.strictSame(q.classes, {}, 'a class whose one positive scores low stays with the rest when that sends fewer')
  t.equal(sentBy(q, low).length, 2)
})

t.test('the other turns never ask more than the one threshold would, even where a class could pay for it', async t => {
  // Raising the others' threshold to 0.9 and keeping the quiet positive would send 2 messages, not 5: not taken.
  const xs = [row(0.9, true), row(0.85, true), row(0.86, false), row(0.87, false), row(0.88, false), row(0.2, true, 'quiet')]
  const p = pickThresholds(xs, 0.6)
  t.equal(p.threshold, 0.85 - 1e-6, 'the one threshold')
  t.equal(sentBy(p, xs).filter(x => x.block).length, 2, 'the target kept')
})

t.test('the search is exact: no thresholds under its rules send fewer (brute force, 300 draws)', async t => {
  let seed = 7
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31 }
  for (let draw = 0; draw < 300; draw++) {
    const xs = Array.from({ length: 8 + Math.floor(rand() * 12) }, () => row(rand() < 0.1 ? null : Math.round(rand() * 100) / 100, rand() < 0.35, rand() < 0.4 ? 'command' : rand() < 0.5 ? 'quiet' : undefined))
    const positives = xs.filter(x => x.block).length
    if (positives === 0) continue
    const target = [0.5, 0.75, 0.9][draw % 3]!
    const need = Math.min(Math.ceil(target * positives), xs.filter(x => x.block && x.s !== null).length)
    const p = pickThresholds(xs, target)
    t.ok(sentBy(p, xs).filter(x => x.block).length >= need, `draw ${draw}: the target kept`)
    // The rules: a group that stands apart (a class, or the rest beside one) sends at least one of its own positives.
    const keepsOne = (q: Thresholds, of: (x: Scored) => boolean) => sentBy(q, xs.filter(of)).some(x => x.block)
    // …and the other turns ask no more than the one threshold, keeping one of theirs above it where a class stands apart.
    const single = pickThreshold(xs.filter(x => x.block && x.s !== null).map(x => x.s!), positives, target)
    const cuts = [...new Set([...xs.filter(x => x.s !== null).map(x => x.s! - 1e-6), single])]
    let fewest = Infinity
    for (const a of cuts.filter(v => v <= single)) {
      for (const b of [undefined, ...cuts]) {
        for (const c of [undefined, ...cuts]) {
          const q: Thresholds = { threshold: a, classes: { ...(b === undefined ? {} : { command: b }), ...(c === undefined ? {} : { quiet: c }) } }
          const apart = Object.keys(q.classes) as TurnClass[]
          if (apart.some(cls => !keepsOne(q, x => x.cls === cls))) continue
          if (apart.length > 0 && !keepsOne({ threshold: single, classes: {} }, x => x.cls === undefined || !apart.includes(x.cls))) continue
          const sent = sentBy(q, xs)
          if (sent.filter(x => x.block).length >= need) fewest = Math.min(fewest, sent.length)
        }
      }
    }
    if (fewest < Infinity) t.equal(sentBy(p, xs).length, fewest, `draw ${draw}: the fewest messages`)
  }
})

/** The id of the row a trained model file scores highest (its best trigger window, or the whole reply). */
function bestPositive (modelPath: string, rows: Array<Record<string, any>>): string {
  const scorer = scorerFrom(parseModel(JSON.parse(readFileSync(modelPath, 'utf8'))))
  const hook = loadConfig({ env: {}, file: '/dev/null' }).hooks[scorer.hook]!
  const best = (text: string) => Math.max(-1, ...(scorer.kind === 'topic' ? [text] : triggerWindows(text, hook.trigger)).map(w => scorer.score(w, text)))
  return rows.map(r => ({ id: r.id as string, s: best(r.text) })).sort((a, b) => b.s - a.s)[0]!.id
}

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
  const plain = await train(FIXTURE, join(dir, 'plain'))
  // …but the held-back positive the plain model scores highest, also read as quiet: the class has a positive to keep.
  const top = bestPositive(join(dir, 'plain', 'shallow-bugfix.json'), rows.filter(r => held.has(r.id) && r.labels['shallow-bugfix'] === 'block'))
  const withTurns = join(dir, 'turns.jsonl')
  writeFileSync(withTurns, rows.map(r => JSON.stringify(held.has(r.id) ? { ...r, turn: r.labels['shallow-bugfix'] === 'block' && r.id !== top ? 'edit' : 'quiet' } : r)).join('\n') + '\n')
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
  const plain = await train(FIXTURE, join(dir, 'plain'))
  // The held-back ordinary commit talk read as if its turn had pushed; the proposals as turns that had not, but for the
  // one the plain model scores highest ("Committed. Shall I push?").
  const top = bestPositive(join(dir, 'plain', 'commit.json'), rows.filter(r => held.has(r.id) && r.labels.commit === 'block'))
  const committed = join(dir, 'committed.jsonl')
  writeFileSync(committed, rows.map(r => JSON.stringify(held.has(r.id) && (r.labels.commit === 'allow' || r.id === top) ? { ...r, committed: true } : r)).join('\n') + '\n')
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
  const { quietThreshold, commandThreshold, ...plain } = hook.scorer!
  const policy = (committedThreshold: number, threshold = hook.scorer!.threshold) => ({ ...hook, scorer: { ...plain, threshold, committedThreshold } })
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
