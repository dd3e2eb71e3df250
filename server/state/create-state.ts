/** createState(config, deps): the in-process state, or with state.redis.url the Redis one behind the same interfaces. */
import type { Config } from '../config/config-schema.js'
import type { Clock } from '../core/clock.js'
import { createLoopGovernor, type LoopGovernor } from '../guards/loop.js'
import type { Env } from '../core/paths.js'
import { createLocalState } from './local-state.js'
import { createRedisCircuits } from './redis-circuit.js'
import { createRedisTeamLog } from './redis-decisions.js'
import { createRedisFacts } from './redis-facts.js'
import { createRedisLink, type LinkLog, redisTarget } from './redis-link.js'
import { createRedisLoopStore } from './redis-loop.js'
import { createRedisVerdicts } from './redis-verdicts.js'
import type { SharedState, StateOp } from './state.js'

export interface StateDeps {
  env: Env
  log: LinkLog
  /** Counts one op answered from local state (hookjudge_state_errors_total{op}). */
  onError: (op: StateOp) => void
  /** The process's loop governor (the local state, and the fallback of the Redis one). */
  loop?: LoopGovernor
  /** Whether a value read back from Redis is a verdict this version can use (the pipeline's cached-verdict shape). */
  validVerdict?: (v: unknown) => boolean
  /** The Redis link's clock (op timeouts, back-off); default systemClock. */
  clock?: Clock
}

export function createState (config: Pick<Config, 'state' | 'judge' | 'sessionFacts' | 'cache' | 'decisionLog'>, deps: StateDeps): SharedState {
  const local = createLocalState({ loop: deps.loop ?? createLoopGovernor({ maxSessions: config.judge.loop.maxSessions }), facts: config.sessionFacts })
  const redis = config.state.redis
  if (!redis) return local
  const passwordEnv = redis.passwordEnv
  const password = passwordEnv ? deps.env[passwordEnv] : undefined
  if (passwordEnv && !password) deps.log.warn({ target: redisTarget(redis.url), passwordEnv }, 'state.redis.passwordEnv names an unset variable: connecting without a password')
  // The team's times are epoch ms (an opening, a fact's expiry): each replica reads what the others wrote.
  const wall = deps.clock ? () => deps.clock!.wall() : Date.now
  const link = createRedisLink({ url: redis.url, timeoutMs: redis.timeoutMs, password, log: deps.log, onError: deps.onError, ...(deps.clock ? { clock: deps.clock } : {}) })
  return {
    health: link.health,
    // A claim lasts one request's deadline: a replica that dies holding it delays the others by no more than that.
    verdicts: createRedisVerdicts(link, { ttlMs: config.cache.ttlSeconds * 1000, claimMs: config.judge.deadlineMs, valid: deps.validVerdict ?? (() => true) }),
    loop: createRedisLoopStore(link, local.loop),
    facts: createRedisFacts(link, local.facts.store, config.sessionFacts.ttlSeconds * 1000, wall),
    circuits: createRedisCircuits(link, wall),
    // The team's log lives as long as a replica keeps its own files (a log kept forever: a month after the last record).
    ...(redis.decisions > 0 ? { decisions: createRedisTeamLog(link, { maxEntries: redis.decisions, ttlSeconds: (config.decisionLog.retentionDays || 30) * 86400 }) } : {}),
    close: link.close
  }
}
