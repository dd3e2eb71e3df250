// A request's deadline: `passed` resolves at its instant and the signal aborts just after, whether the signal was asked for
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
  let abortedWhenPassed: boolean | undefined
  d.passed.then(() => { abortedWhenPassed = signal.aborted }, () => {})
  clock.advance(1)
  t.ok(await settlesWithin(d.passed), 'passed')
  t.equal(abortedWhenPassed, false, 'the answer is built before the abort (which closes a backend socket) runs')
  await new Promise(resolve => setImmediate(resolve))
  t.ok(signal.aborted, 'aborted right after, in the next check phase')
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
