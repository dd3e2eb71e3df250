/** Cross-replica coalescing: one replica claims a key (SET NX PX), the others wait for its result (pub/sub, then polling). */
import { randomUUID } from 'node:crypto'
import type { RedisLink } from './redis-link.js'

export const PREFIX = 'hookjudge:v1:'
const CHANNEL = `${PREFIX}done`
// Polling backs up pub/sub (a message lost while the subscriber reconnects) and notices a claimant that died.
const POLL_MS = 100

/** Stores the value, tells the waiters, and drops the claim only if it is still ours: one round trip, atomic. */
const DONE_LUA = `
if ARGV[2] ~= '' then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
redis.call('PUBLISH', ARGV[4], ARGV[5])
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1`

/** The stored value if there is one, else the claim if nobody holds it: one round trip, so no claim outlives a value. */
const CLAIM_LUA = `
local v = redis.call('GET', KEYS[1])
if v then return {'v', v} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'mine', ''} end
return {'theirs', ''}`

export type Claim = { value: string } | { mine: true, token: string } | { mine: false } | null
/** What a waiter got: the other replica's value (JSON), its failure, or nothing usable (compute it yourself). */
export type Waited = { value: string } | { failed: string } | { self: true }

export interface Coalescer {
  /** The team's value, or the claim: mine (compute, then done) or theirs (wait); null: Redis unavailable (compute locally). */
  claim (key: string, ttlMs: number): Promise<Claim>
  wait (key: string, signal: AbortSignal): Promise<Waited>
  /** value: the JSON to store for ttlMs; undefined: the computation failed with `failure`. */
  done (key: string, token: string, outcome: { value: string, ttlMs: number } | { failure: string }): Promise<void>
}

export const valueKey = (key: string) => `${PREFIX}verdict:${key}`
const claimKey = (key: string) => `${PREFIX}claim:${key}`

export function createCoalescer (link: RedisLink): Coalescer & { readonly waiters: number } {
  const waiting = new Map<string, Set<(w: Waited) => void>>()
  link.subscribe(CHANNEL, (message) => {
    let m: { k?: unknown, v?: unknown, fail?: unknown }
    try { m = JSON.parse(message) } catch { return }
    if (typeof m.k !== 'string') return
    const w: Waited = typeof m.v === 'string' ? { value: m.v } : { failed: typeof m.fail === 'string' ? m.fail : 'judge failed' }
    for (const wake of waiting.get(m.k) ?? []) wake(w)
  })
  const poll = async (key: string): Promise<Waited | undefined> => {
    const got = await link.run('wait', c => c.mGet([valueKey(key), claimKey(key)]))
    if (!got.ok) return { self: true }
    const [value, claim] = got.value
    if (typeof value === 'string') return { value }
    // The claim is gone and left no value: its replica failed or died; this one asks the model itself.
    return claim === null ? { self: true } : undefined
  }
  return {
    async claim (key, ttlMs) {
      const token = randomUUID()
      const got = await link.run('cache_get', c => c.eval(CLAIM_LUA, { keys: [valueKey(key), claimKey(key)], arguments: [token, String(ttlMs)] }))
      if (!got.ok || !Array.isArray(got.value)) return null
      const [kind, value] = got.value as [string, string]
      return kind === 'v' ? { value } : kind === 'mine' ? { mine: true, token } : { mine: false }
    },
    async wait (key, signal) {
      let wake!: (w: Waited) => void
      const woken = new Promise<Waited>(resolve => { wake = resolve })
      const set = waiting.get(key) ?? new Set()
      waiting.set(key, set.add(wake))
      const abort = () => wake({ failed: 'deadline passed' })
      signal.addEventListener('abort', abort, { once: true })
      try {
        for (;;) {
          if (signal.aborted) return { failed: 'deadline passed' }
          let timer: NodeJS.Timeout | undefined
          const tick = new Promise<'tick'>(resolve => { timer = setTimeout(() => resolve('tick'), POLL_MS) })
          const first = await Promise.race([woken, tick])
          clearTimeout(timer)
          if (first !== 'tick') return first
          const polled = await poll(key)
          if (polled) return polled
        }
      } finally {
        signal.removeEventListener('abort', abort)
        set.delete(wake)
        if (set.size === 0) waiting.delete(key)
      }
    },
    get waiters () { let n = 0; for (const s of waiting.values()) n += s.size; return n },
    async done (key, token, outcome) {
      const message = JSON.stringify('value' in outcome ? { k: key, v: outcome.value } : { k: key, fail: outcome.failure })
      const args = 'value' in outcome ? [token, outcome.value, String(outcome.ttlMs)] : [token, '', '0']
      await link.run('publish', c => c.eval(DONE_LUA, { keys: [valueKey(key), claimKey(key)], arguments: [...args, CHANNEL, message] }))
    }
  }
}

