// Deadlines due together: each fires early by the answers due before it, so a burst's last answer is on time; one alone
// fires at its instant (issue 17, item 4).
import t from 'tap'
import { ANSWER_MS, deadlinesDueTogether, MAX_EARLY_MS } from '../../server/core/due-together.js'
import { settlesWithin, testClock } from '../helpers/request-clock.js'

/** Which of the deadlines have passed, in their order of arming. */
async function passed (ds: { passed: Promise<void> }[]): Promise<boolean[]> {
  return await Promise.all(ds.map(d => settlesWithin(d.passed, 3)))
}

t.test('a deadline alone fires at its instant', async t => {
  const clock = testClock()
  const d = deadlinesDueTogether(clock)(clock.now() + 2000)
  clock.advance(1999.9)
  t.strictSame(await passed([d]), [false])
  clock.advance(0.1)
  t.strictSame(await passed([d]), [true])
})

t.test('three due at one instant: the last armed fires first, the first armed at the instant', async t => {
  const clock = testClock()
  const deadline = deadlinesDueTogether(clock)
  const at = clock.now() + 2000
  const ds = [deadline(at), deadline(at), deadline(at)]
  clock.advance(2000 - 2 * ANSWER_MS)
  t.strictSame(await passed(ds), [false, false, true], 'two answers ahead of it: two answers early')
  clock.advance(ANSWER_MS)
  t.strictSame(await passed(ds), [false, true, true])
  clock.advance(ANSWER_MS)
  t.strictSame(await passed(ds), [true, true, true], 'the first armed keeps its instant')
})

t.test(`a cleared deadline is not ahead of another, nor one due more than ${MAX_EARLY_MS} ms before it`, async t => {
  const clock = testClock()
  const deadline = deadlinesDueTogether(clock)
  const at = clock.now() + 2000
  deadline(at).clear()
  deadline(at - MAX_EARLY_MS - 1)
  const probe = deadline(at)
  clock.advance(2000 - 0.01)
  t.strictSame(await passed([probe]), [false], 'nothing ahead of it: it keeps its instant')
  clock.advance(0.01)
  t.strictSame(await passed([probe]), [true])
})

t.test('a deadline that has passed is not ahead of a later one', async t => {
  const clock = testClock()
  const deadline = deadlinesDueTogether(clock)
  const first = deadline(clock.now() + 100)
  clock.advance(100)
  t.strictSame(await passed([first]), [true])
  const later = deadline(clock.now() + 100)
  clock.advance(99.99)
  t.strictSame(await passed([later]), [false], 'not fired early for an answer already given')
  clock.advance(0.01)
  t.strictSame(await passed([later]), [true])
})

t.test(`however many share an instant, none fires more than ${MAX_EARLY_MS} ms early`, async t => {
  const clock = testClock()
  const deadline = deadlinesDueTogether(clock)
  const at = clock.now() + 2000
  const ds = Array.from({ length: 2 * MAX_EARLY_MS / ANSWER_MS }, () => deadline(at))
  clock.advance(2000 - MAX_EARLY_MS - 0.01)
  t.notOk((await passed(ds)).some(Boolean), 'nothing before the cap')
  clock.advance(0.01)
  t.equal((await passed(ds)).filter(Boolean).length, MAX_EARLY_MS / ANSWER_MS, 'the half with the cap or more ahead of them fires at the cap')
})

t.test('the signal aborts with the deadline it belongs to', async t => {
  const clock = testClock()
  const deadline = deadlinesDueTogether(clock)
  const at = clock.now() + 100
  const first = deadline(at)
  const second = deadline(at)
  clock.advance(100 - ANSWER_MS)
  await new Promise(resolve => setImmediate(resolve))
  t.ok(second.signal.aborted, 'the early one')
  t.notOk(first.signal.aborted, 'not yet')
  clock.advance(ANSWER_MS)
  await new Promise(resolve => setImmediate(resolve))
  t.ok(first.signal.aborted)
})

t.test('a short deadline keeps seven eighths of its time, however many share it', async t => {
  const clock = testClock()
  const deadline = deadlinesDueTogether(clock)
  const at = clock.now() + 400
  const ds = Array.from({ length: 400 }, () => deadline(at))
  clock.advance(349.99)
  t.notOk((await passed(ds)).some(Boolean), 'none before 350 ms')
  clock.advance(0.01)
  t.ok((await passed(ds)).filter(Boolean).length > 200, 'those with 100 or more ahead fire at 350 ms')
})
