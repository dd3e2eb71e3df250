// A burst against a healthy but slow backend: 200 Stops at once, each a model call the fake API answers 1.5 s after it
// arrived, within a 2 s deadline. They get verdicts and the circuit stays closed; past the connection limit, the calls
// left waiting for a connection time out without counting against the backend. Time is the daemon's clock, which the
// test moves (the fake's delay runs on it too): what is measured is the daemon's rules, not this machine's CPU.
import t, { type Test } from 'tap'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, testConfig } from '../helper.js'
import { arrivals } from '../helpers/arrivals.js'
import { testClock, turn } from '../helpers/request-clock.js'

const CLIENTS = 200
const ANSWER_MS = 1500
// Only bounds a wait that would otherwise hang until tap's own timeout, with a message that names the cause.
const BOUND_MS = 15_000

/** Resolves once ok() holds, checked every event-loop turn (I/O runs between them); fails with why after BOUND_MS. */
async function until (ok: () => boolean | Promise<boolean>, why: () => string): Promise<void> {
  const bound = performance.now() + BOUND_MS
  while (!await ok()) {
    if (performance.now() > bound) throw new Error(why())
    await turn()
  }
}

/** The app on a test clock against a fake API that answers each call ANSWER_MS (on that clock) after it arrived. */
async function burst (t: Test, backend: Record<string, unknown> = {}) {
  const clock = testClock()
  const arrived = arrivals<number>()
  const api = await startFakeJudgeApi((_body, i) => {
    const held = new Promise<void>(resolve => { clock.after(ANSWER_MS, resolve) })
    arrived.push(i)
    return { text: commitVerdict({ new_proposal: true }, 'slow but sound'), held }
  })
  t.teardown(() => api.close())
  const { app } = await build(t, testConfig({ judge: { deadlineMs: 2000 }, backends: { anthropic: backend } }, api.url), { clock })
  // Distinct texts (long enough to stand alone) and sessions: no cache hit, no coalescing, every request its own call.
  const text = (i: number) => `The refactor of module ${i} is finished and its formatting pass is done as well. I'll push change ${i} to main now, then open the pull request for review by the team.`
  const answers = Array.from({ length: CLIENTS }, (_, i) => app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(text(i), { session_id: `burst-${i}` }) })
    .then(res => String(res.headers['x-hookjudge-source'])))
  // Every request in its ask stage, its call handed to the HTTP client: two deadlines armed each (the answer's, the call's).
  await until(() => clock.armed >= 2 * CLIENTS, () => `only ${clock.armed / 2} of ${CLIENTS} requests reached their ask stage`)
  await turn()
  const calls = (n: number) => until(() => arrived.items.length >= n, () => `${arrived.items.length} of ${n} calls reached the backend; the rest wait for a connection`)
  const circuit = async () => (await app.inject({ url: '/readyz' })).json().backends.find((b: { name: string }) => b.name === 'anthropic').circuit
  const metric = async (outcome: string) => Number(new RegExp(`hookjudge_backend_requests_total\\{backend="anthropic",outcome="${outcome}"\\} (\\d+)`).exec((await app.inject({ url: '/metrics' })).body)?.[1] ?? 0)
  return { clock, calls, answers, circuit, metric }
}

t.test(`${CLIENTS} Stops at once, the backend answering in ${ANSWER_MS} ms, deadline 2 s: verdicts, circuit closed`, async t => {
  const { clock, calls, answers, circuit, metric } = await burst(t)
  await calls(CLIENTS)
  clock.advance(ANSWER_MS)
  const sources = await Promise.all(answers)
  const judged = sources.filter(s => s === 'judge').length
  t.ok(judged >= CLIENTS * 0.9, `at least 90 % verdicts (${judged} of ${CLIENTS})`)
  t.match(await circuit(), { state: 'closed', failures: 0 }, 'the circuit of a healthy backend stays closed')
  t.equal(await metric('circuit_open'), 0, 'no call was skipped')
})

t.test('past the connection limit, calls still waiting when the deadline passes do not open the circuit', async t => {
  const { clock, calls, answers, circuit, metric } = await burst(t, { connections: 100 })
  await calls(100)
  clock.advance(ANSWER_MS) // the first 100 answer; the other 100 get their connections only now
  await calls(CLIENTS)
  clock.advance(2000 - ANSWER_MS)
  const sources = await Promise.all(answers)
  t.equal(sources.filter(s => s === 'judge').length, 100, 'the calls that had a connection in time got verdicts')
  // The answers went out at the deadline; the calls are aborted just after, and each then reports to the circuit.
  await until(async () => await metric('timeout') === 100, () => 'the 100 late calls did not all end as timeouts')
  t.match(await circuit(), { state: 'closed', failures: 0 }, 'without counting against the backend: held 0.5 s after 1.5 s queued')
})
