// /healthz, /readyz and unknown routes.
import t from 'tap'
import { build, claudeStop, testConfig } from '../helper.js'
import { startFakeJudgeApi } from '../fixtures/fake-judge-api.js'

t.test('healthz answers ok', async t => {
  const { app } = await build(t)
  const res = await app.inject({ url: '/healthz' })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), { status: 'ok' })
})

t.test('readyz is 200 with a usable backend and 503 naming the reason without one', async t => {
  const { app } = await build(t)
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200)
  const { app: bare } = await build(t, testConfig(), { env: {} })
  const res = await bare.inject({ url: '/readyz' })
  t.equal(res.statusCode, 503)
  t.match(res.json().reasons[0], /hook commit: no usable judge backend \(anthropic: no API key: set ANTHROPIC_API_KEY\)/)
})

t.test('readyz is 503 while every circuit of a chain is open: no judge can answer', async t => {
  const api = await startFakeJudgeApi({ status: 500 })
  t.teardown(() => api.close())
  const { app } = await build(t, testConfig({ judge: { circuit: { failures: 1, coolDownSeconds: 600 } } }, api.url))
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200, 'ready before the failure')
  const judged = await app.inject({ method: 'POST', url: '/judge/commit', payload: JSON.stringify(claudeStop('Done. I\'ll commit and push to main now.')), headers: { 'content-type': 'application/json' } })
  t.equal(judged.headers['x-hookjudge-source'], 'fallback', 'the failing judge made the hook fall back')
  const res = await app.inject({ url: '/readyz' })
  t.equal(res.statusCode, 503)
  t.equal(res.json().status, 'not ready')
  t.match(res.json().reasons[0], /hook commit: no usable judge backend \(anthropic: circuit open after 1 failures \(last: http_error: HTTP 500\), retry in \d+ s\)/)
})

t.test('unknown route is a JSON 404', async t => {
  const { app } = await build(t)
  const res = await app.inject({ url: '/nope' })
  t.equal(res.statusCode, 404)
  t.match(res.json().error, /no route GET \/nope/)
})
