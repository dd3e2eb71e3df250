/** A Clock the test drives: time moves only by advance() (or, with instantSleep, by each sleep), never by itself. */
import type { Clock } from '../../server/core/clock.js'

export interface TestClock extends Clock {
  /** Moves time forward, firing every timer and sleep due by then, earliest first; returns how many fired. */
  advance (ms: number): number
  /** Timers and sleeps not yet due. */
  pending (): number
  /** Resolves once a timer or sleep is pending (at once if one is): the code under test has scheduled its wait. */
  armed (): Promise<void>
  /** Resolves once some code is sleeping (at once if some already is). */
  sleeping (): Promise<void>
  /** The ms of every sleep so far, in order. */
  readonly slept: number[]
  /** Resolves once the work every fired callback returned (a promise, e.g. a probe) has settled. */
  settled (): Promise<void>
}

interface Due { at: number, seq: number, fire: () => unknown, sleep: boolean }

/**
 * instantSleep: a sleep moves time by its ms and returns at once (timers due meanwhile fire), so a wait of N ms costs no
 * real time and shows up in `slept`. Otherwise a sleep waits for advance(), like a timer.
 */
export function testClock (opts: { start?: number, instantSleep?: boolean } = {}): TestClock {
  let now = opts.start ?? Date.UTC(2026, 0, 15, 12, 0, 0)
  let seq = 0
  const due: Due[] = []
  const slept: number[] = []
  const sleepers: Array<() => void> = []
  const arming: Array<() => void> = []
  const work: Array<Promise<unknown>> = []
  const add = (ms: number, fire: () => unknown, sleep: boolean): Due => {
    const d = { at: now + Math.max(0, ms), seq: seq++, fire, sleep }
    due.push(d)
    for (const wake of arming.splice(0)) wake()
    return d
  }
  const advance = (ms: number): number => {
    const end = now + ms
    let fired = 0
    for (;;) {
      const next = due.filter(d => d.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0]
      if (!next) break
      due.splice(due.indexOf(next), 1)
      now = next.at
      fired++
      const r = next.fire()
      if (r instanceof Promise) work.push(r)
    }
    now = end
    return fired
  }
  return {
    now: () => now,
    // One time for durations and dates: start is an epoch date, so records land in that day's file.
    wall: () => now,
    after (ms, fn) {
      const d = add(ms, fn, false)
      return () => { const i = due.indexOf(d); if (i >= 0) due.splice(i, 1) }
    },
    every (ms, fn) {
      let d: Due
      const arm = () => { d = add(ms, () => { arm(); return fn() }, false) }
      arm()
      return () => { const i = due.indexOf(d); if (i >= 0) due.splice(i, 1) }
    },
    sleep (ms) {
      slept.push(ms)
      if (opts.instantSleep) { advance(ms); return Promise.resolve() }
      const p = new Promise<void>(resolve => { add(ms, resolve, true) })
      for (const wake of sleepers.splice(0)) wake()
      return p
    },
    advance,
    pending: () => due.length,
    armed: () => due.length > 0 ? Promise.resolve() : new Promise(resolve => { arming.push(resolve) }),
    sleeping: () => due.some(d => d.sleep) ? Promise.resolve() : new Promise(resolve => { sleepers.push(resolve) }),
    slept,
    settled: async () => { await Promise.allSettled(work.splice(0)) }
  }
}
