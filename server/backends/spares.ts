/** Warm spares: judge processes started ahead and waiting for their prompt, one per key, bounded in number and age. */
import { BackendError } from '../core/errors.js'
import type { Proc } from './process.js'

export interface PoolOptions {
  /** Keys (hook field sets) that keep a spare; the least recently used loses its spare first. 0 = no spares. */
  spares: number
  maxProcesses: number
  /** A spare waiting longer than this is replaced by a fresh one. */
  idleMs: number
  now?: () => number
}

export interface PoolStats { alive: number, busy: number, spawned: number, spares: { key: string, pid: number | undefined, ageMs: number }[] }

export interface ProcPool {
  /** A process for key: its spare if one waits, else a fresh one (waiting, within the signal, for a free slot). */
  acquire (key: string, start: () => Proc, signal: AbortSignal): Promise<{ proc: Proc, spare: boolean }>
  /** Starts a spare for key when there is room (warm-up before the first verdict). */
  prime (key: string, start: () => Proc): void
  /** Replaces spares idle past idleMs (resolves once the old ones are gone); on an unref'd timer, and from tests. */
  recycle (): Promise<void>
  stats (): PoolStats
  close (): Promise<void>
}

export function createProcPool (o: PoolOptions): ProcPool {
  const now = o.now ?? Date.now
  const starters = new Map<string, () => Proc>() // insertion order = least recently used first
  const spares = new Map<string, { proc: Proc, since: number }>()
  const busy = new Set<Proc>()
  const waiters: (() => void)[] = []
  let spawned = 0
  let closed = false
  let timer: NodeJS.Timeout | undefined
  const alive = () => spares.size + busy.size

  const touch = (key: string, start: () => Proc) => { starters.delete(key); starters.set(key, start) }
  const launch = (start: () => Proc) => { spawned++; return start() }
  const drop = (key: string) => { const s = spares.get(key); spares.delete(key); s?.proc.kill(); return s?.proc }
  const lruSpare = (except?: string) => [...starters.keys()].find(k => k !== except && spares.has(k))

  function refill (key: string): void {
    const start = starters.get(key)
    if (closed || !start || o.spares === 0 || spares.has(key) || waiters.length > 0) return
    if (spares.size >= o.spares) { const k = lruSpare(key); if (k === undefined) return; drop(k) }
    if (alive() >= o.maxProcesses) return
    const proc = launch(start)
    spares.set(key, { proc, since: now() })
    proc.exited.then(() => { if (spares.get(key)?.proc === proc) spares.delete(key) })
    timer ??= setInterval(() => { pool.recycle().catch(() => {}) }, Math.min(o.idleMs / 2, 60_000)).unref()
  }

  function use (proc: Proc): Proc {
    busy.add(proc)
    proc.exited.then(() => {
      busy.delete(proc)
      const next = waiters.shift()
      if (next) next()
      else for (const k of [...starters.keys()].reverse().slice(0, o.spares)) refill(k)
    })
    return proc
  }

  async function room (signal: AbortSignal): Promise<void> {
    while (alive() >= o.maxProcesses) {
      const k = lruSpare()
      if (k !== undefined) { await drop(k)?.exited; continue }
      if (signal.aborted) throw new BackendError(`all ${o.maxProcesses} judge processes busy until the deadline`, 'timeout')
      await new Promise<void>((resolve, reject) => {
        const wake = () => { signal.removeEventListener('abort', onAbort); resolve() }
        const onAbort = () => {
          waiters.splice(waiters.indexOf(wake), 1)
          reject(new BackendError(`all ${o.maxProcesses} judge processes busy until the deadline`, 'timeout'))
        }
        waiters.push(wake)
        signal.addEventListener('abort', onAbort, { once: true })
      })
      if (closed) throw new BackendError('backend closed', 'http_error')
    }
  }

  const pool: ProcPool = {
    async acquire (key, start, signal) {
      if (closed) throw new BackendError('backend closed', 'http_error')
      touch(key, start)
      const s = spares.get(key)
      spares.delete(key)
      if (s?.proc.alive()) { use(s.proc); refill(key); return { proc: s.proc, spare: true } }
      await room(signal)
      const proc = use(launch(start))
      refill(key)
      return { proc, spare: false }
    },
    prime (key, start) { if (!starters.has(key)) touch(key, start); refill(key) },
    async recycle () {
      const old: Promise<void>[] = []
      for (const [key, s] of [...spares]) {
        if (now() - s.since >= o.idleMs) { old.push(s.proc.exited); drop(key); refill(key) }
      }
      await Promise.all(old)
    },
    stats: () => ({ alive: alive(), busy: busy.size, spawned, spares: [...spares].map(([key, s]) => ({ key, pid: s.proc.pid, ageMs: now() - s.since })) }),
    async close () {
      closed = true
      clearInterval(timer)
      const procs = [...busy, ...[...spares.values()].map(s => s.proc)]
      spares.clear()
      for (const wake of waiters.splice(0)) wake()
      for (const p of procs) p.kill()
      await Promise.all(procs.map(p => p.exited))
    }
  }
  return pool
}
