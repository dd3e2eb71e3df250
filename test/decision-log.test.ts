// The daily decision log: one JSON line per decision, 0600, and a failing disk never fails the answer.
import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { createDecisionLog, recordLine } from '../server/ops/decision-log.js'
import { commitVerdict, startFakeJudgeApi } from './fixtures/fake-judge-api.js'
import { build, claudeStop, tempDir, testConfig } from './helper.js'
import { testClock } from './helpers/clock.js'

t.test('each decision is appended to decisions-YYYY-MM-DD.jsonl with the text redacted', async t => {
  const dir = tempDir(t)
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'r') })
  t.teardown(() => api.close())
  // The day is the runtime clock's, not the machine's: a run at midnight names the same file.
  const { app } = await build(t, testConfig({ decisionLog: { enabled: true, dir } }, api.url), { clock: testClock({ start: Date.parse('2026-11-29T23:59:59.500Z') }) })
  const secret = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'
  await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(`I'll push now with token ${secret}`) })
  await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(`Renamed a file; token ${secret}`) })
  await app.close()
  const file = join(dir, 'decisions-2026-11-29.jsonl')
  const lines = readFileSync(file, 'utf8').trim().split('\n').map(l => JSON.parse(l))
  t.equal(lines.length, 2)
  t.match(lines[0], { ts: '2026-11-29T23:59:59.500Z', hook: 'commit', decision: 'block', source: 'judge' })
  t.match(lines[1], { decision: 'allow', source: 'layer1' })
  t.notMatch(readFileSync(file, 'utf8'), new RegExp(secret))
  t.match(lines[1].text, /\[REDACTED:/)
  t.equal(statSync(file).mode & 0o777, 0o600)
})

t.test('a failing disk: the hook is still answered, the error is counted and logged', async t => {
  const dir = tempDir(t)
  const blocker = join(dir, 'not-a-dir')
  writeFileSync(blocker, '')
  chmodSync(blocker, 0o400)
  const { app, settled } = await build(t, testConfig({ decisionLog: { enabled: true, dir: join(blocker, 'sub') } }))
  const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Renamed a file.') })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), {})
  await settled()
  const metrics = (await app.inject({ url: '/metrics' })).body
  t.match(metrics, /hookjudge_decision_log_errors_total 1/)
})

t.test('stream errors are reported and the next record opens a fresh file', async t => {
  const dir = tempDir(t)
  const errors: Error[] = []
  const log = createDecisionLog({ dir: join(dir, 'a', 'b'), onError: (e) => errors.push(e) })
  const rec = { ts: '2026-11-29T10:00:00.000Z' } as any
  log.write([rec])
  log.write([{ ...rec, ts: '2026-11-30T10:00:00.000Z' }])
  await log.close()
  t.equal(readFileSync(join(dir, 'a', 'b', 'decisions-2026-11-29.jsonl'), 'utf8'), JSON.stringify(rec) + '\n')
  t.ok(readFileSync(join(dir, 'a', 'b', 'decisions-2026-11-30.jsonl'), 'utf8').length > 0, 'a new day opens a new file')
  t.equal(errors.length, 0)
})

t.test('a record line is the record, its text the last key, whatever the text holds', async t => {
  const base = { ts: '2026-11-29T10:00:00.000Z', hook: 'commit', decision: 'allow', source: 'layer1', fields: null, turn: 't1' } as any
  const texts = ['plain', 'quotes " and \\ back\nslash\ttab', 'ünïcödé ✅ 日本語 \u2028 \u0000', 'plain']
  for (const [i, text] of texts.entries()) {
    for (const hook of ['commit', 'scope-check']) {
      const r = { ...base, hook, text, user: 'ana' }
      const line = recordLine(r)
      t.ok(line.endsWith('\n'))
      t.strictSame(JSON.parse(line), r, `${hook}, text ${i}`)
      t.equal(Object.keys(JSON.parse(line)).at(-1), 'text', 'the text is the last key')
    }
  }
  t.equal(recordLine(base), JSON.stringify(base) + '\n', 'without text (decisionLog.text: none) it is JSON.stringify')
  const r = { ...base, text: 'kept' }
  recordLine(r)
  t.strictSame(r, { ...base, text: 'kept' }, 'the record itself is left as it was')
  t.strictSame(JSON.parse(recordLine({ text: 'alone' } as any)), { text: 'alone' })
})

t.test('a file that stops taking writes holds at most maxBacklogBytes: later records are dropped and reported', async t => {
  const dir = tempDir(t)
  const fifo = join(dir, 'decisions-2026-11-29.jsonl')
  // A FIFO nobody reads yet: the log's open waits, as on a stalled mount, and what it is handed stays in memory.
  execFileSync('mkfifo', [fifo])
  const errors: Error[] = []
  const log = createDecisionLog({ dir, onError: (e) => errors.push(e), maxBacklogBytes: 1000 })
  const rec = (i: number) => ({ ts: '2026-11-29T10:00:00.000Z', hook: 'commit', n: i, text: 'x'.repeat(300) }) as any
  for (let i = 0; i < 10; i++) {
    log.write([rec(i)])
    await Promise.resolve()
  }
  t.ok(errors.length > 0, 'the dropped batches are reported')
  t.match(errors[0]!.message, /bytes behind its file: records dropped/)
  const chunks: Buffer[] = []
  const reader = createReadStream(fifo).on('data', (c: string | Buffer) => { chunks.push(Buffer.from(c)) })
  await log.close()
  await once(reader, 'close')
  const lines = Buffer.concat(chunks).toString('utf8').trim().split('\n').map(l => JSON.parse(l).n)
  t.same(lines, lines.map((_, i) => i), 'the first records, in order')
  t.ok(lines.length >= 3 && lines.length < 10, `the backlog stopped growing past the bound (${lines.length} kept)`)
})
