/** Circuit-breaker state in Redis: failures in a row counted across replicas; once open, every replica skips the backend. */
import type { Backend } from '../backends/contract.js'
import { CIRCUIT_DEFAULTS, type Circuit } from '../backends/circuit.js'
import type { RedisLink } from './redis-link.js'
import { PREFIX } from './redis-verdicts.js'
import type { SharedCircuits } from './state.js'

/** KEYS[1] the backend's hash; ARGV ok, threshold, coolDownMs, now. Returns when it opened (0: closed). */
const RECORD_LUA = `
if ARGV[1] == '1' then redis.call('DEL', KEYS[1]) return 0 end
local f = redis.call('HINCRBY', KEYS[1], 'f', 1)
if f >= tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 'o', ARGV[4]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
return tonumber(redis.call('HGET', KEYS[1], 'o') or '0')`

const key = (backend: string) => `${PREFIX}circuit:${backend}`

export function createRedisCircuits (link: RedisLink, now: () => number = Date.now): SharedCircuits {
  // The team's view per backend: open until this time (ms); refreshed by pull and by this replica's own reports.
  const openUntil = new Map<string, number>()
  const cool = new Map<string, number>()
  return {
    async pull (backends) {
      await Promise.all(backends.map(async b => {
        const got = await link.run('circuit_get', c => c.hGet(key(b), 'o'))
        if (!got.ok) return // an outage keeps the last view; it expires by itself
        const opened = Number(got.value ?? 0)
        if (opened > 0) openUntil.set(b, opened + (cool.get(b) ?? 0))
        else openUntil.delete(b)
      }))
    },
    admit (backend, localAdmit) {
      const until = openUntil.get(backend)
      if (until !== undefined && until > now()) return false
      return localAdmit
    },
    record (backend, ok, opts) {
      cool.set(backend, opts.coolDownMs)
      if (ok) openUntil.delete(backend)
      const args = [ok ? '1' : '0', String(opts.failures), String(opts.coolDownMs), String(now())]
      // Not awaited: the answer never waits for a report, and a lost one only delays the team's view.
      link.run('circuit_set', c => c.eval(RECORD_LUA, { keys: [key(backend)], arguments: args })).then(got => {
        const opened = got.ok ? Number(got.value) : 0
        if (opened > 0) openUntil.set(backend, opened + opts.coolDownMs)
      })
    }
  }
}

const wrapped = new WeakSet<Circuit>()

function teamCircuit (name: string, local: Circuit, team: SharedCircuits): Circuit {
  let opts = CIRCUIT_DEFAULTS
  const c: Circuit = {
    admit: () => team.admit(name, local.admit()),
    record (ok) { local.record(ok); team.record(name, ok, opts) },
    state: () => local.state(),
    configure (o) { opts = o; local.configure(o) }
  }
  wrapped.add(c)
  return c
}

/** Wraps each backend's circuit once (a reload hands the same backend objects over, already wrapped). */
export function shareCircuits (backends: Iterable<Backend>, team: SharedCircuits): void {
  for (const b of backends) {
    if (b.circuit && !wrapped.has(b.circuit)) b.circuit = teamCircuit(b.name, b.circuit, team)
  }
}
