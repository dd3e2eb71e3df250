/** buildApp(config, deps): the Fastify instance; its register calls below are the table of contents. */
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import type { Config } from './config-schema.js'
import { createMetrics, type Metrics } from './metrics.js'
import { healthRoutes } from './routes/health.js'
import { judgeRoutes } from './routes/judge.js'
import { metricsRoutes } from './routes/metrics.js'
import { createRuntime, type Runtime, type RuntimeDeps } from './runtime.js'
import { VERSION } from './version.js'

export interface AppDeps extends Partial<RuntimeDeps> {
  logger?: FastifyServerOptions['logger']
  metrics?: Metrics
}

export interface App { app: FastifyInstance, runtime: () => Runtime, metrics: Metrics }

/** JSON lines for machines; pino-pretty only when a person watches a terminal. */
export function loggerOptions (level: string, tty = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  const base = { level, redact: ['req.headers.authorization', '*.apiKey', '*.text'] }
  return tty ? { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : base
}

export async function buildApp (config: Config, deps: AppDeps = {}): Promise<App> {
  const metrics = deps.metrics ?? createMetrics(VERSION)
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.log.level),
    // One log line per decision (the route's), not three per request.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.server.bodyLimit,
    return503OnClosing: true
  })
  const current = createRuntime(config, {
    env: deps.env ?? process.env,
    ...deps,
    onAttempt: (a) => {
      metrics.backendRequests.inc({ backend: a.backend, outcome: a.outcome })
      if (a.outcome !== 'circuit_open') metrics.backendDuration.observe({ backend: a.backend }, a.ms / 1000)
      app.log.debug({ backend: a.backend, outcome: a.outcome, ms: a.ms, error: a.error }, 'backend attempt')
    },
    onLogError: (err) => {
      metrics.decisionLogErrors.inc()
      app.log.warn({ err: { code: (err as NodeJS.ErrnoException).code, message: err.message } }, 'decision log write failed')
    }
  })
  const runtime = () => current
  app.addHook('onClose', () => current.close())

  // Hook inputs are read as text and parsed in the route, so any content type (or none) gets the same 400 / 413 rules.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => { done(null, body) })

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500
    if (status === 500) req.log.error({ err }, 'unexpected error')
    else metrics.badRequests.inc({ reason: status === 413 ? 'too_large' : 'bad_request' })
    return reply.code(status).send({ error: status === 500 ? 'internal error' : err.message })
  })
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `no route ${req.method} ${req.url.split('?')[0]?.slice(0, 100)}` }))

  await app.register(healthRoutes, { runtime })
  await app.register(metricsRoutes, { metrics })
  await app.register(judgeRoutes, { runtime, metrics })
  return { app, runtime, metrics }
}
