// Graceful shutdown: requests in flight when it starts are all answered and logged, new ones are refused, and the
// bound cuts off requests that would outlast it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { Pool } from 'undici'
import { shutdown } from '../../server/ops/shutdown.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { claudeStop, tempDir, testConfig, TEST_ENV } from '../helper.js'
import { buildApp } from '../../server/app.js'

const IN_FLIGHT = 20
const body = (i: number) => JSON.stringify(claudeStop(`Step ${i} done. I'll commit and push to main now.`, { session_id: `sd-${i}` }))

t.test('every request accepted before SIGTERM is answered and logged; later ones are refused', async t => {
  let arrived = 0
  let allArrived: () => void = () => {}
  const inFlight = new Promise<void>(resolve => { allArrived = resolve })
  // The judge answers slowly, so all the requests are inside the daemon when shutdown starts.
  const api = await startFakeJudgeApi(() => {
    if (++arrived === IN_FLIGHT) allArrived()
    return { text: commitVerdict({ new_proposal: true }, 'no tests'), delayMs: 300 }
  })
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const { app } = await buildApp(testConfig({ decisionLog: { enabled: true, dir } }, api.url), { logger: false, env: TEST_ENV })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const pool = new Pool(url, { connections: IN_FLIGHT })
  t.teardown(() => pool.close())

  const answers = Array.from({ length: IN_FLIGHT }, (_, i) => pool.request({ path: '/judge/commit', method: 'POST', body: body(i) })
    .then(async res => ({ status: res.statusCode, body: await res.body.json() as { decision?: string } })))
  await inFlight
  const closing = shutdown(app, 5000)
  const late = await pool.request({ path: '/judge/commit', method: 'POST', body: body(99) }).then(res => res.statusCode, (err: Error & { code?: string }) => err.code)
  t.equal(await closing, 'clean')

  const got = await Promise.all(answers)
  t.strictSame(got.map(a => a.status), Array(IN_FLIGHT).fill(200), 'all answered 200')
  t.ok(got.every(a => a.body.decision === 'block'), 'with the judged verdict, not a fallback')
  t.ok(late === 503 || late === 'ECONNREFUSED' || late === 'UND_ERR_SOCKET', `a request after the start of shutdown is refused (${late})`)
  const day = new Date().toISOString().slice(0, 10)
  const records = readFileSync(join(dir, `decisions-${day}.jsonl`), 'utf8').trim().split('\n')
  t.equal(records.length, IN_FLIGHT, 'every answered decision reached the decision log before close returned')
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
  const started = performance.now()
  t.equal(await shutdown(app, 200), 'timeout')
  t.ok(performance.now() - started < 1200 + 1000, 'within the bound plus the close hooks\' second')
  t.equal(await answer, 'cut off')
})
