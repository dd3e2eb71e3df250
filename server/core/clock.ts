/** The daemon's time in one object: durations (deadlines, flush waits, drain bound, records' ms) and the wall time of records. */

export interface Clock {
  /** Monotonic ms (performance.now() on the system clock): differences are durations; a request's deadline is in it. */
  now (): number
  /** Epoch ms, as Date.now(): a record's timestamp, the review page's hours, doctor's "ago". */
  wall (): number
  /** Calls fn once after ms; the returned function cancels it. */
  after (ms: number, fn: () => void): () => void
  /** Resolves after ms: a deliberate wait (a transcript's next write), not a deadline. */
  sleep (ms: number): Promise<void>
  /** Calls fn every ms until cancelled: background upkeep (keep-alive probes), which never holds the process open. */
  every (ms: number, fn: () => unknown): () => void
  /** Ms the event loop has spent waiting for work so far (the system clock's loop metrics); absent: never known. */
  idle? (): number
}

export const systemClock: Clock = {
  now: () => performance.now(),
  idle: () => performance.eventLoopUtilization().idle,
  wall: () => Date.now(),
  after (ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms))
    return () => clearTimeout(timer)
  },
  sleep: (ms) => new Promise(resolve => setTimeout(resolve, Math.max(0, ms))),
  every (ms, fn) {
    const timer = setInterval(fn, ms).unref()
    return () => clearInterval(timer)
  }
}

/** A deadline on the clock: `passed` resolves (and `signal` aborts) at `at`; clear() stops the timer once it is not needed. */
export interface Deadline { signal: AbortSignal, passed: Promise<void>, clear: () => void }

export function deadlineAt (clock: Clock, at: number): Deadline {
  // Every request has a deadline, but only one that asks a backend needs a signal: it is made on first use, since an
  // AbortController per Layer-1 miss was a visible share of the hot path.
  let ctl: AbortController | undefined
  let fired = false
  let fire = () => {}
  const passed = new Promise<void>(resolve => { fire = resolve })
  // The answer first, the abort after: aborting an in-flight backend call closes its socket and lets the pool start the
  // next queued call, work that would otherwise run before the fallback answers of every other request due now.
  const clear = clock.after(at - clock.now(), () => { fired = true; fire(); if (ctl) setImmediate(() => ctl!.abort()) })
  return {
    get signal () {
      if (!ctl) { ctl = new AbortController(); if (fired) ctl.abort() }
      return ctl.signal
    },
    passed,
    clear
  }
}
