// The circuit counts what the backend did: a call the deadline ended while it waited for a connection (queued behind
// the daemon's other calls) is no failure of the backend; a call the backend held to the deadline is.
import t, { type Test } from 'tap'
import type { Backend } from '../../server/backends/contract.js'
import { createCircuit } from '../../server/backends/circuit.js'
import { createBackend } from '../../server/backends/registry.js'
import { askChain } from '../../server/judge/ask.js'
import { type Behaviour, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { TEST_ENV, testConfig } from '../helper.js'
import { arrivals } from '../helpers/arrivals.js'
import { testClock } from '../helpers/clock.js'

const REQ = { system: 's', user: 'u', schema: { key: 'k', json: {} } }
// Only bounds a wait that would otherwise hang until tap's own timeout, with a message that names the cause.
const BOUND_MS = 15_000
const asIs = (text: string) => ({ ok: true as const, value: text })

/** A fake API whose every request is announced as it arrives and answered as `behave` says; a backend of `connections`. */
async function setup (t: Test, connections: number, behave: (index: number) => Behaviour) {
  const arrived = arrivals<number>()
  const api = await startFakeJudgeApi((_body, i) => { arrived.push(i); return behave(i) })
  /** Resolves once the fake API got its nth call. */
  const calls = async (n: number) => {
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`the backend got ${arrived.items.length} of ${n} calls`)), BOUND_MS) })
    try { await Promise.race([arrived.waitFor(n), bound]) } finally { clearTimeout(timer) }
  }
  t.teardown(() => api.close())
  const clock = testClock()
  const cfg = testConfig({ backends: { anthropic: { connections } } }, api.url).backends.anthropic!
  const backend: Backend = createBackend(cfg, TEST_ENV, { now: clock.now })
  t.teardown(() => backend.close())
  return { calls, clock, backend, ask: (signal: AbortSignal) => askChain([backend], REQ, asIs, signal) }
}

t.test('calls queued for a connection when the deadline passes do not open the circuit; calls the backend held do', async t => {
  const { calls, clock, backend, ask } = await setup(t, 2, () => ({ hang: true }))
  const deadline = new AbortController()
  const asked = Array.from({ length: 6 }, () => ask(deadline.signal))
  await calls(2)
  clock.advance(2000)
  deadline.abort()
  const answers = await Promise.all(asked)
  t.ok(answers.every(a => !a.ok && a.attempts[0]?.outcome === 'timeout'), 'every call timed out')
  t.equal(answers.filter(a => /waiting for a connection/.test(a.attempts[0]?.error ?? '')).length, 4, 'four never got one')
  t.match(backend.circuit!.state(), { state: 'closed', failures: 2 }, 'only the two the backend held count')
  const last = new AbortController()
  const held = ask(last.signal)
  await calls(3)
  clock.advance(2000)
  last.abort()
  await held
  t.match(backend.circuit!.state(), { state: 'open', failures: 3 }, 'a third held call opens it')
})

t.test('a call that got its connection late and was held only briefly before the deadline is no failure either', async t => {
  let answerFirst!: () => void
  const first = new Promise<void>(resolve => { answerFirst = resolve })
  const { calls, clock, backend, ask } = await setup(t, 1, i => i === 0 ? { text: 'first', held: first } : { hang: true })
  const a = ask(new AbortController().signal)
  const deadline = new AbortController()
  const b = ask(deadline.signal)
  await calls(1)
  clock.advance(1500) // b waits 1.5 s for the one connection
  answerFirst()
  t.match(await a, { ok: true, value: 'first' })
  await calls(2)
  clock.advance(500) // then the backend has it for 0.5 s when the deadline passes
  deadline.abort()
  const late = await b
  t.match(late, { ok: false, attempts: [{ outcome: 'timeout', error: /500 ms after a connection that took 1500 ms/ }] })
  t.match(backend.circuit!.state(), { state: 'closed', failures: 0 })
})

t.test('a half-open probe that only waited for a connection frees the probe at once, counting nothing', async t => {
  let now = 0
  const c = createCircuit({ failures: 1, coolDownMs: 30_000 }, () => now)
  c.record(false)
  now += 30_000
  t.ok(c.admit(), 'the probe')
  t.notOk(c.admit(), 'one at a time')
  c.release()
  t.match(c.state(), { state: 'half-open', failures: 1 })
  t.ok(c.admit(), 'another probe may go now, not a cool-down later')
})

t.test('backends.*.connections: 256 by default, refused outside 1..4096', async t => {
  t.equal(testConfig().backends.anthropic!.connections, 256)
  t.equal(testConfig({ backends: { anthropic: { connections: 16 } } }).backends.anthropic!.connections, 16)
  t.throws(() => testConfig({ backends: { anthropic: { connections: 0 } } }), /backends\.anthropic\.connections: expected an integer from 1 to 4096, got 0/)
})
