// Shared state does not trust what it reads: values planted straight into a real Redis (bad JSON, keys of another type,
// no TTL, an open circuit years ahead) cost only their own session or backend, are counted and logged once, and expire.
import { createClient } from 'redis'
import t, { type Test } from 'tap'
import { verdictKey } from '../../server/state/redis-verdicts.js'
import { sessionKey } from '../../server/state/redis-loop.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { healthy, redis, type Replica, replica } from '../helpers/state-replicas.js'

const YEAR_MS = 365 * 86_400_000
const UNUSABLE = /^warn shared state key holds a value this version cannot use/
const stop = (session: string, turnId = 'p1') => ({ event: 'Stop' as const, sessionId: session, turnId, stopHookActive: true })

/** A plain client, as anyone who can write to the team's Redis: plants values the replicas never wrote. */
async function planter (t: Test, url: string) {
  const c = createClient({ url })
  await c.connect()
  t.teardown(() => c.destroy())
  return c
}

/** A replica's ops run in order on its one connection: once this read is answered, the writes it sent before have run. */
const landed = (r: Replica) => r.state.loop.told(stop('sync'))
/** Redis was never skipped: the link is up and nothing said it was unreachable. */
const stayedUp = (t: Test, r: Replica) => {
  t.equal(r.state.health().status, 'ok', 'the replica still uses Redis')
  t.notOk(r.logs.some(l => /unreachable/.test(l)), 'no outage was declared')
}

t.test('a circuit opened years ahead with no TTL: skipped for one cool-down, /readyz says so, then asked again', async t => {
  const server = await redis(t)
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'judged') })
  t.teardown(() => api.close())
  const clock = testClock()
  const r = replica(t, server.url, {}, 2000, clock)
  await healthy(r)
  const key = 'hookjudge:v1:circuit:anthropic'
  const plant = await planter(t, server.url)
  await plant.hSet(key, { f: '3', o: String(clock.wall() + 10 * YEAR_MS) })
  const { app, settled } = await build(t, testConfig({}, api.url), { clock, state: r.state })
  const judge = async (n: number) => {
    const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(`I'll push it now (${n}).`, { session_id: `s${n}` }) })
    return res.headers['x-hookjudge-source']
  }
  const circuit = async () => (await app.inject({ url: '/readyz' })).json().backends.find((b: { name: string }) => b.name === 'anthropic').circuit

  t.not(await judge(1), 'judge', 'the team says open: this replica skips the backend')
  t.equal(api.requests.length, 0)
  const open = await circuit()
  t.match(open, { state: 'open' }, '/readyz reports the circuit this replica obeys')
  t.ok(open.retryInMs > 0 && open.retryInMs <= 30_000, `open for at most the cool-down (retryInMs ${open.retryInMs})`)
  await settled()
  await landed(r)
  clock.advance(30_000)
  t.equal(await judge(2), 'judge', 'after one cool-down the backend is asked, whatever the key still says')
  t.match(await circuit(), { state: 'closed' })
  t.ok((r.errors.get('circuit_get') ?? 0) >= 1, 'the stored open-until is counted as an error')
  t.equal(r.logs.filter(l => UNUSABLE.test(l)).length, 1, 'and logged once')
  stayedUp(t, r)
  await settled()
  await landed(r)
  t.equal(await plant.exists(key), 0, 'the success cleared the key for the team')
})

t.test('a circuit key with a non-number count or of another type costs nothing but itself; a write repairs it with a TTL', async t => {
  const server = await redis(t)
  const clock = testClock()
  const r = replica(t, server.url, {}, 2000, clock)
  await healthy(r)
  const plant = await planter(t, server.url)
  const opts = { failures: 3, coolDownMs: 30_000 }
  await plant.hSet('hookjudge:v1:circuit:api', { f: 'many' })
  await plant.set('hookjudge:v1:circuit:other', 'not a hash')
  r.state.circuits.record('api', false, opts)
  await r.state.circuits.pull(['api', 'other'])
  t.equal(r.state.circuits.admit('other', true), true, 'a key of another type is a closed circuit')
  t.equal(await plant.hGet('hookjudge:v1:circuit:api', 'f'), '1', 'the bad count was reset, then this failure counted')
  t.ok(await plant.pTTL('hookjudge:v1:circuit:api') > 0, 'the key it wrote expires')
  t.ok((r.errors.get('circuit_set') ?? 0) >= 1 && (r.errors.get('circuit_get') ?? 0) >= 1, 'both counted')
  stayedUp(t, r)
})

t.test('one malformed loop state is its session\'s fresh start: counted, logged once, and other sessions keep Redis', async t => {
  const server = await redis(t)
  const clock = testClock()
  const a = replica(t, server.url, {}, 2000, clock)
  const b = replica(t, server.url, {}, 2000, clock)
  await Promise.all([healthy(a), healthy(b)])
  const plant = await planter(t, server.url)
  b.state.loop.tell(stop('sess-good'), 'told on b')
  await landed(b)
  await plant.hSet(sessionKey('told', 'sess-bad'), { x: '1' })
  t.equal(await a.state.loop.told(stop('sess-bad')), undefined, 'a told key of another type reads as nothing told')
  t.match(await a.state.loop.told(stop('sess-good')), { chars: 'told on b'.length }, 'the next session still reads Redis')
  t.ok((a.errors.get('told_get') ?? 0) >= 1, 'counted')
  const bad = sessionKey('loop', 'sess-bad', 'commit')
  await plant.set(bad, '{"t": "p1", "b": [')
  t.equal(await a.state.loop.review(stop('sess-bad'), 'commit', true, 'x', 2), null, 'a first block, as in a new session')
  await landed(a)
  stayedUp(t, a)
  t.match(await plant.get(bad), /^\{.*"t":"p1"/, 'the state was reset and this block written')
  t.match(await plant.get(bad), /"r":1\b/)
  t.ok(await plant.pTTL(bad) > 0, 'with a TTL')
  await plant.set(bad, '7')
  await a.state.loop.review(stop('sess-bad'), 'commit', true, 'y', 2)
  await landed(a)
  t.ok((a.errors.get('loop_get') ?? 0) + (a.errors.get('loop') ?? 0) >= 2, 'each hit counted')
  t.equal(a.logs.filter(l => UNUSABLE.test(l)).length, 2, 'one log line per key (the told, the loop state)')
  stayedUp(t, a)
})

t.test('session facts: a key of another type or a bad field is absent for that session only; writes replace it', async t => {
  const server = await redis(t)
  const clock = testClock()
  const r = replica(t, server.url, {}, 2000, clock)
  await healthy(r)
  const plant = await planter(t, server.url)
  await plant.set(sessionKey('facts', 'sess-bad'), 'a string')
  await plant.hSet(sessionKey('facts', 'sess-mixed'), { good: JSON.stringify({ v: 'cus_1', e: clock.wall() + 60_000 }), broken: '{', odd: JSON.stringify({ v: 1, e: 'soon' }) })
  await r.state.facts.pull('sess-bad')
  await r.state.facts.pull('sess-mixed')
  t.equal(r.state.facts.store.get('sess-mixed', 'good'), 'cus_1', 'the good fact of the session is pulled')
  t.equal(r.state.facts.store.get('sess-mixed', 'broken'), undefined)
  t.equal(r.state.facts.store.get('sess-mixed', 'odd'), undefined)
  r.state.facts.store.set('sess-bad', 'verified', true, 60_000)
  await r.state.facts.settle('sess-bad')
  t.equal(await plant.type(sessionKey('facts', 'sess-bad')), 'hash', 'the write replaced the key')
  t.ok(await plant.pTTL(sessionKey('facts', 'sess-bad')) > 0, 'with a TTL')
  t.ok((r.errors.get('facts_get') ?? 0) >= 2 && (r.errors.get('facts_set') ?? 0) >= 1, 'counted')
  stayedUp(t, r)
})

t.test('verdicts: a claim or a verdict stored without a TTL, or not JSON, does not stand; the replica asks itself', async t => {
  const server = await redis(t)
  const clock = testClock()
  const r = replica(t, server.url, {}, 2000, clock)
  await healthy(r)
  const plant = await planter(t, server.url)
  const stored = JSON.stringify({ fields: { f: true }, reason: 'planted', backend: 'x', model: 'm' })
  await plant.set('hookjudge:v1:claim:ask-1', 'a claimant that never ends')
  await plant.set(verdictKey('k-2'), stored)
  await plant.set(verdictKey('k-3'), 'not json', { PX: 60_000 })
  await plant.hSet('hookjudge:v1:claim:ask-4', { x: '1' })
  t.match(await r.state.verdicts.claim('ask-1', ['k-1']), { mine: true }, 'a claim with no TTL is stale')
  t.ok(await plant.pTTL('hookjudge:v1:claim:ask-1') > 0, 'the new claim expires')
  t.match(await r.state.verdicts.claim('ask-2', ['k-2']), { mine: true }, 'a verdict with no TTL is not served')
  t.match(await r.state.verdicts.claim('ask-3', ['k-3']), { mine: true }, 'a verdict that is not JSON is missing')
  t.match(await r.state.verdicts.claim('ask-4', ['k-4']), { mine: true }, 'a claim key of another type is replaced')
  await plant.hSet('hookjudge:v1:claim:ask-5', { x: '1' })
  await r.state.verdicts.done('ask-5', 'a-token', { verdicts: [['k-5', { fields: {}, reason: 'r', backend: 'b', model: 'm' }]] })
  t.ok(await plant.pTTL(verdictKey('k-5')) > 0, 'a verdict is stored with its TTL beside a claim key of another type')
  t.ok((r.errors.get('cache_get') ?? 0) >= 3, 'counted')
  stayedUp(t, r)
})
