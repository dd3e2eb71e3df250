// Arrival stamps: a request read while the loop has been busy without a pause counts from the pause's end, at most
// MAX_LOOKBACK_MS back; a clock that cannot tell idle time stamps the moment of reading.
import t from 'tap'
import { arrivalStamps, MAX_LOOKBACK_MS } from '../../server/core/arrival.js'
import type { Clock } from '../../server/core/clock.js'
import { testClock } from '../helpers/request-clock.js'

/** A test clock whose loop metrics the test sets: idleMs is the loop's total waiting so far. */
function loopClock () {
  const clock = testClock()
  const loop = { idleMs: 0 }
  const withIdle: Clock = { ...clock, now: () => clock.now(), idle: () => loop.idleMs }
  return { clock, loop, withIdle }
}

t.test('after a pause each request counts from its reading; in a busy stretch, from the stretch\'s start', async t => {
  const { clock, loop, withIdle } = loopClock()
  const stamp = arrivalStamps(withIdle)
  clock.advance(1000)
  loop.idleMs += 1000
  const first = clock.now()
  t.equal(stamp(), first, 'the loop had been waiting: read as it came')
  clock.advance(40)
  t.equal(stamp(), first, 'read 40 ms later with no pause between: it may have waited since the first')
  loop.idleMs += 5
  clock.advance(10)
  t.equal(stamp(), clock.now(), 'after a pause the next request counts from its reading again')
})

t.test('one request at a time with short waits between them: each counts from its reading, none from the first', async t => {
  // A keep-alive client that sends the next request as the last answer arrives: the loop blocks ~0.1 ms between them.
  const { clock, loop, withIdle } = loopClock()
  const stamp = arrivalStamps(withIdle)
  loop.idleMs += 1000
  clock.advance(1000)
  stamp()
  for (let i = 0; i < 20; i++) {
    loop.idleMs += 0.1
    clock.advance(2)
    t.equal(stamp(), clock.now(), `request ${i + 2}`)
  }
})

t.test('the look back is bounded: an overloaded loop does not turn every deadline into an instant fallback', async t => {
  const { clock, loop, withIdle } = loopClock()
  const stamp = arrivalStamps(withIdle)
  loop.idleMs += 100
  clock.advance(100)
  stamp()
  clock.advance(10 * MAX_LOOKBACK_MS)
  t.equal(stamp(), clock.now() - MAX_LOOKBACK_MS)
})

t.test('a clock without loop metrics stamps the moment of reading', async t => {
  const clock = testClock()
  const stamp = arrivalStamps(clock)
  clock.advance(500)
  t.equal(stamp(), clock.now())
  clock.advance(500)
  t.equal(stamp(), clock.now())
})
