// The real `codex exec` (0.171.0) as a judge backend, offline against the loopback fake OpenAI Responses API.
import t from 'tap'
import { createBackend } from '../../server/backends/registry.js'
import { answerSchema } from '../../server/judge/answer-schema.js'
import { commitVerdict } from '../fixtures/fake-judge-api.js'
import { startFakeOpenAI } from '../fixtures/fake-openai.js'
import { build, codexStop, testConfig } from '../helper.js'
import { bin, childrenOf, codexEnv, gone } from '../helpers/judge-clis.js'

const COMMIT_FIELDS = ['new_proposal', 'verification_reported', 'direction_query', 'future_step_description']
const codexBackend = (over: Record<string, unknown> = {}) => ({ ...testConfig().backends['codex-cli']!, command: [bin('codex')], ...over })

t.test('a verdict comes back through codex exec, with a strict output schema and the prompt on stdin', async t => {
  const api = await startFakeOpenAI({ script: () => commitVerdict({ new_proposal: true }, 'deploy without a build') })
  t.teardown(api.close)
  const { env } = await codexEnv(t, api.url)
  const config = testConfig({ judge: { backends: ['codex-cli'], deadlineMs: 30000 }, backends: { 'codex-cli': { command: bin('codex'), spares: 0 } } })
  const { app, settled } = await build(t, config, { env })
  const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: codexStop('Deploying to production now.') })
  t.equal(res.statusCode, 200)
  t.equal(res.json().decision, 'block')
  t.match(res.json().reason, /deploy without a build/)
  t.equal(res.headers['x-hookjudge-source'], 'judge')

  const body = api.mainBodies()[0]!
  t.strictSame(body.text.format, { type: 'json_schema', strict: true, name: 'codex_output_schema', schema: answerSchema([{ name: 'commit', fields: COMMIT_FIELDS }]).json })
  const input = JSON.stringify(body.input)
  t.match(input, /Hook \\"commit\\"/, 'system and user prompt, prepended, on stdin')
  t.match(input, /Deploying to production now/)
  await settled()
  t.match((await app.inject({ url: '/metrics' })).body, /hookjudge_judge_tokens_total\{backend="codex-cli",direction="input"\} 10\b/)
})

t.test('the spare is used and replaced', async t => {
  const api = await startFakeOpenAI({ script: () => '{"a":true,"reason":"r"}' })
  t.teardown(api.close)
  const { env } = await codexEnv(t, api.url)
  const b = createBackend(codexBackend(), env)
  t.teardown(() => b.close())
  b.warm([answerSchema([{ name: 'x', fields: ['a'] }])])
  const first = b.processes!().spares[0]!.pid!
  const res = await b.ask({ system: 'S', user: 'U', schema: answerSchema([{ name: 'x', fields: ['a'] }]), signal: AbortSignal.timeout(30000) })
  t.strictSame(JSON.parse(res.text), { a: true, reason: 'r' })
  t.strictSame(res.usage, { input: 10, output: 5 })
  const after = b.processes!()
  t.equal(after.spawned, 2, 'one start for the spare, one for its replacement')
  t.not(after.spares[0]!.pid, first)
  t.ok(await gone(first))
})

t.test('a hung codex is killed with its children at the deadline', async t => {
  const deadline = new AbortController()
  let leader = 0
  let native: number[] = []
  // codex is a node launcher running the native binary: that binary (a grandchild of the daemon) is the one calling the model.
  const api = await startFakeOpenAI({ script: () => { native = childrenOf(leader); deadline.abort(); return { hang: true } } })
  t.teardown(api.close)
  const { env } = await codexEnv(t, api.url)
  const b = createBackend(codexBackend({ spares: 1 }), env)
  t.teardown(() => b.close())
  b.warm([answerSchema([{ name: 'x', fields: ['a'] }])])
  leader = b.processes!().spares[0]!.pid!
  await t.rejects(b.ask({ system: 'S', user: 'U', schema: answerSchema([{ name: 'x', fields: ['a'] }]), signal: deadline.signal }), { name: 'BackendError', code: 'timeout' })
  t.equal(native.length, 1, 'the native codex process was running under the launcher')
  t.ok(await gone(leader), 'the launcher is gone')
  t.ok(await gone(native[0]!), 'the native codex grandchild is gone too')
})
