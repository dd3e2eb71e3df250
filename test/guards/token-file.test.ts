// Token files that are FIFOs, devices or huge: refused with a clear message at startup and on reload, never waited on.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { request } from 'undici'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { loadToken } from '../../server/guards/token.js'
import { loadTokens } from '../../server/guards/tokens.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { runBounded, within } from '../helpers/bounded.js'
import { claudeStop, tempDir, TSX_CHILD_ENV } from '../helper.js'

const TOKEN = 'c0ffee00c0ffee00c0ffee00c0ffee00'
const SERVE = ['--import', 'tsx', join(PACKAGE_ROOT, 'server', 'cli.ts'), 'serve', '--port', '0', '--config']
const childEnv = (home: string) => ({ ...TSX_CHILD_ENV, PATH: process.env.PATH, HOME: home, ANTHROPIC_API_KEY: 'sk-ant-test' })

function fifo (dir: string, name: string): string {
  const path = join(dir, name)
  execFileSync('mkfifo', ['-m', '600', path])
  return path
}

t.test('a FIFO as server.tokenFile or server.tokensFile stops startup with a clear message, waiting for no writer', async t => {
  const outcomes = await Promise.all(['tokenFile', 'tokensFile'].map(async key => {
    const dir = tempDir(t)
    const path = fifo(dir, 'token')
    writeFileSync(join(dir, 'config.yaml'), `server: { ${key}: "${path}" }\ndecisionLog: { enabled: false }\n`)
    return { key, path, res: await runBounded(process.execPath, [...SERVE, join(dir, 'config.yaml')], { env: childEnv(dir), ms: 30000 }) }
  }))
  for (const { key, path, res } of outcomes) {
    t.notOk(res.hung, `${key}: serve did not wait for a writer`)
    t.equal(res.code, 1, `${key}: a config error`)
    t.match(res.stderr, `server.${key}: expected a regular file at ${path}, got a FIFO`, key)
  }
})

t.test('a device or a huge file is refused by what it is, its text never read into a message', async t => {
  t.match(loadToken('/dev/zero'), { problem: { path: 'server.tokenFile', expected: 'a regular file at /dev/zero', got: 'a character device' } })
  const dir = tempDir(t)
  const huge = join(dir, 'tokens')
  writeFileSync(huge, `alice ${TOKEN}\n${'#'.repeat(2 << 20)}\n`, { mode: 0o600 })
  t.match(loadTokens(huge), { problems: [{ path: 'server.tokensFile', expected: /^a token file of at most \d+ bytes/, got: /^\d+ bytes$/ }] })
})

interface Daemon { child: ChildProcess, url: string, next: (pred: (l: any) => boolean) => Promise<any> }

async function serve (t: Parameters<typeof tempDir>[0], dir: string, config: string): Promise<Daemon> {
  writeFileSync(join(dir, 'config.yaml'), config)
  const child = spawn(process.execPath, [...SERVE, join(dir, 'config.yaml')], { env: childEnv(dir), stdio: ['ignore', 'pipe', 'ignore'] })
  t.teardown(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  const waiters: { pred: (l: any) => boolean, resolve: (l: any) => void }[] = []
  let buf = ''
  child.stdout!.on('data', (c: Buffer) => {
    buf += c
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = JSON.parse(buf.slice(0, i))
      buf = buf.slice(i + 1)
      for (const w of waiters.filter(w => w.pred(line))) { waiters.splice(waiters.indexOf(w), 1); w.resolve(line) }
    }
  })
  const next = (pred: (l: any) => boolean) => new Promise<any>(resolve => waiters.push({ pred, resolve }))
  const listening = await within(30000, next(l => l.msg === 'hookjudge listening'), 'serve listening')
  return { child, url: listening.address, next }
}

t.test('a tokens file swapped for a FIFO is refused on reload: the daemon keeps answering, with the tokens it had', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no evidence') })
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const tokens = join(dir, 'tokens')
  writeFileSync(tokens, `alice ${TOKEN}\n`, { mode: 0o600 })
  const d = await serve(t, dir, `backends:\n  anthropic: { baseUrl: "${api.url}" }\nserver: { tokensFile: "${tokens}" }\ndecisionLog: { enabled: false }\n`)
  unlinkSync(tokens)
  fifo(dir, 'tokens')
  const refused = d.next(l => /tokensFile refused/.test(l.msg))
  d.child.kill('SIGHUP')
  const line = await within(10000, refused, 'the SIGHUP reload')
  t.match(line.problems, [{ path: 'server.tokensFile', expected: `a regular file at ${tokens}`, got: 'a FIFO' }], 'the log says what is wrong')

  const ask = (method: 'GET' | 'POST', path: string, body?: string) => within(10000, request(`${d.url}${path}`, {
    method, body, headers: { authorization: `Bearer ${TOKEN}` }
  }).then(async res => ({ status: res.statusCode, body: await res.body.json() as any })), `${method} ${path}`)
  t.match(await ask('GET', '/healthz'), { status: 200, body: { status: 'ok' } })
  const judged = await ask('POST', '/judge/commit', JSON.stringify(claudeStop('All done. I\'ll commit and push to main now.')))
  t.match(judged, { status: 200, body: { decision: 'block' } }, 'alice\'s token still works')
  const reloaded = await ask('POST', '/reload')
  t.equal(reloaded.status, 200)
  t.match(reloaded.body.changes, [/server\.tokensFile refused: the previous tokens stay/], 'POST /reload reports it too')
  const status = await ask('GET', '/status')
  t.match(status.body.reloads.last, { ok: false, problems: [/^server\.tokensFile: expected a regular file at .*, got a FIFO$/] }, '/status does not call that reload ok')
})

t.test('the daemon follows its tokens file: a revoke written by another host or replica holds without a reload', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no evidence') })
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const tokens = join(dir, 'tokens')
  const BOB = 'b0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0'
  writeFileSync(tokens, `alice ${TOKEN}\n`, { mode: 0o600 })
  const d = await serve(t, dir, `backends:\n  anthropic: { baseUrl: "${api.url}" }\nserver: { tokensFile: "${tokens}" }\ndecisionLog: { enabled: false }\n`)
  const health = (token: string) => within(10000, request(`${d.url}/status`, { headers: { authorization: `Bearer ${token}` } })
    .then(async res => { await res.body.text(); return res.statusCode }), 'GET /status')
  t.equal(await health(TOKEN), 200)
  t.equal(await health(BOB), 401)
  const reloaded = d.next(l => l.msg === 'tokens reloaded')
  // Written as `tokens revoke` and `tokens add` write it (a new file renamed over the old one), no SIGHUP, no POST /reload.
  writeFileSync(`${tokens}.new`, `bob ${BOB}\n`, { mode: 0o600 })
  renameSync(`${tokens}.new`, tokens)
  t.match(await within(10000, reloaded, 'the reload the file change brings'), { people: 1, file: tokens })
  t.equal(await health(TOKEN), 401, 'alice revoked')
  t.equal(await health(BOB), 200, 'bob added')
})
