/** GET /healthz (the process answers) and GET /readyz (config loaded and a judge able to answer for every active hook). */
import type { FastifyPluginAsync } from 'fastify'
import { backendStates, usedBackends } from '../backends/states.js'
import { readiness, type Runtime } from '../runtime.js'

export const healthRoutes: FastifyPluginAsync<{ runtime: () => Runtime }> = async (app, { runtime }) => {
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (_req, reply) => {
    const rt = runtime()
    const reasons = readiness(rt)
    // Every circuit of a chain open counts as not ready (readiness()): no judge can answer until one cools down.
    const backends = backendStates(rt.backends, usedBackends(Object.values(rt.config.hooks)))
    if (reasons.length > 0) return reply.code(503).send({ status: 'not ready', reasons, backends })
    return { status: 'ready', backends }
  })
}
