// /healthz, /readyz and unknown routes.
import t from 'tap'
import { build, testConfig } from '../helper.js'

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

t.test('unknown route is a JSON 404', async t => {
  const { app } = await build(t)
  const res = await app.inject({ url: '/nope' })
  t.equal(res.statusCode, 404)
  t.match(res.json().error, /no route GET \/nope/)
})
