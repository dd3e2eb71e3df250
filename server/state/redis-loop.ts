/** The loop governor in Redis: blocks counted across replicas; a block decided from state read with its claim. */
import { createHash } from 'node:crypto'
import { sessionOf } from '../agents/event.js'
import { governed, governStep, type LoopEvent, type LoopGuard, toldInTurn, toldOf } from '../guards/loop.js'
import { PREFIX } from './redis-verdicts.js'
import type { RedisLink } from './redis-link.js'
import { MAX_BLOCKED, parseLoop, parseTold } from './loop-values.js'
import type { LoopAhead, LoopStore } from './state.js'

// Loop state outlives no turn worth guarding: a day covers the longest session between two Stops.
export const LOOP_TTL_MS = 86_400_000
const UNUSABLE = 'not a loop state this version wrote: a fresh start for its session'

/** Applies one answer (allow, block, loop, repeat) to the state as governStep would; {t: turn id, b: texts blocked this
 * turn, r: blocks in a row}. An allow of a turn other than the stored one writes nothing: the next step of its turn
 * starts that turn afresh anyway, and a late allow must not wipe a newer turn's state. A stored value this script did
 * not write (not JSON, another shape, another type) is this session's fresh start: returns {written, 1 if it was one}. */
const APPLY_LUA = `
local raw = redis.pcall('GET', KEYS[1])
local st = {}
local bad = 0
if type(raw) == 'table' then bad = 1
elseif raw then
  local ok, v = pcall(cjson.decode, raw)
  if ok and type(v) == 'table' then st = v else bad = 1 end
  for k, x in pairs(bad == 0 and st or {}) do
    if not ((k == 't' and type(x) == 'string') or (k == 'r' and type(x) == 'number' and x >= 0 and x <= 1000000 and x == math.floor(x)) or (k == 'b' and type(x) == 'table')) then bad = 1 end
  end
  for k, h in pairs(bad == 0 and st.b or {}) do if type(k) ~= 'number' or type(h) ~= 'string' or #h > 64 then bad = 1 end end
  if bad == 1 then st = {} end
end
if ARGV[4] == 'allow' and ARGV[1] == '1' and ARGV[2] ~= st.t then return {0, bad} end
local b = st.b or {}
local r = st.r or 0
local newTurn
if ARGV[1] == '1' then newTurn = (ARGV[2] ~= st.t) else newTurn = (ARGV[3] ~= '1') end
if newTurn then b = {} r = 0 end
if ARGV[1] == '1' then st.t = ARGV[2] else st.t = nil end
local known = false
for _, h in ipairs(b) do if h == ARGV[5] then known = true end end
if ARGV[4] == 'allow' or ARGV[4] == 'loop' then r = 0 elseif ARGV[4] == 'block' then r = r + 1 end
if ARGV[4] ~= 'allow' and not known then table.insert(b, ARGV[5]) end
while #b > ${MAX_BLOCKED} do table.remove(b, 1) end
st.b = b
st.r = r
redis.call('SET', KEYS[1], cjson.encode(st), 'PX', ARGV[6])
return {1, bad}`

/** The session id is agent input: hashed, so a key is bounded and holds nothing the agent chose verbatim. */
export const sessionKey = (kind: string, session: string, rest = '') =>
  `${PREFIX}${kind}:${createHash('sha256').update(session).digest('hex').slice(0, 32)}${rest ? `:${rest}` : ''}`

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/**
 * The Redis store, falling back to (and always keeping up) the local one: an outage continues from this replica's view.
 *
 * A block is decided here from the state read ahead (with the claim, before the model call), and the answer it gave is
 * written after it, not waited for. Two Stops of one session and hook judged at once (an agent waits for a Stop's
 * answer, so only a retry or a duplicate delivery does that) may both decide from the same state: both blocks of a run
 * of k answered as its (k+1)th, or one's +1 lost under the other's reset. Since each writes the answer it gave (a
 * script deciding again could record a release this replica never gave, and restart a run it did block), Redis counts
 * the blocks actually sent give or take that one, and a block that reads a full run releases: a release comes at most
 * one block late, and the backstop neither blocks forever nor stops releasing.
 */
export function createRedisLoopStore (link: RedisLink, local: LoopStore): LoopStore {
  const read = (ev: LoopEvent, hooks: readonly string[]): LoopAhead => {
    const keys = hooks.map(h => sessionKey('loop', sessionOf(ev), h))
    return link.run('loop_get', c => c.mGet(keys)).then(got => got.ok
      ? new Map(hooks.map((h, i) => {
        const st = parseLoop(got.value[i] ?? null)
        if (st === null) link.unusable('loop_get', keys[i]!, UNUSABLE)
        return [h, st ?? undefined]
      }))
      : null)
  }
  const write = (ev: LoopEvent, hook: string, answer: LoopGuard | 'allow' | 'block', textHash: string) => {
    const args = [ev.turnId !== undefined ? '1' : '0', ev.turnId ?? '', ev.stopHookActive ? '1' : '0', answer, textHash, String(LOOP_TTL_MS)]
    const key = sessionKey('loop', sessionOf(ev), hook)
    link.run('loop', c => c.eval(APPLY_LUA, { keys: [key], arguments: args }), key).then(got => {
      if (got.ok && (got.value as number[])[1] === 1) link.unusable('loop', key, UNUSABLE)
    })
  }
  return {
    ahead: (ev, hooks) => governed(ev) && hooks.length > 0 ? read(ev, hooks) : undefined,
    async review (ev, hook, blocked, text, max, ahead) {
      const mine = await local.review(ev, hook, blocked, text, max)
      if (!governed(ev)) return mine
      // An allow only ends a run of blocks (its guard is always none): written, not waited for.
      if (!blocked) { write(ev, hook, 'allow', ''); return mine }
      const textHash = sha256(text)
      // Read with the claim, that state came back before the model was asked; a block without one (a hit in this
      // replica's LRU) reads it now: one round trip either way.
      let seen = ahead ? await ahead : null
      if (!seen?.has(hook)) seen = await read(ev, [hook])
      const guard = seen ? governStep(seen.get(hook) ?? { blocked: [], run: 0 }, ev, true, textHash, max) : mine
      write(ev, hook, guard ?? 'block', textHash)
      return guard
    },
    async told (ev) {
      // Every agent that carries a turn on after a Stop block says so (stop_hook_active; Cursor's loop_count), so the
      // first Stop of a turn has nothing told and costs no round trip.
      if (!governed(ev) || !ev.stopHookActive) return await local.told(ev)
      const key = sessionKey('told', sessionOf(ev))
      const got = await link.run('told_get', c => c.get(key), key)
      const mine = await local.told(ev)
      const told = got.ok ? parseTold(got.value) : undefined
      if (told === null) link.unusable('told_get', key, 'not a told this version wrote: nothing told')
      const theirs = told ? toldInTurn(ev, told) : undefined
      // A turn's text only grows, so the longer told is the later block's (a write lost in an outage leaves Redis behind).
      return theirs && (!mine || theirs.chars >= mine.chars) ? theirs : mine
    },
    tell (ev, turnText) {
      local.tell(ev, turnText)
      if (!governed(ev)) return
      // Not awaited: the next Stop of this turn comes after the agent read this answer and worked on it.
      link.run('told_set', c => c.set(sessionKey('told', sessionOf(ev)), JSON.stringify(toldOf(ev, turnText)), { PX: LOOP_TTL_MS }))
    }
  }
}
