// Verdict cache and coalescing across replicas on a real Redis: one model call for the team, local answers in an outage.
import t from 'tap'
import { createCoalescer } from '../../server/state/redis-coalesce.js'
import { createRedisLink } from '../../server/state/redis-link.js'
import { counter, healthy, redis, replica, sum } from './helpers.js'

const signal = () => AbortSignal.timeout(5000)

t.test('a verdict computed on one replica is a hit on the other, with no attempts counted twice', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const fake = counter()
  const first = await a.state.verdictCache({ max: 10, ttlSeconds: 60 }).get('fp:k1', fake.ask, signal())
  t.equal(first.lookup, 'miss')
  t.equal(first.result.attempts.length, 1)
  const second = await b.state.verdictCache({ max: 10, ttlSeconds: 60 }).get('fp:k1', fake.ask, signal())
  t.equal(second.lookup, 'hit')
  t.ok(second.result.ok && second.result.verdict.block)
  t.same(second.result.attempts, [], 'the hit carries no backend attempt')
  t.equal(fake.calls.n, 1, 'one model call for both replicas')
  t.equal(sum(a.errors) + sum(b.errors), 0)
})

t.test('20 identical requests over two replicas make one model call', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  let open!: () => void
  const fake = counter(new Promise<void>(resolve => { open = resolve }))
  const caches = [a.state.verdictCache({ max: 10, ttlSeconds: 60 }), b.state.verdictCache({ max: 10, ttlSeconds: 60 })]
  const all = Array.from({ length: 20 }, (_, i) => caches[i % 2]!.get('fp:same', fake.ask, signal()))
  // The model answers only once the claim is taken and the others wait, so none of them could have hit the cache.
  while (fake.calls.n === 0) await new Promise(resolve => setImmediate(resolve))
  open()
  const got = await Promise.all(all)
  t.equal(fake.calls.n, 1)
  t.equal(got.filter(g => g.lookup === 'miss').length, 1)
  // A request whose lookup lands after the verdict is stored is a plain hit: either way, not a model call.
  t.equal(got.filter(g => g.lookup === 'coalesced' || g.lookup === 'hit').length, 19)
  t.ok(got.some(g => g.lookup === 'coalesced'), 'some waited across or within replicas')
  t.ok(got.every(g => g.result.ok), 'every waiter got the verdict')
})

t.test('a failed judgement is shared with the waiters but never cached', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const logs = { warn: () => {}, info: () => {} }
  const la = createRedisLink({ url: server.url, timeoutMs: 50, log: logs, onError: () => {} })
  const lb = createRedisLink({ url: server.url, timeoutMs: 50, log: logs, onError: () => {} })
  t.teardown(() => Promise.all([la.close(), lb.close()]))
  const ca = createCoalescer(la)
  const cb = createCoalescer(lb)
  while (la.health().status !== 'ok' || lb.health().status !== 'ok') await new Promise(resolve => setTimeout(resolve, 10))
  const mine = await ca.claim('fp:fail', 5000)
  t.match(mine, { mine: true })
  t.same(await cb.claim('fp:fail', 5000), { mine: false }, 'the second replica finds the claim taken')
  // wait() registers before its first await, so the message below cannot pass it by.
  const waiting = cb.wait('fp:fail', signal())
  t.equal(cb.waiters, 1)
  await ca.done('fp:fail', (mine as { token: string }).token, { failure: 'model down' })
  t.same(await waiting, { failed: 'model down' })
  t.match(await cb.claim('fp:fail', 5000), { mine: true }, 'no value was stored and the claim is released: the next turn asks again')
  const fake = counter()
  t.equal((await b.state.verdictCache({ max: 10, ttlSeconds: 60 }).get('fp:other', async () => ({ ok: false, error: 'x', attempts: [] }), signal())).lookup, 'miss')
  t.equal((await a.state.verdictCache({ max: 10, ttlSeconds: 60 }).get('fp:other', fake.ask, signal())).lookup, 'miss', 'a failure is never a hit')
  t.equal(fake.calls.n, 1)
})

t.test('Redis killed: answers from local state, errors counted, one log line; back: shared again without a restart', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const ca = a.state.verdictCache({ max: 10, ttlSeconds: 60 })
  const cb = b.state.verdictCache({ max: 10, ttlSeconds: 60 })
  await server.kill()
  const fake = counter()
  for (let i = 0; i < 5; i++) {
    const got = await ca.get(`fp:down${i}`, fake.ask, signal())
    t.equal(got.lookup, 'miss')
    t.ok(got.result.ok, 'answered without Redis')
  }
  t.equal(a.state.health().status, 'degraded')
  t.ok((a.errors.get('cache_get') ?? 0) > 0, 'cache_get errors counted')
  t.equal(a.logs.filter(l => l.startsWith('warn')).length, 1, 'one log line for the outage')
  t.equal((await ca.get('fp:down0', fake.ask, signal())).lookup, 'hit', 'the local LRU still answers')
  await server.start()
  await Promise.all([healthy(a), healthy(b)])
  t.ok(a.logs.some(l => l.startsWith('info')), 'the return is logged')
  const n = fake.calls.n
  await ca.get('fp:after', fake.ask, signal())
  t.equal((await cb.get('fp:after', fake.ask, signal())).lookup, 'hit', 'shared again')
  t.equal(fake.calls.n, n + 1)
})

t.test('a frozen Redis (accepts, never answers) is given up on after timeoutMs', async t => {
  const server = await redis(t)
  const a = replica(t, server.url, { timeoutMs: 30 })
  await healthy(a)
  server.pause()
  t.teardown(() => server.resume())
  const fake = counter()
  const got = await a.state.verdictCache({ max: 10, ttlSeconds: 60 }).get('fp:frozen', fake.ask, signal())
  t.ok(got.result.ok, 'answered')
  t.equal(fake.calls.n, 1)
  t.equal(a.state.health().status, 'degraded')
  t.match(a.state.health().error, /no answer within 30 ms/)
})
