/** Verdict cache: LRU with TTL; concurrent identical requests share one backend call (lru-cache fetch coalescing). */
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { ChainResult } from '../backends/chain.js'

export type OkResult = Extract<ChainResult, { ok: true }>
export type Lookup = 'hit' | 'miss' | 'coalesced'
export type Asker = (signal: AbortSignal) => Promise<ChainResult>

export interface VerdictCache {
  get (key: string, ask: Asker, signal: AbortSignal): Promise<{ result: ChainResult, lookup: Lookup }>
  /** Drops every entry (used when a reload changes what a cached verdict meant). */
  clear (): void
  /** Keeps only the entries of these hook fingerprints (a reload drops the verdicts of changed hooks); returns how many went. */
  retain (fingerprints: ReadonlySet<string>): number
  readonly size: number
}

/** Only successful verdicts are cached: a failure must be retried by the next turn, never replayed. */
class Failure extends Error {
  constructor (readonly result: ChainResult) { super('judge failed') }
}

/** The fingerprint leads the key so that a reload can drop one hook's verdicts and keep the others'. */
export function cacheKey (fingerprint: string, text: string): string {
  return `${fingerprint}:${createHash('sha256').update(fingerprint).update('\0').update(text).digest('hex')}`
}

export function createVerdictCache (opts: { max: number, ttlSeconds: number }): VerdictCache {
  const lru = new LRUCache<string, OkResult, Asker>({
    max: opts.max,
    ttl: opts.ttlSeconds * 1000,
    fetchMethod: async (_key, _stale, { signal, context }) => {
      const result = await context(signal)
      if (!result.ok) throw new Failure(result)
      return result
    }
  })
  return {
    async get (key, ask, signal) {
      const status: LRUCache.Status<string, OkResult, Asker> = {}
      // lru-cache hangs a listener on the signal it is given, freed only when that signal aborts; a deadline that
      // passes unaborted kept ~3.6 KB per verdict alive (test/fuzz.test.ts). So it gets a link that always ends here.
      const link = new AbortController()
      const follow = () => link.abort(signal.reason)
      signal.addEventListener('abort', follow, { once: true })
      try {
        const result = await lru.fetch(key, { context: ask, signal: link.signal, status })
        const lookup: Lookup = status.fetch === 'hit' ? 'hit' : status.fetch === 'inflight' ? 'coalesced' : 'miss'
        // A result shared with the caller that asked carries that caller's attempts: do not count them twice.
        return { result: lookup === 'miss' ? result! : { ...result!, attempts: [] }, lookup }
      } catch (err) {
        const lookup: Lookup = status.fetch === 'inflight' ? 'coalesced' : 'miss'
        const result: ChainResult = err instanceof Failure
          ? (lookup === 'miss' ? err.result : { ...err.result, attempts: [] })
          : { ok: false, error: signal.aborted ? 'deadline passed' : (err as Error).message, attempts: [] }
        return { result, lookup }
      } finally {
        signal.removeEventListener('abort', follow)
        link.abort()
      }
    },
    clear: () => lru.clear(),
    retain (fingerprints) {
      // keys() skips fetches still in flight, so a request judging right now is never aborted by a reload.
      const gone = [...lru.keys()].filter(k => !fingerprints.has(k.slice(0, k.indexOf(':'))))
      for (const k of gone) lru.delete(k)
      return gone.length
    },
    get size () { return lru.size }
  }
}
