// Recursion guard: the daemon's model requests carry x-hookjudge-judge, and any request carrying it is answered {} unjudged.
import { createServer } from 'node:net'
import t from 'tap'
import { JUDGE_ENV, JUDGE_HEADER, RECURSION_HOOK_HEADER } from '../../server/guards/recursion.js'
import { startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { runClaude } from '../helpers/agents.js'
import { build, claudeStop, testConfig } from '../helper.js'

const PUSH = 'Done. I will commit and push to main now.'

async function freePort (): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1')
  await new Promise(resolve => s.once('listening', resolve))
  const { port } = s.address() as { port: number }
  await new Promise(resolve => s.close(resolve))
  return port
}

t.test('every model API request of the HTTP backends carries the judge header', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }) })
  t.teardown(() => api.close())
  for (const backend of ['anthropic', 'openai']) {
    const { app } = await build(t, testConfig({ judge: { backends: [backend] } }, api.url))
    await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(`${PUSH} (${backend})`) })
    t.equal(api.requests.at(-1)?.headers[JUDGE_HEADER], '1', backend)
  }
})

t.test('a request carrying the header is answered {} with source guard and never judged', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }) })
  t.teardown(() => api.close())
  const { app } = await build(t, testConfig({}, api.url))
  const res = await app.inject({ method: 'POST', url: '/judge/commit', headers: { [JUDGE_HEADER]: '1' }, payload: claudeStop(PUSH) })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), {})
  t.equal(res.headers['x-hookjudge-source'], 'guard')
  t.equal(res.headers['x-hookjudge-decision'], 'allow')
  t.equal(api.requests.length, 0, 'no judge call')
  const empty = await app.inject({ method: 'POST', url: '/judge/commit', headers: { [JUDGE_HEADER]: '' }, payload: claudeStop(PUSH) })
  t.equal(empty.headers['x-hookjudge-decision'], 'block', 'an empty value (an unset env var in a hook header) is no mark')
  t.match((await app.inject({ url: '/metrics' })).body, /hookjudge_bad_requests_total\{reason="recursion"\} 1/)
})

t.test('a backend pointed at the daemon itself ends in one fallback, not a loop', async t => {
  const port = await freePort()
  const { app, metrics } = await build(t, testConfig({ judge: { deadlineMs: 3000 } }, `http://127.0.0.1:${port}`))
  await app.listen({ port, host: '127.0.0.1' })
  const res = await fetch(`http://127.0.0.1:${port}/judge/commit`, { method: 'POST', body: JSON.stringify(claudeStop(PUSH)) })
  t.equal(res.status, 200)
  t.equal(res.headers.get('x-hookjudge-source'), 'fallback')
  const recursion = (await metrics.badRequests.get()).values.find(v => v.labels.reason === 'recursion')
  t.ok(recursion && recursion.value >= 1, 'the daemon\'s own model request came back and was refused')
  const judged = (await metrics.requests.get()).values.reduce((n, v) => n + v.value, 0)
  t.equal(judged, 1, 'one hook request judged in all')
})

t.test('a Claude Code http hook wired with RECURSION_HOOK_HEADER is left alone when Claude runs inside a judge', async t => {
  const judgeApi = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no evidence') })
  t.teardown(() => judgeApi.close())
  const { app, metrics } = await build(t, testConfig({}, judgeApi.url))
  const refused = async () => (await metrics.badRequests.get()).values.find(v => v.labels.reason === 'recursion')?.value ?? 0
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const hook = { type: 'http', url: `http://127.0.0.1:${port}/judge/commit`, timeout: 10, ...RECURSION_HOOK_HEADER }
  const settings = { hooks: { Stop: [{ hooks: [hook] }] } }
  t.strictSame(RECURSION_HOOK_HEADER.allowedEnvVars, Object.keys(JUDGE_ENV))
  for (const [name, env, modelCalls] of [['a user session', {}, 2], ['inside a judge', JUDGE_ENV, 1]] as const) {
    t.test(name, async t => {
      const before = await refused()
      const api = await startFakeAnthropic({ script: [PUSH, 'I ran npm test: 12 passed. Committed as 1a2b3c4.'] })
      t.teardown(api.close)
      const run = await runClaude(t, { prompt: 'finish up', apiUrl: api.url, settings, env: { ...env } })
      t.equal(run.code, 0, run.stderr.slice(-500))
      t.equal(api.mainBodies().length, modelCalls, modelCalls === 2 ? 'the block sent Claude back to work' : 'the daemon answered {} at once')
      t.equal(await refused() - before, modelCalls === 2 ? 0 : 1, 'the header marked exactly the judge-run hook call')
    })
  }
})
