// The team's verdicts on a real Redis: stored on one replica, a hit on the other; one model call for identical asks.
import t from 'tap'
import type { SharedState } from '../../server/state/state.js'
import { type TeamAnswer, teamAsk } from '../../server/state/team-ask.js'
import { type Arrivals, arrivals } from '../helpers/arrivals.js'
import { testClock } from '../helpers/clock.js'
import { healthy, redis, replica, sum } from '../helpers/state-replicas.js'

const signal = () => AbortSignal.timeout(5000)
const verdict = (reason: string) => ({ fields: { f: true }, reason, backend: 'fake', model: 'm' })
type Result = { ok: true, reason: string } | { ok: false, error: string }

/** What the ask stage does: the replica's own coalescing (one promise per key in process) around teamAsk. */
function asker (state: SharedState, calls: { n: number }, gate: Promise<void> = Promise.resolve(), result: Result = { ok: true, reason: 'r' }) {
  const inflight = new Map<string, Promise<TeamAnswer<Result>>>()
  return (askKey: string, keys: string[]) => {
    const running = inflight.get(askKey)
    if (running) return running.then(a => ({ ...a, local: true }))
    const p = teamAsk<Result>(state.verdicts, {
      askKey,
      keys,
      signal: signal(),
      ask: async () => { calls.n++; await gate; return result },
      share: r => r.ok ? { verdicts: keys.map(k => [k, verdict(r.reason)] as [string, unknown]) } : { failure: r.error }
    }).finally(() => inflight.delete(askKey))
    inflight.set(askKey, p)
    return p.then(a => ({ ...a, local: false }))
  }
}

/** The replica's state with every claim's answer pushed to claims: a test waits for the claims instead of for time. */
function counting (state: SharedState, claims: Arrivals<unknown>): SharedState {
  const v = state.verdicts
  return { ...state, verdicts: { ...v, claim: async (askKey, keys) => { const got = await v.claim(askKey, keys); claims.push(got); return got } } }
}

t.test('verdicts asked on one replica are stored: the other takes them without a model call', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const calls = { n: 0 }
  const first = await asker(a.state, calls)('fp1:x|fp2:x', ['fp1:x', 'fp2:x'])
  t.equal(first.kind, 'asked')
  const second = await asker(b.state, calls)('fp1:x|fp2:x', ['fp1:x', 'fp2:x'])
  t.same(second, { kind: 'stored', values: [verdict('r'), verdict('r')], local: false })
  t.equal(calls.n, 1, 'one model call for both replicas')
  const partly = await asker(b.state, calls)('fp1:x|fp3:x', ['fp1:x', 'fp3:x'])
  t.equal(partly.kind, 'asked', 'an ask with one hook not yet judged is asked')
  t.equal(sum(a.errors) + sum(b.errors), 0)
})

t.test('20 identical asks over two replicas make one model call', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const calls = { n: 0 }
  let open!: () => void
  const gate = new Promise<void>(resolve => { open = resolve })
  const claims = arrivals<unknown>()
  const askers = [asker(counting(a.state, claims), calls, gate), asker(counting(b.state, claims), calls, gate)]
  const all = Array.from({ length: 20 }, (_, i) => askers[i % 2]!('fp:same', ['fp:same']))
  // The model answers once both replicas have claimed (one won, one waits): the waiting replica cannot find it stored.
  await claims.waitFor(2)
  t.strictSame(claims.items.map(c => (c as { mine: boolean }).mine).sort(), [false, true], 'one claim won, one taken')
  open()
  const got = await Promise.all(all)
  t.equal(calls.n, 1)
  t.equal(got.filter(g => g.kind === 'asked' && !g.local).length, 1, 'one replica asked')
  t.ok(got.every(g => g.kind !== 'asked' || g.local || g === got.find(x => x.kind === 'asked')), 'the rest shared its answer')
  t.ok(got.every(g => g.kind === 'asked' || g.kind === 'stored' || ('values' in g.waited && g.waited.values.length === 1)), 'every waiter got the verdict')
})

t.test('a failed ask is handed to the waiters and stores nothing; a dead claimant or a dead Redis ends the wait', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const mine = await a.state.verdicts.claim('fp:fail', ['fp:fail'])
  t.match(mine, { mine: true })
  t.same(await b.state.verdicts.claim('fp:fail', ['fp:fail']), { mine: false, token: '' }, 'the claim is taken')
  // wait() registers before its first await, so the message sent next cannot pass it by.
  const waiting = b.state.verdicts.wait('fp:fail', ['fp:fail'], signal())
  await a.state.verdicts.done('fp:fail', (mine as { token: string }).token, { failure: 'model down' })
  t.same(await waiting, { failed: 'model down' })
  t.match(await b.state.verdicts.claim('fp:fail', ['fp:fail']), { mine: true }, 'nothing stored, the claim released: the next turn asks')
  // A replica that claims and dies: its claim lasts one deadline (here 300 ms), then polling finds it gone.
  const dying = replica(t, server.url, {}, 300)
  await healthy(dying)
  t.match(await dying.state.verdicts.claim('fp:dead', ['fp:dead']), { mine: true })
  t.same(await a.state.verdicts.wait('fp:dead', ['fp:dead'], signal()), { self: true }, 'the claim expired unfulfilled: ask yourself')
  t.match(await dying.state.verdicts.claim('fp:dead2', ['fp:dead2']), { mine: true })
  await server.kill()
  t.same(await a.state.verdicts.wait('fp:dead', ['fp:dead'], signal()), { self: true }, 'Redis gone while waiting: ask yourself')
})

t.test('Redis killed: every ask is answered locally, errors counted, one log line; back: shared again without a restart', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  const calls = { n: 0 }
  await server.kill()
  for (let i = 0; i < 5; i++) t.equal((await asker(a.state, calls)(`fp:down${i}`, [`fp:down${i}`])).kind, 'asked', `ask ${i} answered without Redis`)
  t.equal(calls.n, 5)
  t.equal(a.state.health().status, 'degraded')
  t.ok((a.errors.get('cache_get') ?? 0) >= 5, 'every lookup counted')
  t.equal(a.logs.filter(l => l.startsWith('warn')).length, 1, 'one log line for the outage')
  await server.start()
  await Promise.all([healthy(a), healthy(b)])
  t.ok(a.logs.some(l => l.startsWith('info shared state reachable again')))
  await asker(a.state, calls)('fp:after', ['fp:after'])
  t.equal((await asker(b.state, calls)('fp:after', ['fp:after'])).kind, 'stored', 'shared again')
  t.equal(calls.n, 6)
})

t.test('a frozen Redis (accepts, never answers) is given up on after timeoutMs, on the link\'s clock', async t => {
  const server = await redis(t)
  const clock = testClock()
  const a = replica(t, server.url, { timeoutMs: 30 }, 2000, clock)
  await healthy(a)
  server.pause()
  t.teardown(() => server.resume())
  const calls = { n: 0 }
  const asking = asker(a.state, calls)('fp:frozen', ['fp:frozen'])
  await clock.armed() // the claim is sent, its answer bounded by timeoutMs
  clock.advance(29)
  t.equal(a.state.health().status, 'ok', 'not given up before timeoutMs')
  clock.advance(1)
  t.equal((await asking).kind, 'asked')
  t.equal(a.state.health().status, 'degraded')
  t.match(a.state.health().error, /no answer within 30 ms/)
})
