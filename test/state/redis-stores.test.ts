// Loop governor, session facts and circuit state shared across replicas on a real Redis, and their local fallbacks.
import t from 'tap'
import { governStep, type HookLoopState } from '../../server/guards/loop.js'
import { healthy, redis, type Replica, replica } from '../helpers/state-replicas.js'

const stop = (turnId?: string, stopHookActive = true) => ({ event: 'Stop' as const, sessionId: 'sess-1', turnId, stopHookActive })
/** A replica's reads follow its own writes (one connection each): once this is answered, the loop steps it sent have run. */
const landed = (r: Replica) => r.state.loop.told(stop('sync'))

t.test('the loop governor counts blocks across replicas and matches governStep step for step', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const steps: Array<[ReturnType<typeof stop>, boolean, string]> = [
    [stop('p1', false), true, 'a'], [stop('p1'), true, 'b'], [stop('p1'), true, 'c'], [stop('p1'), true, 'd'],
    [stop('p1'), true, 'd'], [stop('p1'), false, 'e'], [stop('p2'), true, 'f'], [stop('p2'), true, 'f'],
    [stop(undefined, false), true, 'g'], [stop(undefined, true), true, 'h'], [stop(undefined, true), true, 'i']
  ]
  const model: HookLoopState = { blocked: [], run: 0 }
  const replicas = [a, b]
  for (const [i, [ev, blocked, text]] of steps.entries()) {
    const want = governStep(model, ev, blocked, text, 2)
    // Alternate replicas: the count must not restart on the other one.
    t.equal(await replicas[i % 2]!.state.loop.review(ev, 'commit', blocked, text, 2), want, `step ${i} on replica ${'ab'[i % 2]}`)
    await landed(replicas[i % 2]!)
  }
  t.equal(await a.state.loop.review(stop('p9', false), 'other-hook', true, 'x', 2), null, 'each hook has its own state')
})

t.test('an allow is not waited for, and one of an earlier turn arriving late leaves the newer turn alone', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  t.equal(await a.state.loop.review(stop('p2', false), 'commit', true, 'x', 2), null)
  await landed(a)
  t.equal(await b.state.loop.review(stop('p1'), 'commit', false, 'y', 2), null, 'a late allow of turn p1')
  // b's next op follows its allow on the same connection: once it is answered, the allow has run.
  await b.state.loop.review(stop('p9'), 'other-hook', true, 'z', 2)
  t.equal(await a.state.loop.review(stop('p2'), 'commit', true, 'x', 2), 'repeat', 'turn p2 still knows it blocked x')
})

t.test('what a block told is read by the other replica in the same turn; the longer told wins; an outage keeps the local one', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const first = 'I will commit now.'
  const second = `${first}\n\nTests pass; I will commit now.`
  a.state.loop.tell(stop('p1', false), first)
  // A replica's reads follow its own writes (one connection each): once a has read it back, b finds it too.
  t.match(await a.state.loop.told(stop('p1')), { turnId: 'p1', chars: first.length })
  t.match(await b.state.loop.told(stop('p1')), { turnId: 'p1', chars: first.length }, 'told on a, read on b')
  t.equal(await b.state.loop.told(stop('p2')), undefined, 'another turn has nothing told')
  t.equal(await b.state.loop.told(stop('p1', false)), undefined, 'a first Stop (no stop_hook_active) asks only its own replica')
  t.equal(await b.state.loop.told({ ...stop('p1'), sessionId: 'sess-2' }), undefined, 'per session')
  a.state.loop.tell(stop('p1'), second)
  await a.state.loop.told(stop('p1'))
  b.state.loop.tell(stop('p1'), first) // Redis now holds the shorter, as after a write lost in an outage
  t.match(await b.state.loop.told(stop('p1')), { chars: first.length })
  t.match(await a.state.loop.told(stop('p1')), { chars: second.length }, 'a turn only grows: the longer told is the later one')
  await server.kill()
  t.match(await a.state.loop.told(stop('p1')), { chars: second.length }, 'Redis down: the local told')
  t.ok((a.errors.get('told_get') ?? 0) > 0)
})

t.test('a replica that closes first sends the writes its answers did not wait for', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  a.state.loop.tell(stop('p1'), 'told just before the close')
  await a.state.close()
  t.match(await b.state.loop.told(stop('p1')), { chars: 'told just before the close'.length })
})

t.test('a fact recorded on one replica is pulled by the other; expired and oversized facts are not', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  a.state.facts.store.set('sess-1', 'customer_verified', 'cus_42', 60_000)
  a.state.facts.store.set('sess-1', 'short_lived', true, 1)
  a.state.facts.store.set('sess-1', 'huge', 'x'.repeat(5000), 60_000)
  await a.state.facts.settle('sess-1')
  t.equal(b.state.facts.store.get('sess-1', 'customer_verified'), undefined, 'not there before the pull')
  await b.state.facts.pull('sess-1')
  t.equal(b.state.facts.store.get('sess-1', 'customer_verified'), 'cus_42')
  t.equal(b.state.facts.store.get('sess-1', 'huge'), undefined, 'a value over 4 KB stays on its replica')
  t.equal(b.state.facts.store.get('sess-1', 'short_lived'), undefined, 'a fact that expired (1 ms) is not copied')
  t.equal(a.state.facts.store.get('sess-1', 'huge'), 'x'.repeat(5000))
  await b.state.facts.pull('sess-2')
  t.equal(b.state.facts.store.get('sess-2', 'customer_verified'), undefined, 'facts are per session')
  await server.kill()
  await b.state.facts.pull('sess-1')
  t.equal(b.state.facts.store.get('sess-1', 'customer_verified'), 'cus_42', 'an outage keeps what was pulled')
  a.state.facts.store.set('sess-3', 'local_only', 1, 60_000)
  await a.state.facts.settle('sess-3')
  t.equal(a.state.facts.store.get('sess-3', 'local_only'), 1, 'recorded locally while Redis is down')
  t.ok((a.errors.get('facts_set') ?? 0) > 0 && (b.errors.get('facts_get') ?? 0) > 0, 'both ops counted')
})

t.test('failures on two replicas open the circuit for both; a success closes it', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const opts = { failures: 3, coolDownMs: 60_000 }
  a.state.circuits.record('api', false, opts)
  b.state.circuits.record('api', false, opts)
  a.state.circuits.record('api', false, opts)
  // record() does not wait for Redis. A replica's pull follows its own writes (one connection each), so after b, a, b
  // every write has landed before the last two pulls.
  await b.state.circuits.pull(['api'])
  await a.state.circuits.pull(['api'])
  await b.state.circuits.pull(['api'])
  t.equal(a.state.circuits.admit('api', true), false, 'open on the replica that saw the third failure')
  t.equal(b.state.circuits.admit('api', true), false, 'open on the other one too')
  t.equal(b.state.circuits.admit('other', true), true, 'other backends are not affected')
  b.state.circuits.record('api', true, opts)
  t.equal(b.state.circuits.admit('api', true), true, 'a success closes it at once on its replica')
  await a.state.circuits.pull(['api'])
  t.equal(a.state.circuits.admit('api', true), true, 'and on the others at their next pull')
  t.equal(a.state.circuits.admit('api', false), false, 'the local circuit still has its say')
})

t.test('the in-process state (no state.redis) is healthy, local, and keeps facts and loops to itself', async t => {
  const { createState } = await import('../../server/state/create-state.js')
  const { testConfig } = await import('../helper.js')
  const state = createState(testConfig(), { env: {}, log: { warn: () => {}, info: () => {} }, onError: () => {} })
  t.same(state.health(), { mode: 'local', status: 'ok' })
  t.equal(await state.loop.review(stop('p1', false), 'commit', true, 'a', 1), null)
  t.equal(await state.loop.review(stop('p1'), 'commit', true, 'b', 1), 'loop')
  state.facts.store.set('s', 'f', 1, 60_000)
  await state.facts.pull('s')
  t.equal(state.facts.store.get('s', 'f'), 1)
  t.equal(state.circuits.admit('api', true), true)
  t.equal(state.circuits.admit('api', false), false)
})
