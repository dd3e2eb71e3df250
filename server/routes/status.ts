/** GET /status: version, uptime, config files, backends and the figures that `hookjudge status` prints. */
import type { FastifyPluginAsync } from 'fastify'
import { backendStates, type BackendState, usedBackends } from '../backends/states.js'
import { readFigures } from '../ops/figures.js'
import type { Metrics } from '../ops/metrics.js'
import type { LastReload } from '../ops/reload.js'
import { readiness, type Runtime } from '../core/runtime.js'
import type { StateHealth } from '../state/state.js'
import { VERSION } from '../core/version.js'

/** service: the manager whose unit started this daemon (HOOKJUDGE_SERVICE, which `service install` sets), else null. */
/** tokensFile: the people file in force, the one the daemon started with (a reload that names another takes effect on a
 * restart, like every server setting). */
export interface StatusRouteOptions { runtime: () => Runtime, metrics: Metrics, lastReload: () => LastReload | null, state?: () => StateHealth, service?: 'systemd' | 'launchd' | null, tokensFile?: string }

/** One word for people: unusable (no key, no CLI), circuit-open / half-open (breaker), failing (its latest call failed), else ready. */
function stateWord (s: BackendState): string {
  if (s.unusable !== null) return 'unusable'
  if (s.circuit?.state === 'open') return 'circuit-open'
  if (s.circuit?.state === 'half-open') return 'half-open'
  return (s.circuit?.failures ?? 0) > 0 ? 'failing' : 'ready'
}

export const statusRoutes: FastifyPluginAsync<StatusRouteOptions> = async (app, { runtime, metrics, lastReload, state, service = null, tokensFile }) => {
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
      service,
      startedAt,
      uptimeSeconds: Math.round((clock.now() - started) / 1000),
      configFiles: rt.config.files,
      // Which people file it reads: `tokens add/revoke` reload only the daemon that reads the file they changed.
      tokensFile: tokensFile ?? null,
      hooks: Object.values(rt.config.hooks).map(h => ({ name: h.name, event: h.event, mode: h.mode, backends: h.backends })),
      backends: backendStates(rt.backends).map(s => ({ ...s, state: stateWord(s), reason: s.unusable ?? s.circuit?.lastError ?? null, used: used.has(s.name) })),
      readiness: readiness(rt),
      ...(state ? { state: state() } : {}),
      ...await readFigures(metrics),
      reloads: { ...reloads, last: lastReload() }
    }
  })
}
