/** Deadlines that fall due together: each fires early by the answers due before it, so the last is written by its own instant. */
import { type Clock, type Deadline, deadlineAt } from './clock.js'

/** What writing one deadline's answer costs (the fallback, its socket write), on the 2-core machine of docs/BENCHMARKS.md, rounded up. */
export const ANSWER_MS = 0.5
/** No deadline fires earlier than this before its instant, however many share it, nor by more than an eighth of its time left. */
export const MAX_EARLY_MS = 250
const MAX_EARLY_SHARE = 1 / 8

export type DeadlineOf = (at: number) => Deadline

/**
 * 200 requests read in one burst share one instant (their arrival stamps are the burst's start), and their 200 fallback
 * answers were written one after another from that instant on: the last ~80 ms late. Here each new deadline counts the
 * ones armed for the same span before it and fires that many answers early; the last read fires first, the first read
 * at its instant. Under ordinary load (a few requests in flight) that is a ms or two earlier, never later.
 */
export function deadlinesDueTogether (clock: Clock, answerMs = ANSWER_MS, maxEarlyMs = MAX_EARLY_MS): DeadlineOf {
  const armed = new Set<{ at: number }>()
  const ahead = (at: number) => {
    let n = 0
    for (const other of armed) if (other.at <= at && other.at > at - maxEarlyMs) n++
    return n
  }
  return (at) => {
    // A short judge.deadlineMs (100 ms at the least) keeps most of its budget: a burst must not turn it into no judge.
    const early = Math.min(maxEarlyMs, (at - clock.now()) * MAX_EARLY_SHARE, ahead(at) * answerMs)
    const mine = { at }
    armed.add(mine)
    const d = deadlineAt(clock, at - early)
    d.passed.then(() => armed.delete(mine), () => {})
    return {
      get signal () { return d.signal },
      passed: d.passed,
      clear: () => { armed.delete(mine); d.clear() }
    }
  }
}
