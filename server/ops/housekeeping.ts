/** Decision log housekeeping for the daemon: prune by retention and size at startup and then once a day. */
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config/config-schema.js'
import { pruneDecisionFiles } from './decision-files.js'
import { type Clock, systemClock } from '../core/clock.js'
import { type Env, stateDir } from '../core/paths.js'

const DAY_MS = 86400_000

export function decisionDir (config: Config, env: Env): string {
  return config.decisionLog.dir ?? stateDir(env)
}

/** Runs once now and then daily (on the clock, dated by its wall time) on the config in force then; returns the first run and a stop function. */
export function startHousekeeping (config: () => Config, env: Env, log: FastifyBaseLogger, clock: Clock = systemClock): { first: Promise<void>, stop: () => void } {
  const run = async () => {
    const c = config()
    const removed = await pruneDecisionFiles(decisionDir(c, env), c.decisionLog, new Date(clock.wall()))
    if (removed.length > 0) log.info({ removed, retentionDays: c.decisionLog.retentionDays, maxBytes: c.decisionLog.maxBytes }, 'decision log pruned')
  }
  const first = run().catch((err: Error) => log.warn({ err: { message: err.message } }, 'decision log housekeeping failed'))
  const stop = clock.every(DAY_MS, () => run().catch(() => {}))
  return { first, stop }
}
