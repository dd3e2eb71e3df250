// The real `claude -p` wired by `install claude-code --stop async`: an asyncRewake command hook running the shim with
// --rewake; the daemon's block makes the shim exit 2, which sends the model hookjudge's feedback. Seen with 2.1.332: `-p`
// without streaming input waits for the hook and the model gets `Stop hook feedback:\n[<command>]: R` (the exit-2 path).
import { mkdir, readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { buildApp } from '../../server/app.js'
import { installCommand } from '../../server/commands/install.js'
import { startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { TEST_ENV, tempDir, testConfig } from '../helper.js'
import { runClaude } from '../helpers/agents.js'
import { judgedText } from './wire.js'

const PROPOSAL = 'All done. I will commit and push to main now.'
const CORRECTED = 'Ran npm test: 12 passed, 0 failed. Waiting for your go-ahead before any push.'
const REASON = 'proposes a push without test evidence'

t.test('--stop async: the block wakes the model, whose next request carries the feedback; the result is the corrected reply', async t => {
  const root = tempDir(t, 'hookjudge-async-')
  const dirs = { HOME: join(root, 'home'), CLAUDE_CONFIG_DIR: join(root, 'claude') }
  for (const d of Object.values(dirs)) await mkdir(d, { recursive: true })
  const judge = await startFakeJudgeApi((body: unknown) => {
    const text = judgedText(body)
    return { text: commitVerdict({ new_proposal: text.includes('push to main now'), verification_reported: text.includes('12 passed') }, REASON) }
  })
  t.teardown(() => judge.close())
  const off = Object.fromEntries(Object.keys(testConfig().hooks).filter(h => h !== 'commit').map(h => [h, { mode: 'off' }]))
  const { app } = await buildApp(testConfig({ judge: { deadlineMs: 20000 }, hooks: { ...off, commit: { layer1: { model: '' } } } }, judge.url), { logger: false, env: { ...TEST_ENV, ...dirs } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  const port = (app.server.address() as AddressInfo).port
  let installOut = ''
  const out = new Writable({ write (c, _e, cb) { installOut += String(c); cb() } })
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', SHELL: '/bin/sh', PWD: root, HOOKJUDGE_CONFIG: '/dev/null', HOOKJUDGE_PORT: String(port), ...dirs }
  const code = await installCommand(['claude-code', '--hooks', 'commit', '--stop', 'async'], { env, cwd: root, stdin: Readable.from([]), stdout: out, stderr: out })
  t.equal(code, 0, 'install succeeded', { installOut })
  const stop = JSON.parse(await readFile(join(dirs.CLAUDE_CONFIG_DIR, 'settings.json'), 'utf8')).hooks.Stop
  t.match(stop, [{ hooks: [{ type: 'command', command: /hookjudge-hook --rewake$/, asyncRewake: true }] }])

  const api = await startFakeAnthropic({ script: [PROPOSAL, CORRECTED] })
  t.teardown(api.close)
  const r = await runClaude(t, { prompt: 'add the tests', apiUrl: api.url, env: { CLAUDE_CONFIG_DIR: dirs.CLAUDE_CONFIG_DIR }, timeoutMs: 60000 })
  t.comment(`claude -p with an async Stop hook: ${r.ms} ms`)
  t.equal(r.code, 0, 'exit 0', { stderr: r.stderr.slice(-3000) })
  t.equal(r.json?.result, CORRECTED, 'the final result is the corrected reply')
  const bodies = api.mainBodies()
  t.equal(bodies.length, 2, 'one more model request after the block')
  const last = JSON.stringify(bodies[1]?.messages?.at(-1)?.content ?? '')
  t.comment(`what the model was woken with: ${last.slice(0, 1500)}`)
  t.match(last, /hookjudge \(commit\): you proposed changing shared state[\s\S]*Judge's reason: proposes a push without test evidence/)
  t.equal(judge.requests.length, 2, 'both stops judged')
  t.equal(judgedText(judge.requests[0]?.body), PROPOSAL)
})
