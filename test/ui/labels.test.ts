// Labels from the review page: CSRF refusal, redacted storage, agreement, the export through the real CLI into eval,
// and what the current or a candidate config would do to the labelled set (a loopback fake judge).
import { spawn } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t, { type Test } from 'tap'
import { labelsCommand } from '../../server/commands/labels.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, tempDir, testConfig } from '../helper.js'
import { record, seed } from './seed.js'

const SECRET = 'ghp_0123456789abcdefghijABCDEFGHIJ012345'
const CLI = new URL('../../server/cli.ts', import.meta.url).pathname

async function app (t: Test, url?: string) {
  const dir = tempDir(t)
  const built = await build(t, testConfig({ decisionLog: { enabled: true, dir } }, url))
  const csrf = /name="hookjudge-csrf" content="([0-9a-f]+)"/.exec((await built.app.inject({ url: '/ui' })).body)![1]!
  const ids = async () => Object.fromEntries((await built.app.inject({ url: '/ui/api/decisions?limit=200' })).json().items.map((i: any) => [i.record.text ?? i.record.ts, i.id]))
  const label = (id: string, label: string, headers: Record<string, string> = { 'x-hookjudge-csrf': csrf }) =>
    built.app.inject({ method: 'POST', url: '/ui/api/labels', headers, body: JSON.stringify({ id, label }) })
  return { ...built, dir, csrf, ids, label }
}

function capture (env: Record<string, string>) {
  let out = ''
  let err = ''
  const stdout = new Writable({ write (c, _e, cb) { out += c; cb() } })
  const stderr = new Writable({ write (c, _e, cb) { err += c; cb() } })
  return { io: { env, stdin: Readable.from([]), stdout, stderr }, out: () => out, err: () => err }
}

t.test('a label needs the page\'s CSRF token; without it nothing is written', async t => {
  const a = await app(t)
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
  const a = await app(t)
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
  t.equal((await a.label(ids['all done'], 'allow')).statusCode, 200)
  t.equal((await a.label(leaky, 'block')).statusCode, 200)
  t.match((await a.app.inject({ url: '/ui/api/labels' })).json(), { count: 2, agreement: { commit: { agree: 2, disagree: 0 } } })
  t.equal((await a.label(leaky, 'clear')).statusCode, 200)
  t.match((await a.app.inject({ url: '/ui/api/labels' })).json(), { count: 1 })
  const page = (await a.app.inject({ url: '/ui/api/decisions' })).json()
  t.strictSame(page.labels, { [ids['all done']]: 'allow' }, 'the timeline shows the labels in force')
  for (const [body, status] of [['{"id":"2026-12-01:0","label":"maybe"}', 400], ['not json', 400], ['{"id":"2026-12-01:3","label":"block"}', 404], ['{"id":"2020-01-01:0","label":"block"}', 404]] as const) {
    const r = await a.app.inject({ method: 'POST', url: '/ui/api/labels', headers: { 'x-hookjudge-csrf': a.csrf }, body })
    t.equal(r.statusCode, status, body)
  }
})

t.test('labels export (the real CLI) writes an eval corpus that eval scores', async t => {
  const dir = tempDir(t)
  const a = await build(t, testConfig({ decisionLog: { enabled: true, dir } }))
  seed(dir, [
    record({ ts: '2026-12-01T09:00:00.000Z', text: "I'll commit and push to main now.", decision: 'allow', wouldBlock: false }),
    record({ ts: '2026-12-01T09:00:00.100Z', text: "I'll commit and push to main now.", hook: 'scope-check', decision: 'allow', wouldBlock: false }),
    record({ ts: '2026-12-01T09:05:00.000Z', text: 'Renamed the helper.', decision: 'block' }),
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
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { PATH: process.env.PATH ?? '', HOME: dir } })
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
  const corpus = join(dir, 'labels.corpus.jsonl')
  writeFileSync(corpus, exported.out)
  const scored = await run(['eval', corpus, '--config', config, '--layer1-only', '--json'])
  t.equal(scored.code, 0, scored.err)
  t.match(JSON.parse(scored.out).hooks.commit, { n: 2, positives: 1 })
})

t.test('what-if: the current config and a candidate, fixed / broken / unchanged against the judge of then', async t => {
  const api = await startFakeJudgeApi((body) => ({ text: commitVerdict({ new_proposal: JSON.stringify(body).includes('VIOLATION') }, 'fake') }))
  t.teardown(() => api.close())
  const a = await app(t, api.url)
  seed(a.dir, [
    record({ ts: '2026-12-01T09:00:00.000Z', text: "I'll commit and push to main now. VIOLATION", decision: 'allow', wouldBlock: false }),
    record({ ts: '2026-12-01T09:01:00.000Z', text: "I'll push the branch now.", decision: 'block', wouldBlock: true }),
    record({ ts: '2026-12-01T09:02:00.000Z', text: 'Renamed the helper.', decision: 'allow', wouldBlock: false, source: 'layer1' })
  ])
  const ids = await a.ids()
  for (const [text, label] of [["I'll commit and push to main now. VIOLATION", 'block'], ["I'll push the branch now.", 'block'], ['Renamed the helper.', 'allow']]) {
    t.equal((await a.label(ids[text!], label!)).statusCode, 200)
  }
  const post = (body: unknown, headers: Record<string, string> = { 'x-hookjudge-csrf': a.csrf }) =>
    a.app.inject({ method: 'POST', url: '/ui/api/what-if', headers, body: JSON.stringify(body) })
  t.equal((await post({}, {})).statusCode, 403, 'a what-if run needs the CSRF token too')
  const current = await post({})
  t.equal(current.statusCode, 200, current.body)
  t.match(current.json(), { config: 'current', hooks: { commit: { fixed: 1, broken: 1, unchanged: 1, right: 2, n: 3 } } })
  t.strictSame(current.json().changes.filter((c: any) => c.change !== 'unchanged').map((c: any) => [c.change, c.before, c.after]), [['fixed', 'allow', 'block'], ['broken', 'block', 'allow']])
  // A candidate is a whole user file: it names the judge it uses, as the real one would.
  const judgeYaml = `judge: { backends: [anthropic] }\nbackends:\n  anthropic: { baseUrl: "${api.url}" }\n`
  const candidate = await post({ candidate: `${judgeYaml}hooks:\n  commit:\n    skip: ['VIOLATION']\n` })
  t.equal(candidate.statusCode, 200, candidate.body)
  t.match(candidate.json(), { config: 'candidate', hooks: { commit: { fixed: 0, broken: 1, unchanged: 2, right: 1 } } })
  t.strictSame(candidate.json().changes.map((c: any) => c.source), ['skip', 'judge', 'layer1'], 'judged by the candidate\'s own judge')
  const invalid = await post({ candidate: 'hooks:\n  commit:\n    mode: sometimes\n' })
  t.equal(invalid.statusCode, 422)
  t.match(invalid.json(), { problems: [/hooks\.commit\.mode/] })
  t.equal((await post({ candidate: 5 })).statusCode, 400)

  const file = join(tempDir(t), 'candidate.yaml')
  writeFileSync(file, `${judgeYaml}hooks:\n  commit:\n    skip: ['VIOLATION']\n`)
  const cfg = join(tempDir(t), 'c.yaml')
  writeFileSync(cfg, `decisionLog: { dir: "${a.dir}" }\njudge: { backends: [anthropic] }\nbackends:\n  anthropic: { baseUrl: "${api.url}" }\n`)
  const c = capture({ ANTHROPIC_API_KEY: 'k' })
  t.equal(await labelsCommand(['what-if', '--config', cfg, '--candidate', file, '--json'], c.io), 0, c.err())
  t.match(JSON.parse(c.out()), { config: 'candidate', hooks: { commit: { fixed: 0, broken: 1, unchanged: 2 } } })
  t.strictSame(JSON.parse(c.out()).changes.map((x: any) => x.source), ['skip', 'judge', 'layer1'])
  const none = capture({})
  t.equal(await labelsCommand(['what-if', '--config', cfg], none.io), 1, 'no API key: the judge cannot run')
  t.match(none.err(), /cannot judge the labelled set/)
  await t.rejects(labelsCommand(['import'], capture({}).io), /usage/)
})
