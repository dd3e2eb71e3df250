/** For `logs` and `labels` on a team host: the team's decision log in Redis (state.redis.decisions), or null for files. */
import type { Config } from '../config/config-schema.js'
import { createRedisTeamLog } from '../state/redis-decisions.js'
import { createRedisLink, redisTarget } from '../state/redis-link.js'
import type { TeamLog } from '../state/state.js'
import type { Io } from './args.js'

export interface OpenedTeamLog { log: TeamLog, where: string, close (): Promise<void> }

/** How long a verb waits for its first connection before it says Redis cannot be reached. */
const CONNECT_MS = 3000

/** null: no team log configured (or --local); a string: why the configured one cannot be read (the verb exits 1). */
export async function openTeamLog (config: Pick<Config, 'state' | 'decisionLog'>, io: Io, local: boolean): Promise<OpenedTeamLog | string | null> {
  const redis = config.state.redis
  if (local || !redis || redis.decisions === 0 || !config.decisionLog.enabled) return null
  const target = redisTarget(redis.url)
  const password = redis.passwordEnv ? io.env[redis.passwordEnv] : undefined
  // Redis takes the connection without it and refuses every read after: say what is missing, not that Redis is away.
  if (redis.passwordEnv && !password) return `the team's decision log at ${target} needs the password in $${redis.passwordEnv} (state.redis.passwordEnv), which this shell does not set; --local reads this host's own files`
  let error = ''
  const link = createRedisLink({
    url: redis.url,
    // A person's read, not a hook's: a slow Redis is waited for a little longer than a request would.
    timeoutMs: Math.max(redis.timeoutMs, 1000),
    ...(password ? { password } : {}),
    log: { warn: (o: { error?: string }) => { error = o.error ?? error }, info: () => {} },
    onError: () => {}
  })
  if (!await link.ready(CONNECT_MS)) {
    await link.close()
    return `cannot reach the team's decision log at ${target}${error ? ` (${error})` : ''}; --local reads this host's own files`
  }
  const log = createRedisTeamLog(link, { maxEntries: redis.decisions, ttlSeconds: (config.decisionLog.retentionDays || 30) * 86400 })
  return { log, where: `the team's decision log (Redis ${target})`, close: link.close }
}
