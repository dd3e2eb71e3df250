// A request's deadline: `passed` resolves and the signal aborts at its instant, whether the signal was asked for
// before or after; clear() disarms it.
import t from 'tap'
import { deadlineAt } from '../../server/core/clock.js'
import { settlesWithin, testClock } from '../helpers/request-clock.js'

t.test('the signal taken before the deadline aborts when it passes', async t => {
  const clock = testClock()
  const d = deadlineAt(clock, clock.now() + 2000)
  const signal = d.signal
  clock.advance(1999)
  t.notOk(signal.aborted)
  t.notOk(await settlesWithin(d.passed, 3), 'not passed yet')
  clock.advance(1)
  t.ok(signal.aborted)
  t.ok(await settlesWithin(d.passed), 'passed')
})

t.test('a signal first asked for after the deadline is already aborted', async t => {
  const clock = testClock()
  const d = deadlineAt(clock, clock.now() + 100)
  clock.advance(100)
  t.ok(d.signal.aborted)
  t.equal(d.signal, d.signal, 'one signal per deadline')
})

t.test('clear() disarms the deadline', async t => {
  const clock = testClock()
  const d = deadlineAt(clock, clock.now() + 100)
  d.clear()
  t.equal(clock.armed, 0)
  clock.advance(1000)
  t.notOk(d.signal.aborted)
})
