/** A request clock for tests: time moves only by its timers; short sleeps (the transcript polls, 20 ms) run by themselves
 * and are counted, every other timer (deadlines, however close) fires only when the test calls advance(). Nothing here sleeps. */
import type { Clock } from '../../server/core/clock.js'

interface Timer { at: number, fn: () => void }

export interface TestClock extends Clock {
  /** Every wait shorter than autoBelow that was scheduled, in ms, in order. */
  waits: number[]
  /** Called as each short wait is scheduled (before it runs): a test can change the world then, as an agent would. */
  onWait?: (ms: number, index: number) => void
  /** Moves time forward by ms, running every timer due on the way, in order. */
  advance (ms: number): void
  /** Timers not run yet (deadlines still armed). */
  readonly armed: number
  /** Timers set so far (after() calls, sleeps included), run or not. */
  readonly scheduled: number
}

/** A fresh macrotask: I/O callbacks that are ready run before it. */
export const turn = () => new Promise<void>(resolve => setImmediate(resolve))

/** Resolves true once p settles within `turns` event-loop turns, false if it has not by then (no wall clock involved). */
export async function settlesWithin (p: Promise<unknown>, turns = 50): Promise<boolean> {
  const state = { settled: false }
  p.then(() => { state.settled = true }, () => { state.settled = true })
  for (let i = 0; i < turns && !state.settled; i++) await turn()
  return state.settled
}

export function testClock (autoBelow = 50, start = 10_000): TestClock {
  let now = start
  let scheduled = 0
  const timers: Timer[] = []
  const runUntil = (end: number) => {
    for (;;) {
      const next = timers.filter(t => t.at <= end).sort((a, b) => a.at - b.at)[0]
      if (!next) break
      timers.splice(timers.indexOf(next), 1)
      now = Math.max(now, next.at)
      next.fn()
    }
    now = Math.max(now, end)
  }
  const set = (ms: number, fn: () => void): Timer => {
    scheduled++
    const timer = { at: now + Math.max(0, ms), fn }
    timers.push(timer)
    return timer
  }
  const clock: TestClock = {
    waits: [],
    now: () => now,
    // Records' dates are not what these tests look at: a fixed day, moving with the clock.
    wall: () => Date.UTC(2026, 0, 15, 12, 0, 0) + now,
    // A timer (a deadline, a file operation's time limit) fires as the test moves time, however short; one already due
    // when it is set fires on the next turn, as setTimeout(fn, 0) would.
    after (ms, fn) {
      const timer = set(ms, fn)
      if (ms <= 0) setImmediate(() => { if (timers.includes(timer)) runUntil(timer.at) })
      return () => { const i = timers.indexOf(timer); if (i >= 0) timers.splice(i, 1) }
    },
    // A wait is a timer: short ones (the polls) run by themselves and are counted in waits.
    sleep: (ms) => new Promise<void>(resolve => {
      const timer = set(ms, resolve)
      if (ms >= autoBelow) return
      clock.waits.push(ms)
      clock.onWait?.(ms, clock.waits.length - 1)
      // As if nothing else happened meanwhile: the wait ends on the next turn, time having moved by its length.
      setImmediate(() => { if (timers.includes(timer)) runUntil(timer.at) })
    }),
    every (ms, fn) {
      let cancel = () => {}
      const arm = () => { cancel = clock.after(ms, () => { arm(); fn() }) }
      arm()
      return () => cancel()
    },
    advance: (ms) => runUntil(now + ms),
    get armed () { return timers.length },
    get scheduled () { return scheduled }
  }
  return clock
}
