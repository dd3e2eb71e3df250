// The real `claude -p` (2.1.197) as a judge backend, offline against the loopback fake Anthropic API.
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { createBackend } from '../../server/backends/registry.js'
import { answerSchema } from '../../server/judge/answer-schema.js'
import type { DecisionRecord } from '../../server/core/record.js'
import { startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { claudeStop, testConfig, build } from '../helper.js'
import { bin, claudeEnv, gone, scratchDir, wrapperWithGrandchild } from '../helpers/judge-clis.js'

const COMMIT_FIELDS = ['new_proposal', 'verification_reported', 'direction_query', 'future_step_description']
const answer = (input: Record<string, unknown>) => ({ tools: [{ name: 'StructuredOutput', input }] })

t.test('a verdict comes back through claude -p: schema, isolation, tokens and cost', async t => {
  const api = await startFakeAnthropic({ script: () => answer({ new_proposal: true, verification_reported: false, direction_query: false, future_step_description: false, reason: 'push without tests' }) })
  t.teardown(api.close)
  const { env } = await claudeEnv(t, api.url, 'key')
  const records: DecisionRecord[] = []
  const config = testConfig({
    judge: { backends: ['claude-cli'], deadlineMs: 30000 },
    // No spares here (the spare has its own test below): one claude start keeps this test light on a 2-core box.
    backends: { 'claude-cli': { command: bin('claude'), spares: 0, price: { inputPerMTok: 1, outputPerMTok: 5 } } }
  })
  const { app, runtime, settled } = await build(t, config, { env, decisionLog: { write: rs => { records.push(...rs) }, close: async () => {} } })
  const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('All done. I\'ll commit and push to main now.') })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), { decision: 'block', reason: res.json().reason })
  t.equal(res.headers['x-hookjudge-source'], 'judge')
  t.match(res.json().reason, /push without tests/)

  const body = api.mainBodies()[0]!
  // The alias follows the release: 2.1.197 sent claude-haiku-4-5-…, 2.1.332 sends claude-haiku-5-5.
  t.match(body.model, /^claude-haiku-\d/, 'model from config (default haiku)')
  t.strictSame(body.tools.map((x: { name: string }) => x.name), ['StructuredOutput'], 'no tools but the answer')
  t.strictSame(body.tools[0].input_schema, answerSchema([{ name: 'commit', fields: COMMIT_FIELDS }]).json)
  t.match(JSON.stringify(body.system), /hookjudge's judge/)
  const sent = JSON.stringify(body.messages)
  t.match(sent, /Hook \\"commit\\"/, 'the hook prompt travels on stdin')
  t.match(sent, /commit and push to main now/)

  await settled()
  const metrics = (await app.inject({ url: '/metrics' })).body
  t.match(metrics, /hookjudge_judge_tokens_total\{backend="claude-cli",direction="input"\} 10\b/)
  t.match(metrics, /hookjudge_judge_tokens_total\{backend="claude-cli",direction="output"\} 5\b/)
  t.match(records[0], { backend: 'claude-cli', model: 'haiku', costUsd: (10 * 1 + 5 * 5) / 1e6 })
  t.equal(runtime().backends.get('claude-cli')!.processes!().alive, 0, 'the judge process has exited')
})

t.test('with a login instead of a key: no --bare, and the user\'s hooks and settings stay out of the judge call', async t => {
  const api = await startFakeAnthropic({ script: () => answer({ a: true, reason: 'yes' }) })
  t.teardown(api.close)
  const { env, configDir, root } = await claudeEnv(t, api.url, 'token')
  const marker = join(root, 'user-hook-ran')
  const hook = { hooks: [{ type: 'command', command: `touch ${marker}` }] }
  await writeFile(join(configDir, 'settings.json'), JSON.stringify({ hooks: { Stop: [hook], UserPromptSubmit: [hook] } }))
  const b = createBackend({ ...testConfig().backends['claude-cli']!, command: [bin('claude')], spares: 0 }, env)
  t.teardown(() => b.close())
  const res = await b.ask({ system: 'S', user: 'U', schema: answerSchema([{ name: 'x', fields: ['a'] }]), signal: AbortSignal.timeout(30000) })
  t.strictSame(JSON.parse(res.text), { a: true, reason: 'yes' })
  t.match(api.requests.find(r => r.kind === 'main')!.headers.authorization, /^Bearer dummy-oauth-token$/, 'the login was used')
  t.notOk(existsSync(marker), 'the user\'s Stop / UserPromptSubmit hooks did not run')
})

t.test('the spare is used and replaced', async t => {
  const api = await startFakeAnthropic({ script: () => answer({ a: false, reason: 'no' }) })
  t.teardown(api.close)
  const { env } = await claudeEnv(t, api.url)
  const b = createBackend({ ...testConfig().backends['claude-cli']!, command: [bin('claude')] }, env)
  t.teardown(() => b.close())
  b.warm([answerSchema([{ name: 'x', fields: ['a'] }])])
  const before = b.processes!()
  t.equal(before.spares.length, 1)
  const first = before.spares[0]!.pid!
  await b.ask({ system: 'S', user: 'U', schema: answerSchema([{ name: 'x', fields: ['a'] }]), signal: AbortSignal.timeout(30000) })
  const after = b.processes!()
  t.equal(after.spawned, 2, 'the verdict came from the spare: one start for it, one for its replacement')
  t.equal(after.spares.length, 1)
  t.not(after.spares[0]!.pid, first, 'a fresh spare replaced it')
  t.ok(await gone(first), 'the used spare has exited')
  t.equal(api.mainBodies().length, 1)
  await b.close()
  t.ok(await gone(after.spares[0]!.pid!), 'close kills the spare')
})

t.test('a hung claude is killed with its children at the deadline', async t => {
  const deadline = new AbortController()
  // The deadline passes once claude is waiting on the model: the fake aborts as the request arrives, then never answers.
  const api = await startFakeAnthropic({ script: () => { deadline.abort(); return { hang: true } } })
  t.teardown(api.close)
  const { env } = await claudeEnv(t, api.url)
  const dir = await scratchDir(t, 'hung-claude')
  const wrapper = await wrapperWithGrandchild(dir, bin('claude'))
  const b = createBackend({ ...testConfig().backends['claude-cli']!, command: [wrapper.path], spares: 0 }, env)
  t.teardown(() => b.close())
  await t.rejects(b.ask({ system: 'S', user: 'U', schema: answerSchema([{ name: 'x', fields: ['a'] }]), signal: deadline.signal }), { name: 'BackendError', code: 'timeout' })
  const pids = Object.fromEntries((await readFile(wrapper.pidFile, 'utf8')).trim().split('\n').map(l => l.split(' ')).map(([k, v]) => [k, Number(v)]))
  t.ok(pids.child && pids.grandchild, 'both pids were noted')
  t.ok(await gone(pids.child!), 'the claude process is gone')
  t.ok(await gone(pids.grandchild!), 'its grandchild is gone too')
  t.equal(b.processes!().alive, 0)
})
