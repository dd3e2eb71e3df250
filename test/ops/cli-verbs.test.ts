// status, reload and logs against a running daemon (in-process, on a free port), called as functions with a captured io.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { printLogs } from '../../server/commands/logs.js'
import { formatRecord, logsCommand } from '../../server/commands/logs.js'
import { reloadCommand } from '../../server/commands/reload.js'
import { statusCommand } from '../../server/commands/status.js'
import { build, claudeStop } from '../helper.js'
import { capture, startDaemon } from '../helpers/ops.js'

const PUSH = 'Refactor done. I\'ll commit and push to main now.'
const judge = (app: any, session: string, text = PUSH) =>
  app.inject({ method: 'POST', url: '/judge/commit', payload: JSON.stringify(claudeStop(text, { session_id: session })) })

t.test('status prints the figures for people and as one JSON envelope', async t => {
  const d = await startDaemon(t)
  await judge(d.app, 'a')
  await judge(d.app, 'b')
  await judge(d.app, 'c', 'Renamed a helper.')

  const json = capture(d.env)
  t.equal(await statusCommand(['--config', d.cliFile, '--json'], json.io), 0)
  const env = JSON.parse(json.out())
  t.match(env, { command: 'status', ok: true, running: true, address: d.url, daemon: { version: /^\d+\.\d+\.\d+/, pid: process.pid, configFiles: [/default\.yaml$/, d.daemonFile] } })
  t.match(env.daemon.backends.find((b: any) => b.name === 'anthropic'), { type: 'anthropic', state: 'ready', reason: null, used: true, circuit: { state: 'closed' } })
  t.strictSame(env.daemon.decisions, { total: 3, byDecision: { block: 2, allow: 1 }, bySource: { judge: 1, cache: 1, layer1: 1 } })
  t.match(env.daemon.cache, { hit: 1, miss: 1, hitRate: 0.5 })
  t.ok(env.daemon.latency.p50Ms > 0 && env.daemon.latency.p99Ms >= env.daemon.latency.p50Ms, 'latency quantiles')
  t.equal(json.out().trim().split('\n').length, 1, 'one line of JSON')

  const people = capture(d.env)
  t.equal(await statusCommand(['--config', d.cliFile], people.io), 0)
  t.match(people.out(), new RegExp(`hookjudge \\d+\\.\\d+\\.\\d+ running at ${d.url}, pid ${process.pid}, up \\d+s`))
  t.match(people.out(), /backends {2}anthropic +ready +anthropic claude-haiku-4-5\n[^]*\(\d+ more defined, used by no active hook: [\w-]+(, [\w-]+)*\)\n/)
  t.match(people.out(), /decisions 3: block 2, allow 1 \| by source: /)
  t.match(people.out(), /cache {5}hit rate 50\.0% \(1 hits, 1 misses, 0 coalesced\)/)
  t.match(people.out(), /latency {3}p50 [\d.]+ ms, p99 [\d.]+ ms/)
  t.notOk(people.out().includes('\x1b['), 'no colour when stdout is not a terminal')

  const tty = capture(d.env, { tty: true })
  await statusCommand(['--config', d.cliFile], tty.io)
  t.ok(tty.out().includes('\x1b[32m'), 'colour on a terminal')
  const noColor = capture({ ...d.env, NO_COLOR: '1' }, { tty: true })
  await statusCommand(['--config', d.cliFile], noColor.io)
  t.notOk(noColor.out().includes('\x1b['), 'NO_COLOR turns it off')
})

t.test('status reaches a daemon on a Unix socket', async t => {
  const d = await startDaemon(t)
  const dir = join(d.dir, 'run')
  mkdirSync(dir, { mode: 0o700 })
  const socket = join(dir, 'hookjudge.sock')
  const { app } = await build(t, d.runtime().config)
  await app.listen({ path: socket })
  writeFileSync(d.cliFile, `server: { socket: "${socket}" }\n`)
  const json = capture(d.env)
  t.equal(await statusCommand(['--config', d.cliFile, '--json'], json.io), 0)
  t.match(JSON.parse(json.out()), { ok: true, address: `unix:${socket}`, daemon: { status: 'ok' } })
})

t.test('status exits 3 when no daemon answers at the configured address', async t => {
  const d = await startDaemon(t)
  await d.app.close()
  const people = capture(d.env)
  t.equal(await statusCommand(['--config', d.cliFile], people.io), 3)
  t.match(people.out(), new RegExp(`hookjudge is not running at ${d.url} \\(ECONNREFUSED\\)`))
  const json = capture(d.env)
  t.equal(await statusCommand(['--config', d.cliFile, '--json'], json.io), 3)
  t.match(JSON.parse(json.out()), { command: 'status', ok: false, running: false, address: d.url, error: 'ECONNREFUSED' })
})

t.test('reload makes the daemon re-read its file; an invalid file is refused with its problems', async t => {
  const d = await startDaemon(t)
  appendFileSync(d.daemonFile, 'cache: { ttlSeconds: 60 }\n')
  const ok = capture(d.env)
  t.equal(await reloadCommand(['--config', d.cliFile], ok.io), 0)
  t.match(ok.out(), /reloaded: cache settings changed: cache emptied/)
  t.equal(d.runtime().config.cache.ttlSeconds, 60)
  const again = capture(d.env)
  t.equal(await reloadCommand(['--config', d.cliFile], again.io), 0)
  t.match(again.out(), /reloaded: nothing new since the last reload \(the daemon follows its config and tokens files/, 'not a bare "no change" that reads as if the edit failed')
  // A file this shell cannot load still finds the daemon (from its server section): the daemon is the one to judge it.
  const cli = readFileSync(d.cliFile, 'utf8')
  writeFileSync(d.cliFile, cli + 'judge: { deadlineMs: soon }\n')
  t.equal(await reloadCommand(['--config', d.cliFile], capture(d.env).io), 0)
  writeFileSync(d.cliFile, cli)

  appendFileSync(d.daemonFile, 'hooks: { commit: { mode: loud } }\n')
  const bad = capture(d.env)
  t.equal(await reloadCommand(['--config', d.cliFile], bad.io), 1)
  t.match(bad.err(), /reload refused; the daemon keeps its running config:\n {2}- hooks\.commit\.mode: expected one of enforce \| shadow \| off/)
  const json = capture(d.env)
  t.equal(await reloadCommand(['--config', d.cliFile, '--json'], json.io), 1)
  t.match(JSON.parse(json.out()), { command: 'reload', ok: false, problems: [/hooks\.commit\.mode/] })
  t.equal(d.runtime().config.hooks.commit?.mode, 'enforce')

  await d.app.close()
  t.equal(await reloadCommand(['--config', d.cliFile], capture(d.env).io), 1, 'no daemon: an error')
})

t.test('logs prints decisions as lines, filtered by --since and --hook, and follows new ones', async t => {
  const d = await startDaemon(t)
  await judge(d.app, 'a')
  await judge(d.app, 'b', 'Renamed a helper.')
  await d.app.close() // flushes the decision log

  const all = capture(d.env)
  t.equal(await logsCommand(['--config', d.cliFile, '--since', '1h'], all.io), 0)
  const lines = all.out().trim().split('\n')
  t.equal(lines.length, 2)
  t.match(lines[0], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}commit +block {2}judge +\d+ ms {2}no test run reported$/)
  t.match(lines[1], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}commit +allow {2}layer1 +\d+ ms$/)
  const other = capture(d.env)
  await logsCommand(['--config', d.cliFile, '--hook', 'scope-check'], other.io)
  t.equal(other.out(), '', 'no scope-check decisions')
  t.match(other.err(), /^no decisions matching in \S+\n$/, 'and it says so, with where it looked, on stderr')
  const typo = capture(d.env)
  t.equal(await logsCommand(['--config', d.cliFile, '--hook', 'comit'], typo.io), 0)
  t.match(typo.err(), /^hookjudge logs: no hook "comit" is configured; did you mean "commit"\?\nno decisions matching in \S+\n$/, 'a hook name no config has: a did-you-mean')
  const future = capture(d.env)
  await logsCommand(['--config', d.cliFile, '--since', '2999-01-01'], future.io)
  t.equal(future.out(), '')
  const json = capture(d.env)
  await logsCommand(['--config', d.cliFile, '--hook', 'scope-check', '--json'], json.io)
  t.equal(json.err(), '', 'no note in --json mode')
  const long = formatRecord({ ts: '2026-12-05T10:00:00.000Z', hook: 'bugfix-without-reproduction', decision: 'allow', source: 'layer1', ms: 1 } as never, s => s)
  const short = formatRecord({ ts: '2026-12-05T10:00:00.000Z', hook: 'commit', decision: 'allow', source: 'layer1', ms: 1 } as never, s => s)
  t.equal(long.indexOf('allow'), short.indexOf('allow'), 'the longest shipped hook name keeps the columns')
  const plain = (_tone: string, text: string) => text
  const row = (hook: string) => formatRecord({ ts: '2026-12-05T10:00:00.000Z', hook, decision: 'allow', source: 'layer1', ms: 1 } as never, plain as never)
  const custom = row('team-release-checklist-before-any-deploy')
  t.match(custom, / team-release-checklist-before-any-deploy allow /, 'a longer name of your own is printed whole, as --hook takes it')
  await t.rejects(logsCommand(['--config', d.cliFile, '--since', 'yesterday-ish'], capture(d.env).io), /--since takes a date/)

  const follow = capture(d.env)
  const stop = new AbortController()
  const following = printLogs({ dir: d.logDir, follow: true, hook: 'commit' }, follow.io, stop.signal)
  await follow.until(/layer1/)
  // A day file of its own (follow reads every day file): which file today's records went to does not matter.
  const rec = { ts: '2030-01-01T00:00:00.000Z', hook: 'commit', agent: 'codex', event: 'Stop', decision: 'block', source: 'judge', ms: 812, reason: 'followed line' }
  appendFileSync(join(d.logDir, 'decisions-2030-01-01.jsonl'), JSON.stringify(rec) + '\n')
  await follow.until(/followed line/)
  stop.abort()
  await following
  t.match(follow.out().trim().split('\n').pop(), /commit +block {2}judge +812 ms {2}followed line$/)
})

t.test('status says failing, and why, for a backend whose latest call failed; a call that answers makes it ready again', async t => {
  const d = await startDaemon(t)
  // A port nothing listens on: the call fails with ECONNREFUSED.
  writeFileSync(d.daemonFile, d.daemonYaml.replace(/anthropic: \{ baseUrl: "[^"]+" \}/, 'anthropic: { baseUrl: "http://127.0.0.1:9" }'))
  t.equal(await reloadCommand(['--config', d.cliFile], capture(d.env).io), 0)
  await judge(d.app, 'down')
  const people = capture(d.env)
  await statusCommand(['--config', d.cliFile], people.io)
  t.match(people.out(), /backends {2}anthropic +failing +http_error: [^\n]*ECONNREFUSED/)
  t.match(people.out(), /readiness ready \(a usable backend for every hook, but the latest call of anthropic failed: hooks fall back until one answers\)/)
  const json = capture(d.env)
  await statusCommand(['--config', d.cliFile, '--json'], json.io)
  t.match(JSON.parse(json.out()).daemon.backends.find((b: any) => b.name === 'anthropic'), { state: 'failing', reason: /ECONNREFUSED/, circuit: { state: 'closed', failures: 1 } })

  writeFileSync(d.daemonFile, d.daemonYaml)
  t.equal(await reloadCommand(['--config', d.cliFile], capture(d.env).io), 0)
  await judge(d.app, 'up', 'Tests pass. I\'ll commit and push to main now.')
  const again = capture(d.env)
  await statusCommand(['--config', d.cliFile], again.io)
  t.match(again.out(), /backends {2}anthropic +ready +anthropic claude-haiku-4-5/)
  t.match(again.out(), /readiness ready\n/)
})
