// Circuit breaker: the state machine on an injected clock, then a failing backend skipped in a real chain.
import t from 'tap'
import { createCircuit } from '../../server/backends/circuit.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'

t.test('closed → open after N failures in a row → half-open after the cool-down → one probe decides', async t => {
  let now = 0
  const c = createCircuit({ failures: 3, coolDownMs: 30_000 }, () => now)
  c.record(false); c.record(false); c.record(true); c.record(false); c.record(false)
  t.match(c.state(), { state: 'closed', failures: 2 }, 'a success resets the count')
  t.ok(c.admit())
  c.record(false)
  t.match(c.state(), { state: 'open', failures: 3, retryInMs: 30_000 })
  t.notOk(c.admit(), 'skipped while open')
  now += 29_999
  t.notOk(c.admit())
  now += 1
  t.equal(c.state().state, 'half-open')
  t.ok(c.admit(), 'one probe')
  t.notOk(c.admit(), 'only one probe at a time')
  c.record(false)
  t.match(c.state(), { state: 'open', retryInMs: 30_000 }, 'a failed probe opens it for another cool-down')
  now += 30_000
  t.ok(c.admit())
  now += 30_000
  t.ok(c.admit(), 'a probe that never reported does not keep it shut')
  c.record(true)
  t.match(c.state(), { state: 'closed', failures: 0 })
  c.configure({ failures: 1, coolDownMs: 5 })
  c.record(false)
  t.match(c.state(), { state: 'open', retryInMs: 5 }, 'new thresholds apply, state kept')
})

t.test('a failing backend opens its circuit, the next backend in the chain answers, and a probe closes it again', async t => {
  let anthropicUp = false
  const api = await startFakeJudgeApi(body => body.system !== undefined && !anthropicUp
    ? { status: 500 }
    : { text: commitVerdict({ new_proposal: true }, body.system !== undefined ? 'from anthropic' : 'from openai') })
  t.teardown(() => api.close())
  const clock = testClock({ start: 1_000_000 })
  const config = testConfig({ judge: { backends: ['anthropic', 'openai'] } }, api.url)
  const { app, reload } = await build(t, config, { clock })
  const judge = async (i: number) => {
    const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(`I'll push it now (${i}).`, { session_id: `s${i}` }) })
    return res.json().reason as string
  }
  const anthropicCalls = () => api.requests.filter(r => r.path === '/v1/messages').length
  const anthropicState = async () => (await app.inject({ url: '/readyz' })).json().backends.find((b: { name: string }) => b.name === 'anthropic').circuit

  for (let i = 0; i < 3; i++) t.match(await judge(i), /from openai/, 'the fallback answers')
  t.equal(anthropicCalls(), 3)
  t.match(await anthropicState(), { state: 'open', failures: 3 })
  t.equal(reload(config).ok, true)
  t.match(await anthropicState(), { state: 'open' }, 'the state survives a config reload')

  t.match(await judge(3), /from openai/)
  t.equal(anthropicCalls(), 3, 'the open circuit was skipped without a request')
  t.match((await app.inject({ url: '/metrics' })).body, /hookjudge_backend_requests_total\{backend="anthropic",outcome="circuit_open"\} 1\b/)
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200, 'an open circuit heals itself: still ready')

  clock.advance(30_000)
  t.match(await anthropicState(), { state: 'half-open' })
  anthropicUp = true
  t.match(await judge(4), /from anthropic/, 'the probe went to anthropic and it answered')
  t.match(await anthropicState(), { state: 'closed', failures: 0 })
})
