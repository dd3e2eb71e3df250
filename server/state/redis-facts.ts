/** Session facts in Redis: one hash per session (fact → value and expiry), pulled into the local store before a gate reads. */
import type { FactStore } from '../approvals/session-facts.js'
import type { RedisLink } from './redis-link.js'
import { sessionKey } from './redis-loop.js'
import type { SharedFacts } from './state.js'

// A fact is a small value (an id, a flag); a larger one stays on the replica that saw it rather than bloat every pull.
const MAX_VALUE_BYTES = 4096

/** Sets one field and keeps the hash alive as long as its longest-lived fact, never past the longest a fact lives
 * (ARGV[4]); a key of another type is replaced (returns 1: the session's facts start afresh). */
const SET_LUA = `
local bad = 0
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'none' and kind ~= 'hash' then redis.call('DEL', KEYS[1]) bad = 1 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < tonumber(ARGV[3]) or ttl > tonumber(ARGV[4]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return bad`

/** A fact as stored, or undefined when it is not one this version wrote (too large, not JSON, no expiry or value). */
function parseFact (raw: string): { v: unknown, e: number } | undefined {
  if (raw.length > MAX_VALUE_BYTES) return undefined
  try {
    const f = JSON.parse(raw) as { v?: unknown, e?: unknown } | null
    return f !== null && typeof f === 'object' && Number.isFinite(f.e) && f.v !== undefined ? { v: f.v, e: f.e as number } : undefined
  } catch {
    return undefined
  }
}

/** maxTtlMs: the longest a fact lives (sessionFacts.ttlSeconds); a stored expiry later than that is cut to it. now: epoch ms. */
export function createRedisFacts (link: RedisLink, local: FactStore, maxTtlMs: number, now: () => number = Date.now): SharedFacts {
  const pending = new Map<string, Set<Promise<unknown>>>()
  const track = (session: string, p: Promise<unknown>) => {
    const set = pending.get(session) ?? new Set()
    pending.set(session, set.add(p))
    p.finally(() => { set.delete(p); if (set.size === 0) pending.delete(session) })
  }
  const store: FactStore = {
    get: (session, name) => local.get(session, name),
    set (session, name, value, ttlMs) {
      local.set(session, name, value, ttlMs)
      if (session === '') return
      const json = JSON.stringify({ v: value, e: now() + ttlMs })
      if (Buffer.byteLength(json) > MAX_VALUE_BYTES) return
      const key = sessionKey('facts', session)
      const args = [name, json, String(ttlMs), String(Math.max(ttlMs, maxTtlMs))]
      track(session, link.run('facts_set', c => c.eval(SET_LUA, { keys: [key], arguments: args }), key).then(got => {
        if (got.ok && got.value === 1) link.unusable('facts_set', key, 'not a hash: replaced')
      }))
    },
    sessions: () => local.sessions()
  }
  return {
    store,
    async pull (session) {
      if (session === '') return
      const key = sessionKey('facts', session)
      const got = await link.run('facts_get', c => c.hGetAll(key), key)
      if (!got.ok) return
      const t = now()
      let bad: string | undefined
      for (const [name, raw] of Object.entries(got.value)) {
        const f = parseFact(raw)
        if (!f) { bad ??= name; continue }
        if (f.e > t) local.set(session, name, f.v, Math.min(f.e - t, maxTtlMs))
      }
      if (bad !== undefined) link.unusable('facts_get', key, `fact ${JSON.stringify(bad.slice(0, 40))} is not one this version wrote`)
    },
    async settle (session) {
      await Promise.all([...(pending.get(session) ?? [])])
    }
  }
}
