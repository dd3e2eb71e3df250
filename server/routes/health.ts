/** GET /healthz (the process answers) and GET /readyz (config loaded, a judge able to answer for every active hook, shared state reachable). */
import type { FastifyPluginAsync } from 'fastify'
import { backendStates, usedBackends } from '../backends/states.js'
import { readiness, type Runtime } from '../core/runtime.js'
import type { StateHealth } from '../state/state.js'

/** Why shared state is degraded, as a readiness reason; null when it is fine (or in process). */
export function stateReason (h: StateHealth): string | null {
  if (h.status === 'ok') return null
  return `shared state unreachable (${h.target ?? 'redis'} since ${h.since ?? '?'}: ${h.error ?? 'no answer'}); answering from this replica's own state`
}

export const healthRoutes: FastifyPluginAsync<{ runtime: () => Runtime, state?: () => StateHealth }> = async (app, { runtime, state }) => {
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (_req, reply) => {
    const rt = runtime()
    const reasons = readiness(rt)
    // Every circuit of a chain open counts as not ready (readiness()): no judge can answer until one cools down.
    const backends = backendStates(rt.backends, usedBackends(Object.values(rt.config.hooks)))
    const shared = state?.()
    const extra = shared ? { state: shared } : {}
    if (reasons.length > 0) return reply.code(503).send({ status: 'not ready', reasons, backends, ...extra })
    // Degraded still answers within its deadline: a load balancer must not take every replica out when Redis goes.
    const degraded = shared && stateReason(shared)
    if (degraded) return { status: 'degraded', reasons: [degraded], backends, ...extra }
    return { status: 'ready', backends, ...extra }
  })
}
