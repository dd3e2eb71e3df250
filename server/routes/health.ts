/** GET /healthz (the process answers) and GET /readyz (config loaded and Layer 2 usable for every active hook). */
import type { FastifyPluginAsync } from 'fastify'
import { backendStates, usedBackends } from '../backends/states.js'
import { readiness, type Runtime } from '../runtime.js'

export const healthRoutes: FastifyPluginAsync<{ runtime: () => Runtime }> = async (app, { runtime }) => {
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (_req, reply) => {
    const rt = runtime()
    const reasons = readiness(rt)
    // An open circuit is not "not ready": it heals itself; the states show it.
    const backends = backendStates(rt.backends, usedBackends(Object.values(rt.config.hooks)))
    if (reasons.length > 0) return reply.code(503).send({ status: 'not ready', reasons, backends })
    return { status: 'ready', backends }
  })
}
