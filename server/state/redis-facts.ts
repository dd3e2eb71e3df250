/** Session facts in Redis: one hash per session (fact → value and expiry), pulled into the local store before a gate reads. */
import type { FactStore } from '../approvals/session-facts.js'
import type { RedisLink } from './redis-link.js'
import { sessionKey } from './redis-loop.js'
import type { SharedFacts } from './state.js'

// A fact is a small value (an id, a flag); a larger one stays on the replica that saw it rather than bloat every pull.
const MAX_VALUE_BYTES = 4096

/** Sets one field and keeps the hash alive as long as its longest-lived fact. */
const SET_LUA = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1`

export function createRedisFacts (link: RedisLink, local: FactStore, now: () => number = Date.now): SharedFacts {
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
      track(session, link.run('facts_set', c => c.eval(SET_LUA, { keys: [sessionKey('facts', session)], arguments: [name, json, String(ttlMs)] })))
    },
    sessions: () => local.sessions()
  }
  return {
    store,
    async pull (session) {
      if (session === '') return
      const got = await link.run('facts_get', c => c.hGetAll(sessionKey('facts', session)))
      if (!got.ok) return
      const t = now()
      for (const [name, raw] of Object.entries(got.value)) {
        let f: { v?: unknown, e?: unknown }
        try { f = JSON.parse(raw) } catch { continue }
        if (typeof f.e !== 'number' || f.e <= t || f.v === undefined) continue
        local.set(session, name, f.v, f.e - t)
      }
    },
    async settle (session) {
      await Promise.all([...(pending.get(session) ?? [])])
    }
  }
}
