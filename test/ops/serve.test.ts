// The real `hookjudge serve` process: prunes old decision files at startup, reloads on SIGHUP and on a file change,
// drains in-flight requests and exits 0 on SIGTERM (decision log flushed), and exits at once on a second signal;
// it notes where it listens, so that status finds it after the config moved it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { request } from 'undici'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { commitVerdict, startFakeJudgeApi, type Script } from '../fixtures/fake-judge-api.js'
import { claudeStop, readDecisions, tempDir, TSX_CHILD_ENV } from '../helper.js'
import { within } from '../helpers/bounded.js'
import { capture } from '../helpers/ops.js'
import { statusCommand } from '../../server/commands/status.js'
import { installCommand } from '../../server/commands/install.js'
import { reloadCommand } from '../../server/commands/reload.js'
import { doctorCommand } from '../../server/commands/doctor.js'
import { readDaemonMark } from '../../server/ops/daemon-mark.js'

interface Daemon { child: ChildProcess, url: string, logs: any[], next: (pred: (l: any) => boolean) => Promise<any>, exit: Promise<number | null>, file: string, dir: string }

async function startServe (t: Parameters<typeof tempDir>[0], script: Script, extra = '', before?: (dir: string) => void, baseUrl?: string, env: Record<string, string> = {}): Promise<Daemon> {
  const api = await startFakeJudgeApi(script)
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const file = join(dir, 'config.yaml')
  writeFileSync(file, `backends:\n  anthropic: { baseUrl: "${baseUrl ?? api.url}" }\ndecisionLog: { dir: "${join(dir, 'state')}", retentionDays: 30 }\n${extra}`)
  before?.(dir)
  const port = env.HOOKJUDGE_PORT === undefined ? ['--port', '0'] : []
  // HOOKJUDGE_TEST_RELATIVE: the config named relative to the daemon's own folder, as `npm start -- --config x.yaml` does.
  const named = env.HOOKJUDGE_TEST_RELATIVE ? 'config.yaml' : file
  const child = spawn(process.execPath, ['--import', env.HOOKJUDGE_TEST_RELATIVE ? import.meta.resolve('tsx') : 'tsx', join(PACKAGE_ROOT, 'server', 'cli.ts'), 'serve', '--config', named, ...port], {
    ...(env.HOOKJUDGE_TEST_RELATIVE ? { cwd: dir } : {}),
    env: { ...TSX_CHILD_ENV, PATH: process.env.PATH, HOME: dir, ANTHROPIC_API_KEY: 'sk-ant-test', ...env },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  t.teardown(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  const logs: any[] = []
  const waiters: { pred: (l: any) => boolean, resolve: (l: any) => void }[] = []
  let buf = ''
  child.stdout!.on('data', (c: Buffer) => {
    buf += c
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = JSON.parse(buf.slice(0, i))
      buf = buf.slice(i + 1)
      logs.push(line)
      for (const w of waiters.filter(w => w.pred(line))) { waiters.splice(waiters.indexOf(w), 1); w.resolve(line) }
    }
  })
  // Resolves with the first log line from now on that matches.
  const next = (pred: (l: any) => boolean) => new Promise<any>(resolve => waiters.push({ pred, resolve }))
  const exit = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
  const listening = await next(l => l.msg === 'hookjudge listening')
  return { child, url: listening.address, logs, next, exit, file, dir }
}

const judge = (url: string, i: number) => request(`${url}/judge/commit`, { method: 'POST', body: JSON.stringify(claudeStop(`Part ${i} done. I'll commit and push to main now.`, { session_id: `p${i}` })) })
  .then(async res => { await res.body.text(); return res.statusCode })

t.test('startup housekeeping, SIGHUP and file-change reloads, and a draining SIGTERM that exits 0', async t => {
  const IN_FLIGHT = 5
  let arrived = 0
  let allArrived: () => void = () => {}
  const inFlight = new Promise<void>(resolve => { allArrived = resolve })
  let release: () => void = () => {}
  const held = new Promise<void>(resolve => { release = resolve })
  // After the first request, the judge holds its answers until the drain has begun: all of them are in flight then.
  const d = await startServe(t, () => {
    if (++arrived === IN_FLIGHT + 1) allArrived()
    return { text: commitVerdict({ new_proposal: true }, 'no tests'), ...(arrived > 1 ? { held } : {}) }
  }, '', dir => {
    mkdirSync(join(dir, 'state'))
    writeFileSync(join(dir, 'state', 'decisions-2000-01-01.jsonl'), '{}\n')
  })
  const pruned = d.logs.find(l => l.msg === 'decision log pruned') ?? await d.next(l => l.msg === 'decision log pruned')
  t.strictSame(pruned.removed, ['decisions-2000-01-01.jsonl'])
  t.notOk(existsSync(join(d.dir, 'state', 'decisions-2000-01-01.jsonl')))
  t.equal(await judge(d.url, 0), 200)

  const hup = d.next(l => l.msg === 'config reloaded')
  d.child.kill('SIGHUP')
  t.strictSame((await hup).changes, [], 'SIGHUP re-read the unchanged file')
  const changed = d.next(l => l.msg === 'config reloaded')
  appendFileSync(d.file, 'cache: { ttlSeconds: 120 }\n')
  t.strictSame((await changed).changes, ['cache settings changed: cache emptied'], 'the file change was picked up')

  const answers = Array.from({ length: IN_FLIGHT }, (_, i) => judge(d.url, i + 1))
  await inFlight
  const draining = d.next(l => l.msg === 'shutting down: finishing requests in flight')
  d.child.kill('SIGTERM')
  await draining
  release()
  t.strictSame(await Promise.all(answers), Array(IN_FLIGHT).fill(200), 'every request in flight answered')
  t.equal(await d.exit, 0)
  t.equal(readDecisions(join(d.dir, 'state')).length, IN_FLIGHT + 1, 'decision log flushed')
  // After-answer lines of the last requests may land around it: find it rather than expect it last.
  t.match(d.logs.find(l => l.msg === 'stopped'), { msg: 'stopped', how: 'clean' })
})

t.test('a second signal exits at once, without waiting for the drain', async t => {
  let arrived: () => void = () => {}
  const hanging = new Promise<void>(resolve => { arrived = resolve })
  const d = await startServe(t, () => { arrived(); return { hang: true } }, 'server: { shutdownMs: 60000 }\njudge: { deadlineMs: 60000 }\n')
  const answer = judge(d.url, 1).catch(() => 'cut off')
  await hanging
  const draining = d.next(l => l.msg === 'shutting down: finishing requests in flight')
  d.child.kill('SIGTERM')
  await draining
  d.child.kill('SIGTERM')
  t.equal(await d.exit, 1)
  t.match(d.logs.at(-1), { msg: 'second signal: exiting now' })
  t.equal(await answer, 'cut off')
})

t.test('a judge backend that cannot be reached is a warning in the log right after startup, naming it, and status says failing', async t => {
  // A port that was free a moment ago: nothing listens there.
  const closed = await new Promise<number>(resolve => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const { port } = s.address() as AddressInfo; s.close(() => resolve(port)) }) })
  const d = await startServe(t, () => ({ text: '{}' }), '', undefined, `http://127.0.0.1:${closed}`)
  // The warning may come in the same stdout chunk as the listening line, before anyone waits for it: look back first.
  const unreachable = (l: any) => /judge backend cannot be reached/.test(l.msg)
  const warned = d.logs.find(unreachable) ?? await within(30000, d.next(unreachable), 'the warning')
  t.match(warned, { level: 40, backend: 'anthropic', error: 'ECONNREFUSED' })
  const status = await request(`${d.url}/status`).then(r => r.body.json()) as { backends: Array<{ name: string, state: string, reason: string | null }> }
  t.match(status.backends.find(b => b.name === 'anthropic'), { state: 'failing', reason: 'cannot be reached: ECONNREFUSED' }, 'status says it too, before any turn')
  d.child.kill('SIGTERM')
  t.equal(await d.exit, 0)
})

t.test('a reachable judge backend brings no such warning', async t => {
  const d = await startServe(t, () => ({ text: '{}' }))
  const status = await request(`${d.url}/judge/commit`, { method: 'POST', body: JSON.stringify(claudeStop('Renamed a helper.')) }).then(async r => { await r.body.text(); return r.statusCode })
  t.equal(status, 200)
  d.child.kill('SIGTERM')
  t.equal(await d.exit, 0)
  t.notOk(d.logs.some(l => /cannot be reached/.test(l.msg ?? '')), 'no warning in the whole log')
})

t.test('a port already taken (a daemon already running): serve says so on stderr, with what to do, and exits 1', async t => {
  const held = createServer()
  const port = await new Promise<number>(resolve => held.listen(0, '127.0.0.1', () => resolve((held.address() as AddressInfo).port)))
  t.teardown(() => held.close())
  const dir = tempDir(t)
  const child = spawn(process.execPath, ['--import', 'tsx', join(PACKAGE_ROOT, 'server', 'cli.ts'), 'serve', '--config', '/dev/null', '--port', String(port)], {
    env: { ...TSX_CHILD_ENV, PATH: process.env.PATH, HOME: dir }, stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr!.on('data', (c: Buffer) => { stderr += String(c) })
  child.stdout!.resume()
  const code = await within(30000, new Promise<number | null>(resolve => child.on('exit', resolve)), 'serve to exit')
  t.equal(code, 1)
  t.match(stderr, `hookjudge serve: 127.0.0.1:${port} is taken, most likely by a hookjudge daemon already running (\`hookjudge status\` shows it)`)
})

t.test('server.port changed while it runs: status and doctor say where it still listens and how to restart it; a clean stop removes that note', async t => {
  const d = await startServe(t, () => ({ text: '{}' }))
  const pid = d.child.pid!
  const mark = join(d.dir, '.local', 'state', 'hookjudge', 'daemon.json')
  t.match(JSON.parse(readFileSync(mark, 'utf8')), { pid, url: d.url, label: d.url })
  const free = await new Promise<number>(resolve => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const { port } = s.address() as AddressInfo; s.close(() => resolve(port)) }) })
  // As a user edits server.port (this daemon's --port flag keeps it where it is, as a restart would not).
  appendFileSync(d.file, `server: { port: ${free} }\n`)
  const env = { HOME: d.dir }
  const status = capture(env)
  t.equal(await statusCommand(['--config', d.file], status.io), 3)
  t.match(status.out(), `not running at http://127.0.0.1:${free}`)
  t.match(status.out(), `it runs at ${d.url} (pid ${pid}): the server settings changed after it started and apply on restart: stop it (kill ${pid}`)
  const doctor = capture(env)
  await doctorCommand(['--config', d.file], doctor.io)
  t.match(doctor.out(), `a daemon runs at ${d.url} (pid ${pid}): the server settings changed after it started`)
  d.child.kill('SIGTERM')
  t.equal(await d.exit, 0)
  t.notOk(existsSync(mark), 'removed on a clean stop')
  const after = capture(env)
  t.equal(await statusCommand(['--config', d.file], after.io), 3)
  t.match(after.out(), 'start it: hookjudge serve')
})

t.test('a daemon started with HOOKJUDGE_PORT: a shell without it is told to set it (or server.port), not to restart', async t => {
  const free = await new Promise<number>(resolve => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const { port } = s.address() as AddressInfo; s.close(() => resolve(port)) }) })
  const d = await startServe(t, () => ({ text: '{}' }), '', undefined, undefined, { HOOKJUDGE_PORT: String(free) })
  t.match(JSON.parse(readFileSync(join(d.dir, '.local', 'state', 'hookjudge', 'daemon.json'), 'utf8')), { startedWith: { HOOKJUDGE_PORT: String(free) } })
  const plain = { HOME: d.dir }
  const status = capture(plain)
  t.equal(await statusCommand(['--config', d.file], status.io), 3)
  t.match(status.out(), `it runs at http://127.0.0.1:${free} (pid ${d.child.pid}): it was started with HOOKJUDGE_PORT=${free}, which this shell does not set: run \`export HOOKJUDGE_PORT=${free}\` here, or put server: { port: ${free} } in the config`)
  t.notMatch(status.out(), /restart/)
  const doctor = capture(plain)
  await doctorCommand(['--config', d.file], doctor.io)
  t.match(doctor.out(), `a daemon runs at http://127.0.0.1:${free} (pid ${d.child.pid}): it was started with HOOKJUDGE_PORT=${free}`)
  const install = capture({ ...plain, CLAUDE_CONFIG_DIR: join(d.dir, 'claude') })
  t.equal(await installCommand(['claude-code', '--config', d.file, '--hooks', 'commit'], install.io), 0)
  t.match(install.out(), `warning: no hookjudge daemon answers at http://127.0.0.1:5834, where these hooks point; one runs at http://127.0.0.1:${free} (pid ${d.child.pid}), started with HOOKJUDGE_PORT=${free}, which this shell does not set`)
  const wired = capture({ ...plain, CLAUDE_CONFIG_DIR: join(d.dir, 'claude'), HOOKJUDGE_PORT: String(free) })
  t.equal(await installCommand(['claude-code', '--config', d.file, '--hooks', 'commit'], wired.io), 0)
  const check = capture({ ...plain, CLAUDE_CONFIG_DIR: join(d.dir, 'claude') })
  await doctorCommand(['--config', d.file, '--json'], check.io)
  t.match(JSON.parse(check.out()).checks.find((c: { name: string }) => c.name === 'claude-code'), { status: 'ok', detail: new RegExp(`→ http://127\\.0\\.0\\.1:${free}, where the daemon runs`) }, 'wired where it runs: no fix that would undo it')
  const reload = capture(plain)
  t.equal(await reloadCommand(['--config', d.file], reload.io), 1)
  t.match(reload.err(), `hookjudge reload: no daemon at http://127.0.0.1:5834 (ECONNREFUSED); one runs at http://127.0.0.1:${free} (pid ${d.child.pid}): it was started with HOOKJUDGE_PORT=${free}`)
  const same = capture({ ...plain, HOOKJUDGE_PORT: String(free) })
  t.equal(await statusCommand(['--config', d.file], same.io), 0, 'the same setting here: found')
  d.child.kill('SIGTERM')
  await d.exit
})

t.test('a config named relative to where serve started is reported by its full path (status in another folder compares it)', async t => {
  const d = await startServe(t, () => ({ text: '{}' }), '', undefined, undefined, { HOOKJUDGE_TEST_RELATIVE: '1' })
  const body = await (await fetch(`${d.url}/status`)).json() as { configFiles: string[] }
  t.equal(body.configFiles[1], d.file)
  d.child.kill('SIGTERM')
  await d.exit
})

t.test('a mark left by a daemon that is gone, or that is not a regular file, is not believed', async t => {
  const dir = tempDir(t)
  const state = join(dir, '.local', 'state', 'hookjudge')
  mkdirSync(state, { recursive: true })
  const free = await new Promise<number>(resolve => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const { port } = s.address() as AddressInfo; s.close(() => resolve(port)) }) })
  const config = join(dir, 'config.yaml')
  writeFileSync(config, `server: { port: ${free} }\n`)
  const dead = spawn(process.execPath, ['-e', '0'])
  await new Promise(resolve => dead.on('exit', resolve))
  writeFileSync(join(state, 'daemon.json'), JSON.stringify({ pid: dead.pid, url: 'http://127.0.0.1:1', label: 'http://127.0.0.1:1', startedAt: 'x' }))
  t.equal(await readDaemonMark({ HOME: dir }), null, 'its process is gone')
  rmSync(join(state, 'daemon.json'))
  execFileSync('mkfifo', [join(state, 'daemon.json')])
  t.equal(await readDaemonMark({ HOME: dir }), null, 'a FIFO is refused, not waited on')
  const status = capture({ HOME: dir })
  t.equal(await statusCommand(['--config', config], status.io), 3)
  t.match(status.out(), 'start it: hookjudge serve')
})
