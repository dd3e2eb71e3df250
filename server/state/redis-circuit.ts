/** Circuit-breaker state in Redis: failures in a row counted across replicas; once open, every replica skips the backend. */
import type { Backend } from '../backends/contract.js'
import { CIRCUIT_DEFAULTS, type Circuit, type CircuitOptions } from '../backends/circuit.js'
import type { RedisLink } from './redis-link.js'
import { PREFIX } from './redis-verdicts.js'
import type { SharedCircuits } from './state.js'

/** KEYS[1] the backend's hash; ARGV ok, threshold, coolDownMs, now. Returns {when it opened (0: closed), failures, 1 when
 * the stored state was unusable}. A key of another type, a count that is no count or an opening later than now +
 * coolDown (no replica writes one) is dropped first: this backend's count starts afresh, nothing else is touched. */
const RECORD_LUA = `
local bad = 0
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'none' and kind ~= 'hash' then redis.call('DEL', KEYS[1]) bad = 1 end
if ARGV[1] == '1' then redis.call('DEL', KEYS[1]) return {0, 0, bad} end
local f = redis.call('HGET', KEYS[1], 'f')
local o = redis.call('HGET', KEYS[1], 'o')
local fOk = not f or (string.match(f, '^%d+$') and #f <= 9)
local oOk = not o or (string.match(o, '^%d+$') and #o <= 15 and tonumber(o) <= tonumber(ARGV[4]) + tonumber(ARGV[3]))
if not (fOk and oOk) then redis.call('DEL', KEYS[1]) bad = 1 end
local n = redis.call('HINCRBY', KEYS[1], 'f', 1)
if n >= tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 'o', ARGV[4]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
return {tonumber(redis.call('HGET', KEYS[1], 'o') or '0'), n, bad}`

const key = (backend: string) => `${PREFIX}circuit:${backend}`
const EPOCH_MS = /^\d{1,15}$/

/** now: epoch ms, as the replicas store an opening. */
export function createRedisCircuits (link: RedisLink, now: () => number = Date.now): SharedCircuits {
  // The team's view per backend: when it opened as stored, when this replica first saw that opening, failures counted.
  const seen = new Map<string, { opened: number, at: number, failures: number }>()
  const cool = new Map<string, number>()
  const coolOf = (b: string) => cool.get(b) ?? CIRCUIT_DEFAULTS.coolDownMs
  const see = (b: string, opened: number, failures: number) => {
    if (opened <= 0) { seen.delete(b); return }
    const prev = seen.get(b)
    seen.set(b, { opened, at: prev?.opened === opened ? prev.at : now(), failures })
  }
  // An opening is obeyed for one cool-down from when it happened, and never past one from when this replica first saw
  // it: a value from the future (a skewed clock, or planted) cannot keep the backend shut.
  const until = (b: string) => { const s = seen.get(b); return s && Math.min(s.opened, s.at) + coolOf(b) }
  const open = (b: string) => { const u = until(b); return u !== undefined && u > now() ? u : undefined }
  return {
    async pull (backends) {
      await Promise.all(backends.map(async b => {
        const got = await link.run('circuit_get', c => c.hmGet(key(b), ['o', 'f']), key(b))
        if (!got.ok) { if (got.key) seen.delete(b); return } // an outage keeps the last view; it expires by itself
        const [o, f] = got.value as Array<string | null | undefined>
        if (o === null || o === undefined) { seen.delete(b); return }
        if (!EPOCH_MS.test(o)) { link.unusable('circuit_get', key(b), `opening ${JSON.stringify(o.slice(0, 40))} is no time`); seen.delete(b); return }
        if (Number(o) > now() + coolOf(b)) link.unusable('circuit_get', key(b), 'opening later than now + coolDown: obeyed for one cool-down at most')
        see(b, Number(o), /^\d{1,9}$/.test(f ?? '') ? Number(f) : 0)
      }))
    },
    admit (backend, localAdmit) {
      return open(backend) === undefined && localAdmit
    },
    record (backend, ok, opts) {
      cool.set(backend, opts.coolDownMs)
      if (ok) seen.delete(backend)
      const args = [ok ? '1' : '0', String(opts.failures), String(opts.coolDownMs), String(now())]
      // Not awaited: the answer never waits for a report, and a lost one only delays the team's view.
      link.run('circuit_set', c => c.eval(RECORD_LUA, { keys: [key(backend)], arguments: args }), key(backend)).then(got => {
        if (!got.ok) return
        const [opened, failures, bad] = got.value as number[]
        if (bad) link.unusable('circuit_set', key(backend), 'stored state was not this version\'s: started afresh')
        if (!ok && opened! > 0) see(backend, opened!, failures!)
      })
    },
    configure (backend, opts) { cool.set(backend, opts.coolDownMs) },
    open (backend) {
      const u = open(backend)
      return u === undefined ? undefined : { retryInMs: u - now(), failures: seen.get(backend)?.failures ?? 0 }
    }
  }
}

const wrapped = new WeakSet<Circuit>()

function teamCircuit (name: string, local: Circuit, team: SharedCircuits): Circuit {
  let opts: CircuitOptions = CIRCUIT_DEFAULTS
  const c: Circuit = {
    // The team first: a probe of the local half-open circuit is not spent on a backend the team has shut.
    admit: () => team.open(name) === undefined && local.admit(),
    record (ok, error) { local.record(ok, error); team.record(name, ok, opts) },
    release: () => local.release(),
    // What this replica does: open while the team's state shuts the backend, whatever its own count says.
    state () {
      const s = local.state()
      const shut = team.open(name)
      if (!shut || (s.state === 'open' && (s.retryInMs ?? 0) >= shut.retryInMs)) return s
      return { state: 'open', failures: Math.max(s.failures, shut.failures), retryInMs: shut.retryInMs }
    },
    configure (o) { opts = o; local.configure(o); team.configure(name, o) }
  }
  wrapped.add(c)
  return c
}

/** Wraps each backend's circuit once (a reload hands the same backend objects over, already wrapped). */
export function shareCircuits (backends: Iterable<Backend>, team: SharedCircuits): void {
  for (const b of backends) {
    if (!b.circuit || wrapped.has(b.circuit)) continue
    const c = teamCircuit(b.name, b.circuit, team)
    b.circuit = c
    b.state = () => c.state().state
  }
}
