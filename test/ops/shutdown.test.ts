// Graceful shutdown: requests in flight when it starts are all answered and logged, new ones are refused, and the
// bound cuts off requests that would outlast it.
import t from 'tap'
import { Pool } from 'undici'
import { AFTER_BOUND_MS, shutdown } from '../../server/ops/shutdown.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { claudeStop, readDecisions, tempDir, testConfig, TEST_ENV } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { buildApp } from '../../server/app.js'

const IN_FLIGHT = 20
const body = (i: number) => JSON.stringify(claudeStop(`Step ${i} done. I'll commit and push to main now.`, { session_id: `sd-${i}` }))

t.test('every request accepted before SIGTERM is answered and logged; later ones are refused', async t => {
  let release: () => void = () => {}
  const held = new Promise<void>(resolve => { release = resolve })
  // The judge holds its answers until shutdown has started, so every request is still inside the daemon then.
  const api = await startFakeJudgeApi(() => ({ text: commitVerdict({ new_proposal: true }, 'no tests'), held }))
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const { app } = await buildApp(testConfig({ decisionLog: { enabled: true, dir } }, api.url), { logger: false, env: TEST_ENV })
  // Counted as the daemon takes them in: the backend's pool sends only some at a time, the rest queue inside.
  let inside = 0
  let allInside: () => void = () => {}
  const inFlight = new Promise<void>(resolve => { allInside = resolve })
  app.addHook('preHandler', async () => { if (++inside === IN_FLIGHT) allInside() })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const pool = new Pool(url, { connections: IN_FLIGHT })
  t.teardown(() => pool.close())

  const answers = Array.from({ length: IN_FLIGHT }, (_, i) => pool.request({ path: '/judge/commit', method: 'POST', body: body(i) })
    .then(async res => ({ status: res.statusCode, body: await res.body.json() as { decision?: string } })))
  await inFlight
  // A clock no one moves: the bound cannot pass however slow the machine is, so 'clean' is the drain's doing.
  const closing = shutdown(app, 5000, testClock())
  // Every connection is busy: the late request waits in the pool for one, then meets the closing daemon.
  const late = pool.request({ path: '/judge/commit', method: 'POST', body: body(99) }).then(res => res.statusCode, (err: Error & { code?: string }) => err.code)
  release()
  t.equal(await closing, 'clean')

  const got = await Promise.all(answers)
  t.strictSame(got.map(a => a.status), Array(IN_FLIGHT).fill(200), 'all answered 200')
  t.ok(got.every(a => a.body.decision === 'block'), 'with the judged verdict, not a fallback')
  const refused = await late
  t.ok(refused === 503 || refused === 'ECONNREFUSED' || refused === 'UND_ERR_SOCKET', `a request after the start of shutdown is refused (${refused})`)
  t.equal(readDecisions(dir).length, IN_FLIGHT, 'every answered decision reached the decision log before close returned')
})

t.test('the bound ends a shutdown that in-flight requests would outlast', async t => {
  let arrived: () => void = () => {}
  const inFlight = new Promise<void>(resolve => { arrived = resolve })
  const api = await startFakeJudgeApi(() => { arrived(); return { hang: true } })
  t.teardown(() => api.close())
  const { app } = await buildApp(testConfig({ judge: { deadlineMs: 60000 } }, api.url), { logger: false, env: TEST_ENV })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const pool = new Pool(url)
  t.teardown(() => pool.destroy())
  const answer = pool.request({ path: '/judge/commit', method: 'POST', body: body(1) }).then(res => res.statusCode, () => 'cut off')
  await inFlight
  const clock = testClock()
  const closing = shutdown(app, 200, clock)
  t.equal(clock.advance(199), 0, 'before the bound nothing is cut')
  if (!t.equal(clock.advance(1), 1, 'at the bound the running request\'s connection is closed')) return
  t.equal(await answer, 'cut off')
  // The close hooks get AFTER_BOUND_MS more (a backend still waiting on the hung judge), then shutdown gives up.
  clock.advance(AFTER_BOUND_MS)
  t.equal(await closing, 'timeout')
})
