// What-if's candidate over HTTP cannot choose what the daemon runs, where it sends a key or which file it opens; it has
// /reload's access rule and, in team mode, needs the review grant (a loopback fake judge; a listener standing for the attacker's).
import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { listenFake } from '../fixtures/fake-server.js'
import { build, tempDir, testConfig } from '../helper.js'
import { pageApp } from './page-app.js'
import { record, seed } from './seed.js'

const ALICE = 'a1'.repeat(16)
const REVIEWER = 'r9'.repeat(16)

async function labelled (t: Parameters<typeof tempDir>[0]) {
  const api = await startFakeJudgeApi(() => ({ text: commitVerdict({ new_proposal: true }, 'fake') }))
  t.teardown(() => api.close())
  const a = await pageApp(t, api.url)
  seed(a.dir, [record({ text: "I'll commit and push to main now." })])
  const [id] = Object.values(await a.ids())
  t.equal((await a.label(id!, 'block')).statusCode, 200)
  const post = (candidate: string, remoteAddress = '127.0.0.1') =>
    a.app.inject({ method: 'POST', url: '/ui/api/what-if', remoteAddress, headers: { 'x-hookjudge-csrf': a.csrf }, body: JSON.stringify({ candidate }) })
  return { ...a, post, api }
}

t.test('a candidate cannot add a command, a backend URL, a key variable or a file: 422, and nothing runs or is sent', async t => {
  const a = await labelled(t)
  const attacker = { requests: 0 }
  const listener = await listenFake(async (_req, res) => { attacker.requests++; res.end('{}') })
  t.teardown(() => listener.close())
  const proof = join(tempDir(t), 'ran')
  const fifo = join(tempDir(t), 'model.fifo')
  execFileSync('mkfifo', [fifo])
  const secret = join(tempDir(t), 'secret.json')
  writeFileSync(secret, 'TOP-SECRET-FIRST-BYTES')
  const attacks: Record<string, string> = {
    'command backend': `backends:\n  evil: { type: command, command: [sh, -c, "id > ${proof}"] }\njudge: { backends: [evil] }\n`,
    'command backend for one hook': `backends:\n  evil: { type: command, command: [sh, -c, "id > ${proof}"] }\nhooks:\n  commit: { backends: [evil] }\n`,
    'base URL and key variable': `backends:\n  anthropic: { baseUrl: "${listener.url}", apiKeyEnv: HOOKJUDGE_REDIS_PASSWORD }\n`,
    'model file (FIFO)': `hooks:\n  commit: { layer1: { model: "${fifo}" } }\n`,
    'model file (device)': 'hooks:\n  commit: { layer1: { model: /dev/zero } }\n',
    'model file (readable)': `hooks:\n  commit: { layer1: { model: "${secret}" } }\n`,
    'rules file': `redaction: { gitleaksConfig: "${secret}" }\n`,
    'decision log folder': 'decisionLog: { dir: /tmp }\n'
  }
  for (const [name, yaml] of Object.entries(attacks)) {
    const res = await a.post(yaml)
    t.equal(res.statusCode, 422, name)
    t.match(res.json().problems.join('\n'), /only hooks\.HOOK\.\{mode, trigger, skip, prompt, feedback, blockWhen\} can be tried here/, name)
    t.notMatch(res.body, /TOP-SECRET/, `${name}: no file's bytes in the answer`)
  }
  t.notOk(existsSync(proof), 'no command ran')
  t.equal(attacker.requests, 0, 'nothing was sent to the caller\'s listener')
  t.equal((await a.app.inject({ url: '/healthz' })).statusCode, 200, 'the daemon still answers')
  const unknown = await a.post('hooks:\n  nope: { mode: off }\n')
  t.match(unknown.json().problems, [/hooks\."nope": no such hook/])
  t.equal((await a.post("hooks:\n  commit: { skip: ['push'] }\n")).statusCode, 200, 'a change to how a hook judges runs')
})

t.test('what-if answers loopback callers only, as /reload does', async t => {
  const a = await labelled(t)
  const far = await a.post('hooks:\n  commit: { mode: shadow }\n', '10.1.2.3')
  t.equal(far.statusCode, 403)
  t.match(far.json(), { error: /loopback callers only/ })
  t.equal((await a.app.inject({ method: 'POST', url: '/reload', remoteAddress: '10.1.2.3' })).statusCode, 403, 'the same rule')
})

t.test('team mode: what-if needs the review grant', async t => {
  const api = await startFakeJudgeApi(() => ({ text: commitVerdict({ new_proposal: true }, 'fake') }))
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const tokens = join(tempDir(t), 'tokens')
  writeFileSync(tokens, `alice ${ALICE}\nrita ${REVIEWER} review\n`, { mode: 0o600 })
  const { app } = await build(t, testConfig({ decisionLog: { enabled: true, dir }, server: { tokensFile: tokens } }, api.url))
  const as = (token: string) => ({ authorization: `Bearer ${token}` })
  // Each person posts with the CSRF token of their own page.
  const csrf = async (token: string) => /name="hookjudge-csrf" content="([0-9a-f]+)"/.exec((await app.inject({ url: '/ui', headers: as(token) })).body)![1]!
  const run = async (token: string) => await app.inject({ method: 'POST', url: '/ui/api/what-if', headers: { ...as(token), 'x-hookjudge-csrf': await csrf(token) }, body: '{}' })
  const alice = await run(ALICE)
  t.equal(alice.statusCode, 403)
  t.match(alice.json(), { error: /review grant/ })
  t.equal((await run(REVIEWER)).statusCode, 200, 'a reviewer runs it')
})

t.test('the review page opens only regular files: a FIFO in the log folder is skipped, not waited on', async t => {
  const a = await pageApp(t)
  execFileSync('mkfifo', [join(a.dir, 'decisions-2026-12-02.jsonl')])
  execFileSync('mkfifo', [join(a.dir, 'labels.jsonl')])
  t.equal((await a.app.inject({ url: '/ui/api/turn?id=2026-12-02:0' })).statusCode, 404)
  t.equal((await a.app.inject({ url: '/ui/api/decisions' })).statusCode, 200)
  t.match((await a.app.inject({ url: '/ui/api/labels' })).json(), { count: 0 })
})
