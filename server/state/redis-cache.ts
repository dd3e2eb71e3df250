/** The team's verdict cache: the local LRU first, then Redis, then one model call per key across all replicas. */
import { LRUCache } from 'lru-cache'
import type { ChainResult } from '../backends/chain.js'
import type { Asker, Lookup, OkResult, VerdictCache } from '../judge/cache.js'
import type { Coalescer } from './redis-coalesce.js'
import { valueKey } from './redis-coalesce.js'
import type { RedisLink } from './redis-link.js'

export interface RedisCacheOptions { max: number, ttlSeconds: number, claimMs: number }
type Got = { result: ChainResult, lookup: Lookup }

/** A stored verdict read back from Redis; anything else (another version's shape, a stray key) is a miss. */
function parseStored (s: string): OkResult | undefined {
  try {
    const v = JSON.parse(s) as OkResult
    return v.ok === true && typeof v.verdict === 'object' && v.verdict !== null && typeof v.backend === 'string' ? { ...v, attempts: [] } : undefined
  } catch { return undefined }
}

/** A shared result carries the attempts of the caller that made them: nobody else counts them again. */
const shared = (r: ChainResult): ChainResult => ({ ...r, attempts: [] })

function untilAbort (p: Promise<ChainResult>, signal: AbortSignal): Promise<ChainResult> {
  if (signal.aborted) return Promise.resolve({ ok: false, error: 'deadline passed', attempts: [] })
  return new Promise(resolve => {
    const abort = () => resolve({ ok: false, error: 'deadline passed', attempts: [] })
    signal.addEventListener('abort', abort, { once: true })
    p.then(r => { signal.removeEventListener('abort', abort); resolve(r) }, () => resolve({ ok: false, error: 'judge failed', attempts: [] }))
  })
}

export function createRedisCache (link: RedisLink, coalescer: Coalescer, opts: RedisCacheOptions): VerdictCache {
  const ttlMs = opts.ttlSeconds * 1000
  const lru = new LRUCache<string, OkResult>({ max: opts.max, ttl: ttlMs })
  const inflight = new Map<string, Promise<ChainResult>>()

  async function resolve (key: string, ask: Asker, signal: AbortSignal): Promise<Got> {
    let claim = await coalescer.claim(key, opts.claimMs)
    if (claim && 'value' in claim) {
      const hit = parseStored(claim.value)
      if (hit) { lru.set(key, hit); return { result: hit, lookup: 'hit' } }
      claim = null // a value this version cannot read: judge it again, and overwrite it
    }
    if (claim && !claim.mine) {
      const w = await coalescer.wait(key, signal)
      const value = 'value' in w ? parseStored(w.value) : undefined
      if (value) { lru.set(key, value); return { result: value, lookup: 'coalesced' } }
      if ('failed' in w) return { result: { ok: false, error: w.failed, attempts: [] }, lookup: 'coalesced' }
    }
    const result = await ask(signal)
    if (result.ok) lru.set(key, result)
    // Waited for here, bounded by timeoutMs: the next request, on any replica, must find the verdict.
    const json = result.ok ? JSON.stringify({ ...result, attempts: [] }) : undefined
    if (claim?.mine === true) await coalescer.done(key, claim.token, json ? { value: json, ttlMs } : { failure: result.ok ? '' : result.error })
    else if (json) await link.run('cache_set', c => c.set(valueKey(key), json, { expiration: { type: 'PX', value: ttlMs } }))
    return { result, lookup: 'miss' }
  }

  return {
    async get (key, ask, signal) {
      const local = lru.get(key)
      if (local) return { result: shared(local), lookup: 'hit' }
      const flying = inflight.get(key)
      if (flying) return { result: shared(await untilAbort(flying, signal)), lookup: 'coalesced' }
      const p = resolve(key, ask, signal)
      inflight.set(key, p.then(g => g.result, (err: Error) => ({ ok: false, error: err.message, attempts: [] })))
      try { return await p } finally { inflight.delete(key) }
    },
    clear: () => lru.clear(),
    retain (fingerprints) {
      // The team's entries need no pruning: a changed hook has a new fingerprint, so its old keys are never asked again.
      const gone = [...lru.keys()].filter(k => !fingerprints.has(k.slice(0, k.indexOf(':'))))
      for (const k of gone) lru.delete(k)
      return gone.length
    },
    get size () { return lru.size }
  }
}
