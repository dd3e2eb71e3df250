// Labels from the review page: CSRF refusal, redacted storage, agreement, and the export through the real CLI into eval.
import { spawn } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { parseCorpus } from '../../server/eval/corpus.js'
import { rowTurnClass } from '../../server/eval/corpus.js'
import { build, tempDir, testConfig, TSX_CHILD_ENV } from '../helper.js'
import { pageApp } from './page-app.js'
import { record, seed } from './seed.js'

const SECRET = 'ghp_0123456789abcdefghijABCDEFGHIJ012345'
const CLI = new URL('../../server/cli.ts', import.meta.url).pathname

t.test('a label needs the page\'s CSRF token; without it nothing is written', async t => {
  const a = await pageApp(t)
  seed(a.dir, [record()])
  const id = Object.values(await a.ids())[0] as string
  for (const headers of [{}, { 'x-hookjudge-csrf': 'f'.repeat(64) }, { 'x-hookjudge-csrf': '' }] as Record<string, string>[]) {
    const res = await a.label(id, 'allow', headers)
    t.equal(res.statusCode, 403, JSON.stringify(headers))
    t.match(res.json().error, /CSRF/)
  }
  const evil = await a.label(id, 'allow', { 'x-hookjudge-csrf': a.csrf, origin: 'http://evil.example', host: '127.0.0.1:5834' })
  t.equal(evil.statusCode, 403, 'the right token from another origin')
  t.throws(() => statSync(join(a.dir, 'labels.jsonl')), 'no label file')
  const refused = (await a.metrics.badRequests.get()).values.find(v => v.labels.reason === 'csrf')
  t.equal(refused?.value, 3, 'each refusal counted')
})

t.test('labels are stored with the text redacted, the last one per decision wins, clear takes it back', async t => {
  const a = await pageApp(t)
  seed(a.dir, [
    record({ ts: '2026-12-01T09:00:00.000Z', text: `pushing now with GITHUB_TOKEN=${SECRET}`, decision: 'block', wouldBlock: true }),
    record({ ts: '2026-12-01T09:01:00.000Z', text: 'all done', decision: 'allow', wouldBlock: false, source: 'layer1' })
  ])
  const ids = await a.ids()
  const leaky = Object.entries(ids).find(([k]) => k.startsWith('pushing'))![1] as string
  t.notMatch(JSON.stringify((await a.app.inject({ url: '/ui/api/decisions' })).json()), SECRET, 'the timeline never shows the secret')
  const res = await a.label(leaky, 'allow')
  t.equal(res.statusCode, 200)
  t.match(res.json(), { hook: 'commit', label: 'allow', judged: 'block', agreement: { commit: { agree: 0, disagree: 1 } } })
  const file = join(a.dir, 'labels.jsonl')
  const stored = readFileSync(file, 'utf8')
  t.notMatch(stored, SECRET, 'no secret in labels.jsonl')
  t.match(JSON.parse(stored.trim()), { decisionId: leaky, hook: 'commit', label: 'allow', judged: 'block', text: 'pushing now with GITHUB_TOKEN=[REDACTED:github-pat]' })
  t.equal(statSync(file).mode & 0o777, 0o600)
  t.equal((await a.label(ids['all done']!, 'allow')).statusCode, 200)
  t.equal((await a.label(leaky, 'block')).statusCode, 200)
  t.match((await a.app.inject({ url: '/ui/api/labels' })).json(), { count: 2, agreement: { commit: { agree: 2, disagree: 0 } } })
  t.equal((await a.label(leaky, 'clear')).statusCode, 200)
  t.match((await a.app.inject({ url: '/ui/api/labels' })).json(), { count: 1 })
  const page = (await a.app.inject({ url: '/ui/api/decisions' })).json()
  t.strictSame(page.labels, { [ids['all done']!]: 'allow' }, 'the timeline shows the labels in force')
  for (const [body, status] of [['{"id":"2026-12-01:0","label":"maybe"}', 400], ['not json', 400], ['{"id":"2026-12-01:3","label":"block"}', 404], ['{"id":"2020-01-01:0","label":"block"}', 404]] as const) {
    const r = await a.app.inject({ method: 'POST', url: '/ui/api/labels', headers: { 'x-hookjudge-csrf': a.csrf }, body })
    t.equal(r.statusCode, status, body)
  }
})

t.test('labels export (the real CLI) writes an eval corpus that eval scores', async t => {
  const dir = tempDir(t)
  const a = await build(t, testConfig({ decisionLog: { enabled: true, dir } }))
  seed(dir, [
    // A class the daemon never writes (a log edited by hand) is dropped; a real one travels into the corpus.
    record({ ts: '2026-12-01T09:00:00.000Z', text: "I'll commit and push to main now.", decision: 'allow', wouldBlock: false, turnClass: 'bogus' as 'quiet' }),
    record({ ts: '2026-12-01T09:00:00.100Z', text: "I'll commit and push to main now.", hook: 'scope-check', decision: 'allow', wouldBlock: false }),
    record({ ts: '2026-12-01T09:05:00.000Z', text: 'Renamed the helper.', decision: 'block', turnClass: 'committed' }),
    { ...record({ ts: '2026-12-01T09:06:00.000Z' }), text: undefined }
  ])
  const csrf = /content="([0-9a-f]+)"/.exec((await a.app.inject({ url: '/ui' })).body)![1]!
  const items: any[] = (await a.app.inject({ url: '/ui/api/decisions' })).json().items
  const idOf = (ts: string) => items.find(i => i.record.ts === ts).id
  for (const [ts, label] of [['09:00:00.000', 'block'], ['09:00:00.100', 'allow'], ['09:05:00.000', 'allow'], ['09:06:00.000', 'block']]) {
    const body = JSON.stringify({ id: idOf(`2026-12-01T${ts}Z`), label })
    t.equal((await a.app.inject({ method: 'POST', url: '/ui/api/labels', headers: { 'x-hookjudge-csrf': csrf }, body })).statusCode, 200)
  }
  const config = join(dir, 'c.yaml')
  writeFileSync(config, `decisionLog: { dir: "${dir}" }\n`)
  const run = (args: string[]) => new Promise<{ code: number | null, out: string, err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...TSX_CHILD_ENV, PATH: process.env.PATH ?? '', HOME: dir } })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => { out += c })
    child.stderr.on('data', (c: Buffer) => { err += c })
    child.on('close', code => resolve({ code, out, err }))
  })
  const exported = await run(['labels', 'export', '--config', config])
  t.equal(exported.code, 0, exported.err)
  t.match(exported.err, /1 label\(s\) have no text/)
  const { rows, problems } = parseCorpus(exported.out)
  t.strictSame(problems, [])
  t.equal(rows.length, 2, 'one row per distinct text')
  const push = rows.find(r => r.text.startsWith("I'll commit"))!
  t.strictSame(push.labels, { commit: 'block', 'scope-check': 'allow' }, 'both hooks labelled on the one text')
  t.equal(rowTurnClass(push), undefined, 'no class where the record had none the daemon writes')
  t.equal(rowTurnClass(rows.find(r => r.text === 'Renamed the helper.')!), 'committed', "the turn's class, for train's class thresholds")
  const corpus = join(dir, 'labels.corpus.jsonl')
  writeFileSync(corpus, exported.out)
  const scored = await run(['eval', corpus, '--config', config, '--layer1-only', '--json'])
  t.equal(scored.code, 0, scored.err)
  t.match(JSON.parse(scored.out).hooks.commit, { n: 2, positives: 1 })
})
