// The loop state read ahead with the claims: a block decided from it needs Redis no more, and racing replicas still release.
import t from 'tap'
import { healthy, redis, type Replica, replica } from '../helpers/state-replicas.js'

// The replicas' judge.loop.maxConsecutiveBlocks is 2.
const MAX = 2
const stop = (stopHookActive = true) => ({ event: 'Stop' as const, sessionId: 'sess-1', turnId: 'p1', stopHookActive })
/** A replica's reads follow its own writes (one connection each): once this is answered, the loop steps it sent have run. */
const landed = (r: Replica) => r.state.loop.told(stop())

t.test('a block is decided from the state read ahead: Redis gone after the read, the team\'s count still releases', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  t.equal(await b.state.loop.review(stop(false), 'commit', true, 'one', MAX), null)
  t.equal(await b.state.loop.review(stop(), 'commit', true, 'two', MAX), null)
  await landed(b)
  const ahead = a.state.loop.ahead(stop(), ['commit', 'other-hook'])
  t.ok(ahead, 'a Stop of a known session reads ahead')
  await ahead
  await server.kill()
  // a's own governor has seen no block of this session: only the state read ahead knows the run is full.
  t.equal(await a.state.loop.review(stop(), 'commit', true, 'three', MAX, ahead), 'loop', 'released from the state read ahead')
  t.equal(await a.state.loop.review(stop(), 'other-hook', true, 'three', MAX, ahead), null, 'a hook with no state starts a run')
  t.equal(a.state.loop.ahead({ ...stop(), event: 'PreToolUse' }, ['commit']), undefined, 'a tool call is not governed: nothing read')
  t.equal(a.state.loop.ahead({ ...stop(), sessionId: '' }, ['commit']), undefined, 'nor a Stop of no session')
})

t.test('two replicas blocking one session from the same state at once: Redis counts both, and the next block releases', async t => {
  const server = await redis(t)
  const a = replica(t, server.url)
  const b = replica(t, server.url)
  await Promise.all([healthy(a), healthy(b)])
  t.equal(await a.state.loop.review(stop(false), 'commit', true, 'one', MAX), null)
  await landed(a)
  // Both read a run of one before either answered, so each answers as the second block of the run.
  const [aheadA, aheadB] = [a.state.loop.ahead(stop(), ['commit']), b.state.loop.ahead(stop(), ['commit'])]
  await Promise.all([aheadA, aheadB])
  t.equal(await a.state.loop.review(stop(), 'commit', true, 'two', MAX, aheadA), null)
  t.equal(await b.state.loop.review(stop(), 'commit', true, 'three', MAX, aheadB), null, 'one block more than the run allows')
  await Promise.all([landed(a), landed(b)])
  // Each wrote the block it gave: three in a row. Had Redis decided again, the second would have been counted as a
  // release and started a new run that this block would extend; b's own governor has seen only one block.
  t.equal(await b.state.loop.review(stop(), 'commit', true, 'four', MAX), 'loop', 'the next block releases')
  await landed(b)
  t.equal(await a.state.loop.review(stop(), 'commit', true, 'five', MAX), null, 'and the run starts again after the release')
})
