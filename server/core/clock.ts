/** The daemon's time in one object: the epoch clock, timers and waits of every deadline, flush wait and drain bound. */

export interface Clock {
  /** Epoch ms, as Date.now(). */
  now (): number
  /** Calls fn once after ms; the returned function cancels it. */
  after (ms: number, fn: () => void): () => void
  /** Resolves after ms: a deliberate wait (a transcript's next write), not a deadline. */
  sleep (ms: number): Promise<void>
  /** Calls fn every ms until cancelled: background upkeep (keep-alive probes), which never holds the process open. */
  every (ms: number, fn: () => unknown): () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after (ms, fn) {
    const timer = setTimeout(fn, ms)
    return () => clearTimeout(timer)
  },
  sleep: (ms) => new Promise(resolve => setTimeout(resolve, ms)),
  every (ms, fn) {
    const timer = setInterval(fn, ms).unref()
    return () => clearInterval(timer)
  }
}
