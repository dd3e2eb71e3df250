/** GET /healthz (the process answers) and GET /readyz (config loaded and Layer 2 usable for every active hook). */
import type { FastifyPluginAsync } from 'fastify'
import { readiness, type Runtime } from '../runtime.js'

export const healthRoutes: FastifyPluginAsync<{ runtime: () => Runtime }> = async (app, { runtime }) => {
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (_req, reply) => {
    const reasons = readiness(runtime())
    if (reasons.length > 0) return reply.code(503).send({ status: 'not ready', reasons })
    return { status: 'ready' }
  })
}
