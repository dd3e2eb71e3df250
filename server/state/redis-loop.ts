/** The loop governor in Redis: governStep as one Lua script, so blocks are counted across replicas atomically. */
import { createHash } from 'node:crypto'
import { governed, type Told, toldInTurn, toldOf } from '../guards/loop.js'
import { PREFIX } from './redis-verdicts.js'
import type { RedisLink } from './redis-link.js'
import type { LoopStore } from './state.js'

// Loop state outlives no turn worth guarding: a day covers the longest session between two Stops.
export const LOOP_TTL_MS = 86_400_000

/** governStep (server/guards/loop.ts) line for line; state is {t: turn id, b: texts blocked this turn, r: blocks in a row}.
 * One difference: an allow of a turn other than the stored one writes nothing. The next step of its turn starts that
 * turn afresh anyway, and an allow's step is not waited for, so a late one must not wipe a newer turn's state. */
const STEP_LUA = `
local raw = redis.call('GET', KEYS[1])
local st = raw and cjson.decode(raw) or {}
if ARGV[4] ~= '1' and ARGV[1] == '1' and ARGV[2] ~= st.t then return '' end
local b = st.b or {}
local r = st.r or 0
local newTurn
if ARGV[1] == '1' then newTurn = (ARGV[2] ~= st.t) else newTurn = (ARGV[3] ~= '1') end
if newTurn then b = {} r = 0 end
if ARGV[1] == '1' then st.t = ARGV[2] else st.t = nil end
local guard = ''
if ARGV[4] ~= '1' then
  r = 0
else
  local rep = false
  for _, h in ipairs(b) do if h == ARGV[5] then rep = true end end
  if rep then guard = 'repeat'
  elseif r >= tonumber(ARGV[6]) then guard = 'loop' r = 0 table.insert(b, ARGV[5])
  else table.insert(b, ARGV[5]) r = r + 1 end
end
st.b = b
st.r = r
redis.call('SET', KEYS[1], cjson.encode(st), 'PX', ARGV[7])
return guard`

/** The session id is agent input: hashed, so a key is bounded and holds nothing the agent chose verbatim. */
export const sessionKey = (kind: string, session: string, rest = '') =>
  `${PREFIX}${kind}:${createHash('sha256').update(session).digest('hex').slice(0, 32)}${rest ? `:${rest}` : ''}`

/** The Redis store, falling back to (and always keeping up) the local one: an outage continues from this replica's view. */
export function createRedisLoopStore (link: RedisLink, local: LoopStore): LoopStore {
  return {
    async review (ev, hook, blocked, text, max) {
      const mine = await local.review(ev, hook, blocked, text, max)
      if (!governed(ev)) return mine
      const textHash = createHash('sha256').update(text).digest('hex')
      const args = [ev.turnId !== undefined ? '1' : '0', ev.turnId ?? '', ev.stopHookActive ? '1' : '0', blocked ? '1' : '0', textHash, String(max), String(LOOP_TTL_MS)]
      const step = link.run('loop', c => c.eval(STEP_LUA, { keys: [sessionKey('loop', ev.sessionId, hook)], arguments: args }))
      // An allow's step only ends the run of blocks (its guard is always none): sent, not waited for.
      if (!blocked) return mine
      const got = await step
      if (!got.ok) return mine
      return got.value === 'loop' || got.value === 'repeat' ? got.value : null
    },
    async told (ev) {
      // Every agent that carries a turn on after a Stop block says so (stop_hook_active; Cursor's loop_count), so the
      // first Stop of a turn has nothing told and costs no round trip.
      if (!governed(ev) || !ev.stopHookActive) return await local.told(ev)
      const got = await link.run('told_get', c => c.get(sessionKey('told', ev.sessionId)))
      const mine = await local.told(ev)
      const theirs = got.ok ? toldInTurn(ev, parseTold(got.value)) : undefined
      // A turn's text only grows, so the longer told is the later block's (a write lost in an outage leaves Redis behind).
      return theirs && (!mine || theirs.chars >= mine.chars) ? theirs : mine
    },
    tell (ev, turnText) {
      local.tell(ev, turnText)
      if (!governed(ev)) return
      // Not awaited: the next Stop of this turn comes after the agent read this answer and worked on it.
      link.run('told_set', c => c.set(sessionKey('told', ev.sessionId), JSON.stringify(toldOf(ev, turnText)), { PX: LOOP_TTL_MS }))
    }
  }
}

/** A told as stored; anything else (another version's shape) counts as none. */
function parseTold (raw: string | null): Told | undefined {
  if (raw === null) return undefined
  try {
    const v = JSON.parse(raw) as Partial<Told>
    if (typeof v.chars !== 'number' || typeof v.sha !== 'string' || (v.turnId !== undefined && typeof v.turnId !== 'string')) return undefined
    return { chars: v.chars, sha: v.sha, ...(v.turnId !== undefined ? { turnId: v.turnId } : {}) }
  } catch {
    return undefined
  }
}
