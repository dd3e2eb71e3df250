/** GET /status: version, uptime, config files, backends and the figures that `hookjudge status` prints. */
import type { FastifyPluginAsync } from 'fastify'
import { backendStates, type BackendState, usedBackends } from '../backends/states.js'
import { readFigures } from '../ops/figures.js'
import type { Metrics } from '../ops/metrics.js'
import type { LastReload } from '../ops/reload.js'
import { readiness, type Runtime } from '../core/runtime.js'
import type { StateHealth } from '../state/state.js'
import { VERSION } from '../core/version.js'

export interface StatusRouteOptions { runtime: () => Runtime, metrics: Metrics, lastReload: () => LastReload | null, state?: () => StateHealth }

/** One word for people: unusable (no key, no CLI), circuit-open / half-open (breaker), else ready. */
function stateWord (s: BackendState): string {
  if (s.unusable !== null) return 'unusable'
  if (s.circuit?.state === 'open') return 'circuit-open'
  return s.circuit?.state === 'half-open' ? 'half-open' : 'ready'
}

export const statusRoutes: FastifyPluginAsync<StatusRouteOptions> = async (app, { runtime, metrics, lastReload, state }) => {
  // The process's start on the runtime's clock (a reload keeps it): a duration in its now(), a date in its wall().
  const { clock } = runtime()
  const started = clock.now()
  const startedAt = new Date(clock.wall()).toISOString()
  app.get('/status', async () => {
    const rt = runtime()
    const used = usedBackends(Object.values(rt.config.hooks))
    const reloads: Record<string, number> = { ok: 0, error: 0 }
    for (const v of (await metrics.configReloads.get()).values) reloads[String(v.labels.result)] = v.value
    return {
      status: 'ok',
      version: VERSION,
      pid: process.pid,
      startedAt,
      uptimeSeconds: Math.round((clock.now() - started) / 1000),
      configFiles: rt.config.files,
      hooks: Object.values(rt.config.hooks).map(h => ({ name: h.name, event: h.event, mode: h.mode, backends: h.backends })),
      backends: backendStates(rt.backends).map(s => ({ ...s, state: stateWord(s), reason: s.unusable, used: used.has(s.name) })),
      readiness: readiness(rt),
      ...(state ? { state: state() } : {}),
      ...await readFigures(metrics),
      reloads: { ...reloads, last: lastReload() }
    }
  })
}
