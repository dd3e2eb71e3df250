/** The request clock: what a request's deadline, its transcript waits and its record's ms are measured on; tests inject one. */

export interface Clock {
  /** Monotonic milliseconds (performance.now() on the system clock): differences are durations. */
  now (): number
  /** Runs fn once ms have passed on this clock; the result cancels it. */
  after (ms: number, fn: () => void): () => void
}

export const SYSTEM_CLOCK: Clock = {
  now: () => performance.now(),
  after: (ms, fn) => {
    const timer = setTimeout(fn, Math.max(0, ms))
    return () => clearTimeout(timer)
  }
}

export const sleep = (clock: Clock, ms: number) => new Promise<void>(resolve => { clock.after(ms, resolve) })

/** A deadline on the clock: `passed` resolves (and `signal` aborts) at `at`; clear() stops the timer once it is not needed. */
export interface Deadline { signal: AbortSignal, passed: Promise<void>, clear: () => void }

export function deadlineAt (clock: Clock, at: number): Deadline {
  // Every request has a deadline, but only one that asks a backend needs a signal: it is made on first use, since an
  // AbortController per Layer-1 miss was a visible share of the hot path.
  let ctl: AbortController | undefined
  let fired = false
  let fire = () => {}
  const passed = new Promise<void>(resolve => { fire = resolve })
  const clear = clock.after(at - clock.now(), () => { fired = true; ctl?.abort(); fire() })
  return {
    get signal () {
      if (!ctl) { ctl = new AbortController(); if (fired) ctl.abort() }
      return ctl.signal
    },
    passed,
    clear
  }
}
