/** GET /metrics: the app's own Prometheus registry as text. */
import type { FastifyPluginAsync } from 'fastify'
import type { Metrics } from '../ops/metrics.js'

export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics }> = async (app, { metrics }) => {
  app.get('/metrics', async (_req, reply) => {
    reply.type(metrics.registry.contentType)
    return metrics.registry.metrics()
  })
}
