// After a burst the daemon gives memory back: one memory-reducing collection once it is quiet, none while requests
// arrive, none again until another request came, and none when RSS has not grown.
import t from 'tap'
import { collectAllGarbage, startIdleMemory } from '../../server/ops/idle-memory.js'
import { testClock } from '../helpers/clock.js'

const QUIET = 5000

t.test('one collection once quiet after requests; none while they arrive, none again without new ones', async t => {
  const clock = testClock()
  const collections: { beforeMiB: number, afterMiB: number }[] = []
  const idle = startIdleMemory({ clock, quietMs: QUIET, growth: 0, onCollect: c => collections.push(c) })
  clock.advance(QUIET)
  await clock.settled()
  t.equal(collections.length, 0, 'no request yet: nothing to give back')
  for (let i = 0; i < 3; i++) {
    idle.activity()
    clock.advance(QUIET)
    await clock.settled()
  }
  t.equal(collections.length, 0, 'busy: no collection')
  clock.advance(QUIET)
  await clock.settled()
  t.equal(collections.length, 1, 'the first quiet check collects')
  t.ok(collections[0]!.afterMiB > 0)
  clock.advance(QUIET * 3)
  await clock.settled()
  t.equal(collections.length, 1, 'still quiet: nothing new to give back')
  idle.activity()
  clock.advance(QUIET * 2)
  await clock.settled()
  t.equal(collections.length, 2, 'a request, then quiet: once more')
  idle.stop()
  t.equal(clock.pending(), 0, 'stopped: no timer left')
})

t.test('no collection when RSS has not grown past the bound since the last one', async t => {
  const clock = testClock()
  let collections = 0
  const idle = startIdleMemory({ clock, quietMs: QUIET, growth: 10, onCollect: () => collections++ })
  idle.activity()
  clock.advance(QUIET * 2)
  await clock.settled()
  t.equal(collections, 0)
  idle.stop()
})

t.test('the collection frees what is no longer reachable', async t => {
  let garbage: string[] | undefined = Array.from({ length: 200_000 }, (_, i) => `entry ${i} `.repeat(20))
  const before = process.memoryUsage().heapUsed
  t.ok(garbage.length > 0)
  garbage = undefined
  await collectAllGarbage()
  t.ok(process.memoryUsage().heapUsed < before - 20 * 2 ** 20, 'the dropped ~40 MB of strings are gone from the heap')
})
