/** The team's verdicts: stored per hook key, and one model call per ask key across replicas (claim, pub/sub, polling). */
import { randomUUID } from 'node:crypto'
import type { RedisLink } from './redis-link.js'
import type { TeamVerdicts, Waited } from './state.js'

export const PREFIX = 'hookjudge:v1:'
const CHANNEL = `${PREFIX}done`
// Polling backs up pub/sub (a message lost while the subscriber reconnects) and notices a claimant that died.
const POLL_MS = 100

/** KEYS: the claim, then the hooks' verdict keys. Every verdict stored: return them; else take the claim if it is free.
 * A verdict or claim no replica writes (no TTL, another type, not JSON) counts as missing or free: {kind, 1 if one was
 * found, verdicts}. */
const CLAIM_LUA = `
local bad = 0
local vs = redis.call('MGET', unpack(KEYS, 2))
local all = true
for i = 1, #vs do
  if not vs[i] then
    all = false
    if redis.call('EXISTS', KEYS[i + 1]) == 1 then bad = 1 end
  else
    local ok, v = pcall(cjson.decode, vs[i])
    if not ok or type(v) ~= 'table' or redis.call('PTTL', KEYS[i + 1]) < 0 then all = false bad = 1 end
  end
end
if all then return {'v', bad, unpack(vs)} end
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'none' and (kind ~= 'string' or redis.call('PTTL', KEYS[1]) < 0) then redis.call('DEL', KEYS[1]) bad = 1 end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'mine', bad} end
return {'theirs', bad}`

/** KEYS: the claim, then verdict keys; ARGV: token, ttlMs, channel, message, then one value per verdict key. */
const DONE_LUA = `
for i = 2, #KEYS do redis.call('SET', KEYS[i], ARGV[i + 3], 'PX', ARGV[2]) end
if ARGV[3] ~= '' then redis.call('PUBLISH', ARGV[3], ARGV[4]) end
if ARGV[1] ~= '' and redis.pcall('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`

interface Done { v?: unknown, fail?: unknown }

const UNUSABLE = 'a verdict or claim no replica wrote: treated as missing'

export const verdictKey = (key: string) => `${PREFIX}verdict:${key}`
const claimKey = (askKey: string) => `${PREFIX}claim:${askKey}`

// A stored verdict is a few fields and a sentence; anything far larger was not written by a replica.
const MAX_VERDICT_CHARS = 65_536

/** A stored value this version can read (anything else, e.g. another version's shape, counts as missing). */
function parseAll (raw: unknown[], valid: (v: unknown) => boolean): unknown[] | undefined {
  const out: unknown[] = []
  for (const r of raw) {
    if (typeof r !== 'string' || r.length > MAX_VERDICT_CHARS) return undefined
    try { const v: unknown = JSON.parse(r); if (!valid(v)) return undefined; out.push(v) } catch { return undefined }
  }
  return out
}

export function createRedisVerdicts (link: RedisLink, opts: { ttlMs: number, claimMs: number, valid: (v: unknown) => boolean }): TeamVerdicts & { readonly waiters: number } {
  const waiting = new Map<string, Set<(m: Done) => void>>()
  link.subscribe(CHANNEL, (message) => {
    let m: Done & { k?: unknown }
    try { m = JSON.parse(message) } catch { return }
    if (typeof m.k !== 'string') return
    for (const wake of waiting.get(m.k) ?? []) wake(m)
  })
  /** A done message as one waiter's answer: the verdicts of its keys (a hook the answer lacked: undefined), or the failure. */
  const answer = (m: Done, keys: readonly string[]): Waited => {
    if (!Array.isArray(m.v)) return { failed: typeof m.fail === 'string' ? m.fail : 'judge failed' }
    const got = new Map((m.v as unknown[]).filter((e): e is [string, unknown] => Array.isArray(e) && typeof e[0] === 'string' && opts.valid(e[1])))
    return { values: keys.map(k => got.get(k)) }
  }
  const poll = async (askKey: string, keys: readonly string[]): Promise<Waited | undefined> => {
    const got = await link.run('wait', c => c.mGet([claimKey(askKey), ...keys.map(verdictKey)]))
    if (!got.ok) return { self: true }
    const [claim, ...raw] = got.value
    const values = raw.every(r => r !== null) ? parseAll(raw, opts.valid) : undefined
    if (values) return { values }
    // Every verdict there and one unreadable: the claimant will not write another, so this replica asks.
    if (raw.every(r => r !== null)) { link.unusable('wait', claimKey(askKey), UNUSABLE); return { self: true } }
    // The claim is gone and left no verdicts: its replica failed or died; this one asks the model itself.
    return claim === null ? { self: true } : undefined
  }
  return {
    async claim (askKey, keys) {
      const token = randomUUID()
      const got = await link.run('cache_get', c => c.eval(CLAIM_LUA, { keys: [claimKey(askKey), ...keys.map(verdictKey)], arguments: [token, String(opts.claimMs)] }), claimKey(askKey))
      if (!got.ok || !Array.isArray(got.value)) return null
      const [kind, bad, ...raw] = got.value as unknown[]
      if (bad === 1) link.unusable('cache_get', claimKey(askKey), UNUSABLE)
      if (kind === 'v') {
        const values = parseAll(raw, opts.valid)
        if (values) return { values }
        // Stored, but not as this version reads them: no claim was taken, so this replica asks alone.
        link.unusable('cache_get', claimKey(askKey), UNUSABLE)
        return null
      }
      return kind === 'mine' ? { mine: true, token } : { mine: false, token: '' }
    },
    async wait (askKey, keys, signal) {
      let done!: (w: Waited) => void
      const woken = new Promise<Waited>(resolve => { done = resolve })
      const wake = (m: Done) => done(answer(m, keys))
      const set = waiting.get(askKey) ?? new Set()
      waiting.set(askKey, set.add(wake))
      const abort = () => done({ failed: 'deadline passed' })
      signal.addEventListener('abort', abort, { once: true })
      try {
        for (;;) {
          if (signal.aborted) return { failed: 'deadline passed' }
          let timer: NodeJS.Timeout | undefined
          const tick = new Promise<'tick'>(resolve => { timer = setTimeout(() => resolve('tick'), POLL_MS) })
          const first = await Promise.race([woken, tick])
          clearTimeout(timer)
          if (first !== 'tick') return first
          const polled = await poll(askKey, keys)
          if (polled) return polled
        }
      } finally {
        signal.removeEventListener('abort', abort)
        set.delete(wake)
        if (set.size === 0) waiting.delete(askKey)
      }
    },
    async done (askKey, token, outcome) {
      const entries = 'verdicts' in outcome ? outcome.verdicts : []
      const message = token === undefined ? '' : JSON.stringify('verdicts' in outcome ? { k: askKey, v: entries } : { k: askKey, fail: outcome.failure })
      if (token === undefined && entries.length === 0) return
      await link.run(token === undefined ? 'cache_set' : 'publish', c => c.eval(DONE_LUA, {
        keys: [claimKey(askKey), ...entries.map(([k]) => verdictKey(k))],
        arguments: [token ?? '', String(opts.ttlMs), token === undefined ? '' : CHANNEL, message, ...entries.map(([, v]) => JSON.stringify(v))]
      }))
    },
    get waiters () { let n = 0; for (const s of waiting.values()) n += s.size; return n }
  }
}
