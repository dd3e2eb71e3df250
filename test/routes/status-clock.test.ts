// GET /status tells its times by the runtime's clock: start date, uptime and the last reload's date move only with it.
import t from 'tap'
import { build, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'

t.test('startedAt, uptimeSeconds and reloads.last.at come from the injected clock', async t => {
  const start = Date.parse('2026-03-10T08:00:00.000Z')
  const clock = testClock({ start })
  const { app, reload } = await build(t, testConfig(), { clock })
  clock.advance(90_500)
  t.equal(reload().ok, true)
  clock.advance(60_000)
  const status = (await app.inject({ url: '/status' })).json()
  t.equal(status.startedAt, '2026-03-10T08:00:00.000Z')
  t.equal(status.uptimeSeconds, 151, '150.5 s on the clock, rounded')
  t.equal(status.reloads.last.at, '2026-03-10T08:01:30.500Z', 'the reload, 90.5 s after the start')
})
