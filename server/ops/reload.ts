/** Hot reload: swap in a Runtime that reuses unchanged backends, the decision log and the cached verdicts of unchanged hooks. */
import type { FastifyBaseLogger } from 'fastify'
import type { Backend } from '../backends/contract.js'
import { createBackend } from '../backends/registry.js'
import type { Config } from '../config/config-schema.js'
import { ConfigError, formatProblem } from '../core/errors.js'
import type { Metrics } from './metrics.js'
import { createRuntime, type Runtime, type RuntimeDeps } from '../core/runtime.js'

export type ReloadResult = { ok: true, changes: string[] } | { ok: false, problems: string[] }
export interface LastReload { at: string, ok: boolean, changes?: string[], problems?: string[] }
interface Closable { close (): Promise<void> }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const logTarget = (c: Config) => [c.decisionLog.enabled, c.decisionLog.dir]

/** The next runtime, and what of the previous one it no longer uses (to close once that one's requests are done). */
export function succeedRuntime (prev: Runtime, config: Config, deps: RuntimeDeps): { runtime: Runtime, retired: Closable[], changes: string[] } {
  const changes: string[] = []
  const backends = new Map<string, Backend>()
  for (const [name, cfg] of Object.entries(config.backends)) {
    const old = prev.backends.get(name)
    // Handing over the same object keeps its warm pool, spares and circuit state.
    if (old && same(prev.config.backends[name], cfg)) backends.set(name, old)
    else {
      backends.set(name, createBackend(cfg, deps.env, { now: prev.clock.now }))
      changes.push(`backend ${name} ${old ? 'replaced' : 'added'}`)
    }
  }
  const retired: Closable[] = [...prev.backends].filter(([n, b]) => backends.get(n) !== b).map(([, b]) => b)
  for (const name of prev.backends.keys()) if (!config.backends[name]) changes.push(`backend ${name} removed`)

  for (const [name, hook] of Object.entries(config.hooks)) {
    const old = prev.config.hooks[name]
    if (!old) changes.push(`hook ${name} added`)
    else if (old.fingerprint !== hook.fingerprint) changes.push(`hook ${name} changed its verdicts' inputs`)
    else if (!same([old.mode, old.failMode, old.event, old.feedback], [hook.mode, hook.failMode, hook.event, hook.feedback])) changes.push(`hook ${name} changed`)
    // A model file is read apart from the YAML: its threshold is the knob docs/layer1.md tells people to turn.
    if (old && old.scorer?.threshold !== hook.scorer?.threshold) changes.push(`hook ${name} Layer-1 threshold ${old.scorer?.threshold ?? 'none'} -> ${hook.scorer?.threshold ?? 'none'}`)
  }
  for (const name of Object.keys(prev.config.hooks)) if (!config.hooks[name]) changes.push(`hook ${name} removed`)

  let cache
  if (same(prev.config.cache, config.cache)) {
    cache = prev.cache
    const dropped = cache.retain(new Set(Object.values(config.hooks).map(h => h.fingerprint)))
    if (dropped > 0) changes.push(`${dropped} cached verdicts dropped`)
  } else changes.push('cache settings changed: cache emptied')

  const keepLog = same(logTarget(prev.config), logTarget(config))
  if (!keepLog) retired.push(prev.decisionLog)
  if (!same(prev.config.server, config.server)) {
    const keys = Object.keys({ ...prev.config.server, ...config.server }).filter(k => !same((prev.config.server as Record<string, unknown>)[k], (config.server as Record<string, unknown>)[k]))
    // The daemon keeps what it started with (its address, and a tokens file's path: the file it follows) until a restart.
    changes.push(`server settings changed (${keys.map(k => `server.${k}`).join(', ')}): restart to apply them`)
  }
  const runtime = createRuntime(config, { ...deps, backends, cache, decisionLog: keepLog ? prev.decisionLog : undefined })
  return { runtime, retired, changes }
}

export interface ReloaderOptions {
  get: () => Runtime
  set: (rt: Runtime) => void
  deps: RuntimeDeps
  /** Re-reads the config with the layers the daemon started with. */
  load: () => Config
  metrics: Metrics
  log: FastifyBaseLogger
}

export interface Reloader {
  /** Loads the config (or takes the one given) and swaps the runtime; an invalid config keeps the running one. */
  reload (config?: Config): ReloadResult
  last (): LastReload | null
  close (): Promise<void>
}

export function createReloader (o: ReloaderOptions): Reloader {
  const retiring = new Map<Closable, NodeJS.Timeout>()
  let last: LastReload | null = null
  const refuse = (problems: string[]): ReloadResult => {
    o.metrics.configReloads.inc({ result: 'error' })
    o.log.error({ problems }, `config reload refused (${problems.length} problem${problems.length === 1 ? '' : 's'}); the running config stays`)
    last = { at: new Date(o.get().clock.wall()).toISOString(), ok: false, problems }
    return { ok: false, problems }
  }
  return {
    reload (given) {
      let config = given
      try {
        config ??= o.load()
      } catch (err) {
        return refuse(err instanceof ConfigError ? err.problems.map(formatProblem) : [(err as Error).message])
      }
      const prev = o.get()
      const next = succeedRuntime(prev, config, o.deps)
      o.set(next.runtime)
      // Requests that started on the previous runtime may still use what it retires: close that after their deadline.
      for (const r of next.retired) {
        retiring.set(r, setTimeout(() => { retiring.delete(r); r.close().catch(() => {}) }, prev.config.judge.deadlineMs + 1000).unref())
      }
      if (o.log.level !== config.log.level) o.log.level = config.log.level
      o.metrics.configReloads.inc({ result: 'ok' })
      o.log.info({ changes: next.changes, files: config.files }, 'config reloaded')
      last = { at: new Date(next.runtime.clock.wall()).toISOString(), ok: true, changes: next.changes }
      return { ok: true, changes: next.changes }
    },
    last: () => last,
    async close () {
      for (const timer of retiring.values()) clearTimeout(timer)
      await Promise.allSettled([...retiring.keys()].map(r => r.close()))
      retiring.clear()
    }
  }
}
