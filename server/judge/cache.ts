/** Verdict cache: one entry per hook and text (LRU with TTL), and one in-flight judgement per identical request. */
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'

export type Lookup = 'hit' | 'miss' | 'coalesced'

/** A hook's verdict as the judge gave it; only successful verdicts are stored, so a failure is retried next turn. */
export interface CachedVerdict { fields: Record<string, boolean>, reason: string, backend: string, model: string }

export interface VerdictCache {
  get (key: string): CachedVerdict | undefined
  set (key: string, verdict: CachedVerdict): void
  /** A second identical judgement while the first is in flight waits for the first's answer instead of asking again. */
  coalesce<T> (key: string, start: () => Promise<T>): { promise: Promise<T>, coalesced: boolean }
  /** Drops every entry (used when a reload changes what a cached verdict meant). */
  clear (): void
  /** Keeps only the entries of these hook fingerprints (a reload drops the verdicts of changed hooks); returns how many went. */
  retain (fingerprints: ReadonlySet<string>): number
  readonly size: number
  /** The entries' bytes as entryBytes counts them: at most cache.maxBytes. */
  readonly bytes: number
}

/** The fingerprint leads the key so that a reload can drop one hook's verdicts and keep the others'. */
export function cacheKey (fingerprint: string, text: string): string {
  return `${fingerprint}:${createHash('sha256').update(fingerprint).update('\0').update(text).digest('hex')}`
}

/**
 * What one entry holds, in bytes, counted high: its strings at two bytes a character, its fields, and the LRU's and the
 * objects' own overhead. The judge's reason is capped (500 characters), but cache.max is a count, so cache.maxBytes is
 * what bounds the daemon's memory whatever the verdicts' size.
 */
export function entryBytes (key: string, v: CachedVerdict): number {
  return 256 + 2 * (key.length + v.reason.length + v.backend.length + v.model.length) + 48 * Object.keys(v.fields).length
}

export function createVerdictCache (opts: { max: number, maxBytes: number, ttlSeconds: number }): VerdictCache {
  const lru = new LRUCache<string, CachedVerdict>({ max: opts.max, maxSize: opts.maxBytes, sizeCalculation: (v, k) => entryBytes(k, v), ttl: opts.ttlSeconds * 1000 })
  const inflight = new Map<string, Promise<unknown>>()
  return {
    get: (key) => lru.get(key),
    set: (key, verdict) => { lru.set(key, verdict) },
    coalesce<T> (key: string, start: () => Promise<T>) {
      const running = inflight.get(key) as Promise<T> | undefined
      if (running) return { promise: running, coalesced: true }
      const promise = start().finally(() => inflight.delete(key))
      inflight.set(key, promise)
      return { promise, coalesced: false }
    },
    clear: () => lru.clear(),
    retain (fingerprints) {
      const gone = [...lru.keys()].filter(k => !fingerprints.has(k.slice(0, k.indexOf(':'))))
      for (const k of gone) lru.delete(k)
      return gone.length
    },
    get size () { return lru.size },
    get bytes () { return lru.calculatedSize }
  }
}
