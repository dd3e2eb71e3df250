/** Gives memory back after a burst: once the daemon has been quiet a few seconds, one memory-reducing collection. */
import { type Clock, systemClock } from '../core/clock.js'

export interface IdleMemoryOptions {
  /** How long without a request counts as quiet; checked this often. */
  quietMs?: number
  /** Collect only when RSS is this much above the RSS the last collection left (0.2 = 20 %); 0: after every quiet spell. */
  growth?: number
  clock?: Clock
  /** Told of every collection (the log line, tests). */
  onCollect?: (c: { beforeMiB: number, afterMiB: number, ms: number }) => void
}

export interface IdleMemory {
  /** A request arrived: the daemon is not quiet. */
  activity (): void
  stop (): void
}

/**
 * V8 grows its heap to a multiple of what is live under load (a burst of 200 slow judgements: ~200 MB of RSS for ~40
 * MB live) and its own memory reducer gives it back only when its allocation-rate heuristics agree, in the bench
 * between 30 s and never. The inspector's collectGarbage is V8's low-memory collection (compacts, returns free pages),
 * the only one a program may ask for without --expose-gc; ~150 ms, so only after quiet, and only when RSS grew.
 */
export async function collectAllGarbage (): Promise<void> {
  const { Session } = await import('node:inspector')
  const session = new Session()
  session.connect()
  try {
    await new Promise<void>((resolve, reject) => session.post('HeapProfiler.collectGarbage', err => err ? reject(err) : resolve()))
  } finally {
    session.disconnect()
  }
}

const MiB = 2 ** 20

export function startIdleMemory (opts: IdleMemoryOptions = {}): IdleMemory {
  const clock = opts.clock ?? systemClock
  const growth = opts.growth ?? 0.2
  let requests = 0
  let seen = 0
  let settled = 0
  let floor = process.memoryUsage.rss()
  let collecting = false
  const tick = () => {
    if (requests !== seen) { seen = requests; return }
    if (seen === settled || collecting) return
    settled = seen
    const before = process.memoryUsage.rss()
    if (growth > 0 && before <= floor * (1 + growth)) return
    collecting = true
    const started = clock.now()
    return collectAllGarbage().then(() => {
      floor = process.memoryUsage.rss()
      opts.onCollect?.({ beforeMiB: before / MiB, afterMiB: floor / MiB, ms: clock.now() - started })
    }, () => {}).finally(() => { collecting = false })
  }
  const stop = clock.every(opts.quietMs ?? 5000, tick)
  return { activity: () => { requests++ }, stop }
}
