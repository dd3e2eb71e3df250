// hookjudge doctor against a running daemon: every check OK when wired, and FAIL with its fix when something is off.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import t from 'tap'
import { doctorCommand } from '../../server/commands/doctor.js'
import { logsCommand } from '../../server/commands/logs.js'
import { reloadCommand } from '../../server/commands/reload.js'
import { statusCommand } from '../../server/commands/status.js'
import { SHIM_PATH } from '../../server/core/paths.js'
import { build, claudeStop, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { capture, startDaemon } from '../helpers/ops.js'
import { bin, scratchDir } from '../helpers/judge-clis.js'

function wire (env: Record<string, string>, claudeUrl: string, codexUrl: string) {
  mkdirSync(env.CLAUDE_CONFIG_DIR!, { recursive: true })
  mkdirSync(env.CODEX_HOME!, { recursive: true })
  const http = { type: 'http', url: `${claudeUrl}/judge/commit`, timeout: 30 }
  writeFileSync(join(env.CLAUDE_CONFIG_DIR!, 'settings.json'), JSON.stringify({ model: 'x', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo other' }, http] }] } }))
  const command = { type: 'command', command: `HOOKJUDGE_URL=${codexUrl} ${SHIM_PATH} commit`, timeout: 30 }
  writeFileSync(join(env.CODEX_HOME!, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [command] }] } }))
}

// The last decision's time; doctor's own clock (the io's, a test clock here) says how long ago that was.
const LAST_TS = '2026-04-01T09:00:00.000Z'

function seedDecision (dir: string) {
  mkdirSync(dir, { recursive: true })
  const ts = LAST_TS
  writeFileSync(join(dir, `decisions-${ts.slice(0, 10)}.jsonl`), JSON.stringify({ ts, hook: 'commit', decision: 'allow', source: 'layer1', ms: 1 }) + '\n')
}

t.test('a wired setup passes every check, for people and as JSON', async t => {
  const d = await startDaemon(t)
  wire(d.env, d.url, d.url.replace('127.0.0.1', 'localhost'))
  seedDecision(d.logDir)
  const json = capture(d.env, { clock: testClock({ start: Date.parse(LAST_TS) + (5 * 60 + 7) * 1000 }) })
  t.equal(await doctorCommand(['--config', d.cliFile, '--json'], json.io), 0)
  const env = JSON.parse(json.out())
  t.equal(env.command, 'doctor')
  t.equal(env.ok, true)
  t.strictSame(env.checks.map((c: any) => [c.name, c.status]), [
    ['config', 'ok'], ['daemon', 'ok'], ['backends', 'ok'], ['verdict', 'ok'], ['claude-code', 'ok'], ['codex', 'ok'], ['gemini', 'skip'], ['copilot', 'skip'], ['cursor', 'skip'], ['droid', 'skip'], ['shim', 'ok'], ['last decision', 'ok']
  ])
  const detail = Object.fromEntries(env.checks.map((c: any) => [c.name, c.detail]))
  t.match(detail.verdict, /^hook commit: verdict from anthropic \(claude-haiku-4-5\) in \d+ ms, deadline 2000 ms$/)
  // This test's daemon reads daemon.yaml, doctor the CLI's file: the checks below test the daemon's, and it says so.
  t.equal(detail.daemon, `answering at ${d.url} (it runs with ${d.daemonFile}, not ${d.cliFile}: the checks below test its config)`)
  t.match(detail['claude-code'], `1 hook entries in ${join(d.env.CLAUDE_CONFIG_DIR, 'settings.json')} → ${d.url}`)
  const same = capture({ ...d.env, HOOKJUDGE_PORT: String(d.port) })
  await doctorCommand(['--config', relative(process.cwd(), d.daemonFile), '--json'], same.io)
  t.equal(JSON.parse(same.out()).checks[1].detail, `answering at ${d.url}`, 'its own file named by a relative path is the same file')
  t.equal(detail['last decision'], `5m 7s ago (${LAST_TS}): commit allow by layer1`)

  const people = capture(d.env)
  t.equal(await doctorCommand(['--config', d.cliFile], people.io), 0)
  t.match(people.out(), /^ {2}OK {4}config +valid: .*cli\.yaml$/m)
  t.match(people.out(), /all checks passed\n$/)
})

t.test('each broken part is a FAIL with its fix; checks that need the daemon are skipped without it', async t => {
  const d = await startDaemon(t)
  wire(d.env, d.url, 'http://127.0.0.1:9')
  mkdirSync(d.logDir, { recursive: true })
  await d.app.close()
  const people = capture(d.env)
  t.equal(await doctorCommand(['--config', d.cliFile], people.io), 1)
  const out = people.out()
  t.match(out, /OK {4}config/)
  t.match(out, new RegExp(`FAIL {2}daemon +not answering at ${d.url} \\(ECONNREFUSED\\)\n +fix: start it: hookjudge serve`))
  t.match(out, /SKIP {2}backends +needs the daemon/)
  t.match(out, /SKIP {2}verdict +needs the daemon/)
  t.match(out, /OK {4}claude-code/)
  t.match(out, new RegExp(`FAIL {2}codex +hook entries in .*hooks\\.json point at http://127\\.0\\.0\\.1:9; the config puts the daemon at ${d.url}\n +fix: hookjudge install codex --config ${d.cliFile} \\(it repoints`))
  t.match(out, /SKIP {2}last decision +none recorded yet in .*state: run one agent turn/)
  t.match(out, /\d check\(s\) failed\n$/)
})

t.test('a daemon without an API key fails the backend check, the one fix said once (no test verdict to ask for)', async t => {
  const d = await startDaemon(t, {})
  const json = capture(d.env)
  t.equal(await doctorCommand(['--config', d.cliFile, '--json'], json.io), 1)
  const checks = Object.fromEntries(JSON.parse(json.out()).checks.map((c: any) => [c.name, c]))
  t.match(checks.backends, { status: 'fail', detail: /no (usable )?judge backend/, fix: /^export ANTHROPIC_API_KEY=<key>, or install the claude CLI [^]*\(for the service: export it, then hookjudge service install\)$/ })
  t.notMatch(checks.backends.detail, /fix:/, 'the fix is said once, as the fix')
  t.match(checks.verdict, { status: 'skip', detail: 'no judge backend to ask (the fix above)' })
  t.match(checks['claude-code'], { status: 'skip', detail: /not set up here/ })
})

t.test('a backend that cannot be reached: noted beside the OK while its circuit is closed; once open, the fix is its address, not a key', async t => {
  const d = await startDaemon(t)
  // A port nothing listens on, for both backends of the chain.
  writeFileSync(d.daemonFile, d.daemonYaml.replace(/baseUrl: "http:\/\/127\.0\.0\.1:\d+/g, 'baseUrl: "http://127.0.0.1:9'))
  t.equal(await reloadCommand(['--config', d.cliFile], capture(d.env).io), 0)
  const judge = (session: string) => d.app.inject({ method: 'POST', url: '/judge/commit', payload: JSON.stringify(claudeStop(`Refactor done. I'll commit and push to main now (${session}).`, { session_id: session })) })
  await judge('a')
  const checks = async () => { const json = capture(d.env); await doctorCommand(['--config', d.cliFile, '--json'], json.io); return Object.fromEntries(JSON.parse(json.out()).checks.map((c: any) => [c.name, c])) }
  t.match((await checks()).backends, { status: 'ok', detail: /every active hook has a usable judge backend; anthropic's latest call failed \(http_error: [^)]*ECONNREFUSED[^)]*\); openai's latest call failed/ })
  await judge('b')
  await judge('c')
  t.match((await checks()).backends, { status: 'fail', detail: /anthropic: circuit open after 3 failures \(last: http_error: [^)]*ECONNREFUSED[^)]*\), retry in \d+ s; openai: circuit open/, fix: /^the backend failed its latest calls: check its baseUrl, the network and the provider/ })
})

t.test('a team developer (agents wired to a team daemon with a token file): doctor checks that daemon, not a local one', async t => {
  const d = await startDaemon(t)
  const tokenFile = join(d.dir, 'my-token')
  writeFileSync(tokenFile, 'c3'.repeat(16) + '\n', { mode: 0o600 })
  mkdirSync(d.env.CODEX_HOME, { recursive: true })
  const command = { type: 'command', command: `HOOKJUDGE_URL=${d.url} HOOKJUDGE_TOKEN_FILE=${tokenFile} ${SHIM_PATH} commit`, timeout: 30 }
  writeFileSync(join(d.env.CODEX_HOME, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [command] }] } }))
  // Another agent still wired to a local daemon from before: the team entries (with a token file) are the ones checked.
  mkdirSync(d.env.CLAUDE_CONFIG_DIR, { recursive: true })
  writeFileSync(join(d.env.CLAUDE_CONFIG_DIR, 'settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'http', url: 'http://127.0.0.1:9/judge', timeout: 30, statusMessage: 'hookjudge' }] }] } }))
  // This laptop's own config names no daemon of its own (the default address, where nothing listens here).
  writeFileSync(d.cliFile, 'server: { port: 9 }\n')
  const json = capture(d.env)
  await doctorCommand(['--config', d.cliFile, '--json'], json.io)
  const checks = Object.fromEntries(JSON.parse(json.out()).checks.map((c: any) => [c.name, c]))
  t.match(checks.daemon, { status: 'ok', detail: `answering at ${d.url}, the team daemon your agents point at` })
  t.match(checks.backends, { status: 'ok' })
  t.match(checks.codex, { status: 'ok', detail: new RegExp(`→ ${d.url}$`) }, 'the wiring is not "fixed" back to a local daemon')
  t.match(checks['last decision'], { status: 'skip', detail: `logged by the team daemon at ${d.url} (its review page, or hookjudge logs on its host)` })
  const logs = capture(d.env)
  await logsCommand(['--config', d.cliFile], logs.io)
  t.match(logs.err(), `your agents send their turns to the team daemon at ${d.url}: its decisions are there (${d.url}/ui, or hookjudge logs on its host)`)
  const status = capture(d.env)
  t.equal(await statusCommand(['--config', d.cliFile], status.io), 3, 'no daemon here: exit 3 as ever')
  t.match(status.out(), `your agents point at the team daemon at ${d.url}: hookjudge doctor checks it`)
  t.notMatch(status.out(), /start it/)
  await d.app.close()
  const down = capture(d.env)
  await doctorCommand(['--config', d.cliFile, '--json'], down.io)
  t.match(JSON.parse(down.out()).checks.find((c: any) => c.name === 'daemon'), { status: 'fail', fix: /your agents point at the team daemon there \(install --url\): check the URL, your network/ })
})

t.test('an invalid config is a FAIL naming each problem; the other checks go on with the shipped defaults', async t => {
  const d = await startDaemon(t)
  writeFileSync(d.cliFile, 'judge: { deadlineMs: soon }\ncache: { max: 0 }\n')
  const json = capture(d.env)
  t.equal(await doctorCommand(['--config', d.cliFile, '--json'], json.io), 1)
  const [config, daemon] = JSON.parse(json.out()).checks
  t.match(config, { name: 'config', status: 'fail', detail: /judge\.deadlineMs: expected an integer from 100 to 600000, got "soon"; cache\.max/, fix: /edit .*cli\.yaml/ })
  t.match(daemon, { name: 'daemon', detail: /http:\/\/127\.0\.0\.1:5834/ })
  // Where the daemon is still comes from this shell and the file's server section, as status finds it.
  const byEnv = capture({ ...d.env, HOOKJUDGE_PORT: String(d.port) })
  await doctorCommand(['--config', d.cliFile, '--json'], byEnv.io)
  t.match(JSON.parse(byEnv.out()).checks[1], { name: 'daemon', status: 'ok', detail: `answering at ${d.url}` })
  writeFileSync(d.cliFile, `server: { port: ${d.port} }\njudge: { deadlineMs: soon }\n`)
  const byFile = capture(d.env)
  await doctorCommand(['--config', d.cliFile, '--json'], byFile.io)
  t.match(JSON.parse(byFile.out()).checks[1], { name: 'daemon', status: 'ok', detail: new RegExp(`^answering at ${d.url}`) })
})

t.test('an agent not wired is a note (after uninstall too); with --expect-installed and none wired it is a FAIL', async t => {
  const d = await startDaemon(t)
  seedDecision(d.logDir)
  mkdirSync(d.env.CLAUDE_CONFIG_DIR!, { recursive: true })
  mkdirSync(d.env.CODEX_HOME!, { recursive: true })
  writeFileSync(join(d.env.CLAUDE_CONFIG_DIR!, 'settings.json'), JSON.stringify({ model: 'x' }))
  const status = (c: ReturnType<typeof capture>) => Object.fromEntries(JSON.parse(c.out()).checks.map((x: any) => [x.name, x.status]))
  const after = capture(d.env)
  const code = await doctorCommand(['--config', d.cliFile, '--json'], after.io)
  t.match(status(after), { 'claude-code': 'skip', codex: 'skip' }, 'nothing wired (as after uninstall): said, not failed')
  t.match(JSON.parse(after.out()).checks.find((x: any) => x.name === 'codex').detail, /^not installed: no hookjudge entries in .*hookjudge install codex/)
  t.equal(code, 0, 'doctor exits 0 after a deliberate uninstall')
  const none = capture(d.env)
  t.equal(await doctorCommand(['--config', d.cliFile, '--json', '--expect-installed'], none.io), 1)
  t.match(status(none), { 'claude-code': 'fail', codex: 'fail' }, '--expect-installed: nothing wired anywhere is a failure')
  const command = { type: 'command', command: `HOOKJUDGE_URL=${d.url} ${SHIM_PATH} commit`, timeout: 30 }
  writeFileSync(join(d.env.CODEX_HOME!, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [command] }] } }))
  const one = capture(d.env)
  await doctorCommand(['--config', d.cliFile, '--json'], one.io)
  t.match(status(one), { 'claude-code': 'skip', codex: 'ok' }, 'Claude Code uninstalled on purpose while Codex is wired: no failure')
  t.match(JSON.parse(one.out()).checks.find((x: any) => x.name === 'claude-code').detail, /not installed: .*hookjudge install claude-code/)
})

t.test('a judge CLI that is not logged in: the verdict fix says to log it in, not to check a key', async t => {
  const home = await scratchDir(t, 'doctor-claude')
  // The real claude with a fresh config dir and no key: it answers "Not logged in" and exits.
  const d = await startDaemon(t, { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CLAUDE_CONFIG_DIR: join(home, '.claude'), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' })
  writeFileSync(d.daemonFile, d.daemonYaml.replace('backends:\n', `backends:\n  claude-cli: { command: "${bin('claude')}", spares: 0 }\n`).replace(/^judge: \{ deadlineMs: 2000 \}$/m, 'judge: { deadlineMs: 20000, backends: [claude-cli] }'))
  t.equal(await reloadCommand(['--config', d.cliFile], capture(d.env).io), 0)
  const json = capture(d.env)
  await doctorCommand(['--config', d.cliFile, '--json'], json.io)
  const verdict = JSON.parse(json.out()).checks.find((c: any) => c.name === 'verdict')
  t.match(verdict, { status: 'fail', detail: /not logged in/i, fix: /^log the CLI in as the user the daemon runs as/ })
})

t.test('a token the daemon refuses, and a tokens file this CLI cannot read: each fix names what to do about that one', async t => {
  const d = await startDaemon(t)
  const tokens = join(d.dir, 'tokens')
  writeFileSync(tokens, `alice ${'a1'.repeat(16)}\n`, { mode: 0o600 })
  const team = await build(t, testConfig({ server: { tokensFile: tokens } }))
  await team.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (team.app.server.address() as { port: number }).port
  const mine = join(d.dir, 'my-token')
  writeFileSync(mine, `${'d4'.repeat(16)}\n`, { mode: 0o600 })
  writeFileSync(d.cliFile, `server: { port: ${port}, tokenFile: "${mine}" }\n`)
  const revoked = capture(d.env)
  await doctorCommand(['--config', d.cliFile, '--json'], revoked.io)
  t.match(JSON.parse(revoked.out()).checks.find((c: any) => c.name === 'backends'),
    { status: 'fail', detail: 'the daemon refused the token this CLI sent', fix: /revoked or is another daemon's: ask for a new one[^]*install --token-file/ })
  t.match(JSON.parse(revoked.out()).checks.find((c: any) => c.name === 'verdict'), { status: 'skip', detail: /refuses this CLI's token/ }, 'no key or network advice for a 401')
  // On the daemon's host, a tokens file the CLI will not read (not private here; another user's in real life).
  writeFileSync(tokens, `alice ${'a1'.repeat(16)}\n`, { mode: 0o644 })
  chmodSync(tokens, 0o644)
  writeFileSync(d.cliFile, `server: { port: ${port}, tokensFile: "${tokens}" }\n`)
  const host = capture(d.env)
  await doctorCommand(['--config', d.cliFile, '--json'], host.io)
  t.match(JSON.parse(host.out()).checks.find((c: any) => c.name === 'daemon'), { status: 'fail', fix: `run it as the owner of ${tokens} (the daemon's user), or point $HOOKJUDGE_TOKEN_FILE at a private file holding one person's token` })
})
