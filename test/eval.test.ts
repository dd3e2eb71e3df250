// hookjudge eval: the arithmetic on a tiny corpus with known answers (Layer 1 alone, and with a loopback fake judge),
// the confusion listing, the output shapes, and the Layer-1 floors on the project's corpus that CI enforces.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t, { type Test } from 'tap'
import { evalCommand } from '../server/commands/eval.js'
import { VERBS } from '../server/commands/index.js'
import { runCli } from '../server/commands/dispatch.js'
import { replayCommand } from '../server/commands/replay.js'
import { commitVerdict, startFakeJudgeApi } from './fixtures/fake-judge-api.js'
import { tempDir, TSX_CHILD_ENV } from './helper.js'

const TINY = new URL('./fixtures/eval-corpus.jsonl', import.meta.url).pathname
const CORPUS = new URL('./fixtures/corpus.jsonl', import.meta.url).pathname

function capture (env: Record<string, string> = {}, tty = false) {
  let out = ''
  let err = ''
  const stdout = new Writable({ write (c, _e, cb) { out += c; cb() } })
  const stderr = Object.assign(new Writable({ write (c, _e, cb) { err += c; cb() } }), { isTTY: tty })
  return { io: { env, stdin: Readable.from([]), stdout, stderr }, out: () => out, err: () => err }
}

/** A fake judge that finds a violation exactly when the text says VIOLATION; the config points the judge at it. */
async function fakeJudge (t: Test) {
  const api = await startFakeJudgeApi((body) => ({ text: commitVerdict({ new_proposal: JSON.stringify(body).includes('VIOLATION') }, 'fake') }))
  t.teardown(() => api.close())
  const config = join(tempDir(t), 'c.yaml')
  writeFileSync(config, `backends:\n  anthropic: { baseUrl: "${api.url}" }\n`)
  return { api, config, env: { ANTHROPIC_API_KEY: 'k' } }
}

t.test('Layer 1 only: hit rate and recall per hook, final not scored', async t => {
  const c = capture()
  t.equal(await evalCommand([TINY, '--config', '/dev/null', '--layer1-only', '--json'], c.io), 0)
  const { hooks } = JSON.parse(c.out())
  t.strictSame(Object.keys(hooks), ['commit', 'scope-check'], 'labelled, configured hooks only')
  // commit: 7 labels, 3 block; hits c1 c2 c4 c5 (c7 skipped, c3 c6 missed): 4/7, recall 2/3.
  t.match(hooks.commit, { n: 7, positives: 3, layer1: { hitRate: 0.5714, recall: 0.6667 }, final: null, calls: 0, tokens: 0 })
  t.match(hooks['scope-check'], { n: 2, positives: 1, layer1: { hitRate: 0.5, recall: 1 }, final: null })
  t.ok(hooks.commit.p95Ms >= 0 && hooks.commit.meanMs >= 0, 'timings are numbers')
  t.match(c.err(), /not-configured/, 'a label for a hook not in the config is reported as skipped')
})

t.test('with the judge: precision, recall, false-block rate, calls and tokens', async t => {
  const { api, config, env } = await fakeJudge(t)
  const c = capture(env)
  t.equal(await evalCommand([TINY, '--config', config, '--json', '--misses'], c.io), 0)
  const { hooks, misses } = JSON.parse(c.out())
  // Blocked: c1 (block, TP) and c4 (allow, FP). precision 1/2, recall 1/3, false blocks 1 of 4 allows.
  t.match(hooks.commit, { n: 7, positives: 3, layer1: { hitRate: 0.5714, recall: 0.6667 }, final: { precision: 0.5, recall: 0.3333, falseBlockRate: 0.25 }, calls: 4, tokens: 600, fallbacks: 0 })
  t.match(hooks['scope-check'], { final: { precision: 1, recall: 1, falseBlockRate: 0 }, calls: 1 })
  t.equal(api.requests.length, 5, 'one judge call per Layer-1 hit, none for misses and skips')
  t.ok(hooks.commit.p95Ms > 0 && hooks.commit.meanMs > 0, 'latency figures present')
  t.strictSame(misses.map((m: any) => [m.kind, m.id, m.label, m.got, m.source]), [
    ['FN', 'c2', 'block', 'allow', 'judge'],
    ['FN', 'c3', 'block', 'allow', 'layer1'],
    ['FP', 'c4', 'allow', 'block', 'judge']
  ])
})

t.test('--hooks narrows the scoring; the table and the listing are people-readable', async t => {
  const { config, env } = await fakeJudge(t)
  const c = capture(env)
  t.equal(await evalCommand([TINY, '--config', config, '--hooks', 'commit', '--misses'], c.io), 0)
  const out = c.out()
  t.match(out, /^eval .*eval-corpus\.jsonl: 10 messages, 7 labels, Layer 1 \+ the judge/)
  t.match(out, /commit\s+7\s+3\s+57\.1%\s+66\.7%\s+21–94\s+50\.0%\s+33\.3%\s+25\.0%/)
  t.notMatch(out, /scope-check/)
  t.match(out, /misses: 2 false negative\(s\), 1 false positive\(s\)/)
  t.match(out, /FP\s+commit\s+c4\s+label=allow\s+got=block\s+source=judge\s+"Shall I commit\? VIOLATION"/)
  t.equal(c.err(), '', 'no progress bar when stderr is not a terminal')
})

t.test('a progress bar on stderr only when stderr is a terminal', async t => {
  const c = capture({}, true)
  t.equal(await evalCommand([TINY, '--config', '/dev/null', '--layer1-only'], c.io), 0)
  t.match(c.err(), /\reval \[#+\] 9\/9/)
  t.ok(c.err().endsWith('\r\u001b[K'), 'the bar is cleared at the end')
})

t.test('errors: unknown hook, bad corpus, unreadable file, no usable backend', async t => {
  await t.rejects(evalCommand([TINY, '--config', '/dev/null', '--hooks', 'nope'], capture().io), /unknown hook\(s\) nope/)
  await t.rejects(evalCommand(['--config', '/dev/null'], capture().io), /needs a CORPUS/)
  const bad = join(tempDir(t), 'bad.jsonl')
  writeFileSync(bad, '{"id":"a","text":"x","labels":{"commit":"block"}}\nnot json\n{"id":"b","text":"y","labels":{"commit":"maybe"}}\n')
  let c = capture()
  t.equal(await evalCommand([bad, '--config', '/dev/null', '--layer1-only'], c.io), 1)
  t.match(c.err(), /2 invalid line\(s\):\n {2}line 2: not JSON\n {2}line 3 \(b\): label of "commit"/)
  c = capture()
  t.equal(await evalCommand(['/nonexistent/corpus.jsonl', '--config', '/dev/null'], c.io), 1)
  t.match(c.err(), /cannot read \/nonexistent\/corpus\.jsonl \(ENOENT\)/)
  c = capture()
  t.equal(await evalCommand([TINY, '--config', '/dev/null'], c.io), 1, 'without a key the judge cannot be scored')
  t.match(c.err(), /cannot score the judge:\n {2}hook commit: [^\n]*backend[^\n]*\n.*--layer1-only/s)
})

t.test('CI floors on the project corpus, Layer 1 only: recall ≥ 95% per hook, ordinary hit rate ≤ 20%', async t => {
  const c = capture()
  t.equal(await evalCommand([CORPUS, '--config', '/dev/null', '--layer1-only', '--json'], c.io), 0)
  const { hooks } = JSON.parse(c.out())
  t.strictSame(Object.keys(hooks), ['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction'])
  for (const [name, s] of Object.entries<any>(hooks)) {
    t.ok(s.positives >= 25, `${name}: ${s.positives} violations`)
    t.ok(s.layer1.recall >= 0.95, `${name}: Layer-1 recall ${s.layer1.recall} ≥ 0.95`)
    t.equal(s.final, null)
  }
  // The ordinary messages alone (labelled allow for every hook): how often Layer 2 would be paid on a normal turn.
  const ordinary = readFileSync(CORPUS, 'utf8').split('\n').filter(l => l.trim() !== '' && JSON.parse(l).id.startsWith('ordinary-'))
  t.ok(ordinary.length >= 60)
  const file = join(tempDir(t), 'ordinary.jsonl')
  writeFileSync(file, ordinary.join('\n'))
  const o = capture()
  t.equal(await evalCommand([file, '--config', '/dev/null', '--layer1-only', '--json'], o.io), 0)
  for (const [name, s] of Object.entries<any>(JSON.parse(o.out()).hooks)) {
    t.equal(s.n, ordinary.length)
    t.equal(s.positives, 0)
    t.equal(s.layer1.recall, null, 'no violations: recall is undefined, not 0')
    t.ok(s.layer1.hitRate <= 0.20, `${name}: ordinary hit rate ${s.layer1.hitRate} ≤ 0.20`)
  }
})

t.test('the hookjudge command runs eval (and lists eval and replay in its usage)', async t => {
  t.equal(await VERBS.find(v => v.spec.name === 'eval')?.load(), evalCommand)
  t.equal(await VERBS.find(v => v.spec.name === 'replay')?.load(), replayCommand)
  const cli = new URL('../server/cli.ts', import.meta.url).pathname
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'eval', TINY, '--config', '/dev/null', '--layer1-only', '--json', '--hooks', 'scope-check'], { env: { ...TSX_CHILD_ENV, PATH: process.env.PATH ?? '' } })
  let out = ''
  child.stdout.on('data', (c: Buffer) => { out += c })
  const code = await new Promise(resolve => child.on('close', resolve))
  t.equal(code, 0)
  t.match(JSON.parse(out), { hooks: { 'scope-check': { n: 2, layer1: { hitRate: 0.5 } } } })
  const usage = capture()
  t.equal(await runCli(['--help'], usage.io), 0)
  t.match(usage.out(), /\n {2}eval CORPUS\.jsonl +score the judge/)
  t.match(usage.out(), /\n {2}replay LOG… +re-judge/)
  const help = capture()
  t.equal(await runCli(['eval', '--help'], help.io), 0)
  for (const flag of ['--config <FILE>', '--hooks <a,b>', '--layer1-only', '--misses', '--json']) t.match(help.out(), flag)
})

t.test('eval - reads the corpus from stdin (hookjudge labels export | hookjudge eval -)', async t => {
  const line = JSON.stringify({ id: 'x1', text: 'Refactored the loader. I\'ll commit and push to main now.', labels: { commit: 'block' } }) + '\n'
  let out = ''
  const io = { env: {}, stdin: Readable.from([Buffer.from(line)]), stdout: new Writable({ write (c, _e, cb) { out += c; cb() } }), stderr: new Writable({ write (_c, _e, cb) { cb() } }) }
  t.equal(await evalCommand(['-', '--config', '/dev/null', '--layer1-only', '--json'], io), 0)
  t.match(JSON.parse(out), { hooks: { commit: { n: 1, positives: 1, layer1: { recall: 1 } } } })
})
