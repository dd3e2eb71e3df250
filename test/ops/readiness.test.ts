// Honest readiness: judge says on stderr when no judge answered (exit 1 with --strict); status shows ready / not ready
// with the reason, and finds a running daemon even when the config file on disk is broken (saying so).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { judgeCommand } from '../../server/commands/judge.js'
import { statusCommand } from '../../server/commands/status.js'
import { startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { tempDir } from '../helper.js'
import { capture, startDaemon } from '../helpers/ops.js'

const PUSH = 'Done. I\'ll commit and push to main now.'
const withStdin = (c: ReturnType<typeof capture>, text: string) => ({ ...c.io, stdin: (async function * () { yield Buffer.from(text) })() as any })

t.test('judge with no usable backend: the reason and the fallback on stderr, the record on stdout; --strict exits 1', async t => {
  const file = join(tempDir(t), 'c.yaml')
  writeFileSync(file, 'judge: { backends: [anthropic] }\n')
  const env = { HOME: '/nonexistent' }
  const plain = capture(env)
  t.equal(await judgeCommand(['commit', '--config', file], withStdin(plain, PUSH)), 0, 'without --strict the fail mode\'s answer is the outcome')
  t.match(JSON.parse(plain.out()), { decision: 'allow', source: 'fallback' })
  t.match(plain.err(), /hookjudge judge: hook commit: no usable judge backend \(anthropic: no API key: set ANTHROPIC_API_KEY\)\n/)
  t.match(plain.err(), /no judge answered \(.*\); the hook's fail mode decided allow\n/)
  const strict = capture(env)
  t.equal(await judgeCommand(['commit', '--config', file, '--strict'], withStdin(strict, PUSH)), 1)
  const layer1 = capture(env)
  t.equal(await judgeCommand(['commit', '--config', file, '--strict'], withStdin(layer1, 'Renamed a helper.')), 0, 'Layer 1 decided: no judge was needed')
  t.notMatch(layer1.err(), /no judge answered/)
})

t.test('judge whose backend answers an error (a wrong key) says so instead of a silent allow', async t => {
  const api = await startFakeJudgeApi({ status: 401, body: JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }) })
  t.teardown(() => api.close())
  const file = join(tempDir(t), 'c.yaml')
  writeFileSync(file, `judge: { backends: [anthropic] }\nbackends:\n  anthropic: { baseUrl: "${api.url}" }\n`)
  const c = capture({ HOME: '/nonexistent', ANTHROPIC_API_KEY: 'sk-ant-wrong' })
  t.equal(await judgeCommand(['commit', '--config', file, '--strict'], withStdin(c, PUSH)), 1)
  t.match(c.err(), /no judge answered \(anthropic: http_error[^\n]*401[^\n]*\); the hook's fail mode decided allow/)
})

t.test('status: ready with a usable judge, not ready with the reason without one', async t => {
  const ready = await startDaemon(t)
  const people = capture(ready.env)
  t.equal(await statusCommand(['--config', ready.cliFile], people.io), 0)
  t.match(people.out(), /\n {2}readiness ready\n$/)
  const json = capture(ready.env)
  await statusCommand(['--config', ready.cliFile, '--json'], json.io)
  t.match(JSON.parse(json.out()), { readiness: { status: 'ready', reasons: [] } })

  const bare = await startDaemon(t, {})
  const sad = capture(bare.env)
  t.equal(await statusCommand(['--config', bare.cliFile], sad.io), 0, 'the daemon runs: exit 0')
  t.match(sad.out(), /\n {2}readiness not ready\n {12}no judge backend found \(checked ANTHROPIC_API_KEY, /, 'judge.backends auto found nothing')
  t.match(sad.out(), /\n {2}backends {2}none: no judge can be asked \(Layer 1 and the transcript checks still run; a hook that needs the judge falls back\)\n/)
  const sadJson = capture(bare.env)
  await statusCommand(['--config', bare.cliFile, '--json'], sadJson.io)
  t.match(JSON.parse(sadJson.out()), { readiness: { status: 'not ready', reasons: [/no judge backend found[^]*fix: export ANTHROPIC_API_KEY/] } })
  t.equal(await statusCommand(['--config', bare.cliFile, '--ready'], capture(bare.env).io), 4, '--ready: not ready exits 4')
  t.equal(await statusCommand(['--config', ready.cliFile, '--ready'], capture(ready.env).io), 0, '--ready: ready exits 0')
})

t.test('status finds the running daemon when the config file is broken, and says the file is broken', async t => {
  const d = await startDaemon(t)
  writeFileSync(d.cliFile, `server: { port: ${d.port} }\nhooks:\n  commit: { mdoe: shadow }\n`)
  const c = capture(d.env)
  t.equal(await statusCommand(['--config', d.cliFile], c.io), 0)
  t.match(c.out(), new RegExp(`running at ${d.url}`), 'the address came from the broken file\'s server section')
  t.match(c.err(), /the config file is broken \(the daemon keeps its last good config; run hookjudge doctor\):\n.*\n {2}- hooks\.commit\.mdoe: unknown key; did you mean `mode`\?/)
  const json = capture(d.env)
  t.equal(await statusCommand(['--config', d.cliFile, '--json'], json.io), 0)
  t.match(JSON.parse(json.out()), { running: true, configError: /hooks\.commit\.mdoe/ })
  writeFileSync(d.cliFile, `server: { port: ${d.port} }\n  nonsense: [\n`)
  const unparsable = capture({ ...d.env, HOOKJUDGE_PORT: String(d.port) })
  t.equal(await statusCommand(['--config', d.cliFile], unparsable.io), 0, 'unparsable: the defaults and env find it')
  t.match(unparsable.err(), /invalid YAML/)
})
