/** buildApp(config, deps): the Fastify instance; its register calls below are the table of contents. */
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import type { Config } from './config/config-schema.js'
import { loadConfig } from './config/config.js'
import type { ConfigError } from './core/errors.js'
import { accessGuard } from './guards/access.js'
import { createLoopGovernor } from './guards/loop.js'
import { isLoopbackHost } from './guards/loopback.js'
import { bearerMatches, readToken } from './guards/token.js'
import { type Person, personOf, readTokens } from './guards/tokens.js'
import { createState } from './state/create-state.js'
import { isCachedVerdict } from './state/team-answers.js'
import type { SharedState } from './state/state.js'
import { resolveAutoChain } from './backends/detect.js'
import { createAfterReply, type Defer } from './ops/after-reply.js'
import { createMetrics, type Metrics } from './ops/metrics.js'
import { createReloader, type ReloadResult } from './ops/reload.js'
import { controlRoutes } from './routes/control.js'
import { healthRoutes } from './routes/health.js'
import { judgeRoutes } from './routes/judge.js'
import { metricsRoutes } from './routes/metrics.js'
import { statusRoutes } from './routes/status.js'
import { type SignIn } from './routes/sign-in.js'
import { uiRoutes } from './routes/ui.js'
import { lazyCompilers } from './core/lazy-compilers.js'
import { createRuntime, type Runtime, type RuntimeDeps } from './core/runtime.js'
import { VERSION } from './core/version.js'

export interface AppDeps extends Partial<RuntimeDeps> {
  logger?: FastifyServerOptions['logger']
  metrics?: Metrics
  /** How a reload re-reads the config (serve: the same file and flags); default: the same user file. */
  load?: () => Config
  /** Shared state (tests, benches); otherwise in process, or in Redis with state.redis.url. The caller closes it. */
  state?: SharedState
  /** How the work after an answer (records, metrics, the verdict line) is scheduled; default setImmediate. */
  defer?: Defer
}

export interface App {
  app: FastifyInstance
  runtime: () => Runtime
  metrics: Metrics
  /** Swaps in a new Runtime for the given config, or the re-read one; requests already running keep theirs. */
  reload: (config?: Config) => ReloadResult
  /** Resolves once the work after every answer given so far (records, metrics, log lines) is done. */
  settled: () => Promise<void>
}

/** JSON lines for machines; pino-pretty only when a person watches a terminal. */
export function loggerOptions (level: string, tty = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  const base = { level, redact: ['req.headers.authorization', '*.apiKey', '*.text'] }
  return tty ? { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : base
}

export async function buildApp (config: Config, deps: AppDeps = {}): Promise<App> {
  const metrics = deps.metrics ?? createMetrics(VERSION)
  // A token file with loose permissions is a ConfigError here, before anything listens.
  const token = readToken(config)
  let people = readTokens(config)
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.log.level),
    // One log line per request (the route's verdict line), not three.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.server.bodyLimit,
    return503OnClosing: true,
    schemaController: { compilersFactory: lazyCompilers() }
  })
  const env = deps.env ?? process.env
  const loop = deps.loop ?? createLoopGovernor({ maxSessions: config.judge.loop.maxSessions })
  const state = deps.state ?? createState(config, { env, log: app.log, loop, validVerdict: isCachedVerdict, onError: op => metrics.stateErrors.inc({ op }), ...(deps.clock ? { clock: deps.clock } : {}) })
  const afterReply = createAfterReply(deps.defer)
  const runtimeDeps: RuntimeDeps = {
    env,
    ...deps,
    // Detected once per process (it probes Ollama): a reload keeps the chain.
    autoChain: deps.autoChain ?? await resolveAutoChain(config, env, app.log),
    loop,
    facts: deps.facts ?? state.facts.store,
    state,
    onAttempt: (a) => {
      metrics.backendRequests.inc({ backend: a.backend, outcome: a.outcome })
      if (a.tokens) {
        metrics.judgeTokens.inc({ backend: a.backend, direction: 'input' }, a.tokens.input)
        metrics.judgeTokens.inc({ backend: a.backend, direction: 'output' }, a.tokens.output)
      }
      if (a.outcome !== 'circuit_open') metrics.backendDuration.observe({ backend: a.backend }, a.ms / 1000)
      app.log.debug({ backend: a.backend, outcome: a.outcome, ms: a.ms, error: a.error }, 'backend attempt')
    },
    onLogError: (err) => {
      metrics.decisionLogErrors.inc()
      app.log.warn({ err: { code: (err as NodeJS.ErrnoException).code, message: err.message } }, 'decision log write failed')
    }
  }
  let current = createRuntime(config, runtimeDeps)
  const runtime = () => current
  const reloader = createReloader({
    get: runtime,
    set: (rt) => { current = rt },
    deps: runtimeDeps,
    load: deps.load ?? (() => loadConfig({ env: runtimeDeps.env, file: config.files[1] })),
    metrics,
    log: app.log
  })
  app.addHook('onClose', async () => { await Promise.all([current.close(), reloader.close(), deps.state ? undefined : state.close()]) })
  // server.tokensFile is re-read by every successful reload: deleting a person's line revokes their token. The path
  // is the one the daemon started with, like every server setting (a reload never drops the token check).
  // A tokens file refused by the last reload: /status says so beside that reload, not "ok".
  let tokensRefused: string[] | null = null
  const reload = (next?: Config): ReloadResult => {
    const result = reloader.reload(next)
    if (!result.ok) return result
    try {
      const before = people
      people = readTokens(config)
      tokensRefused = null
      // Said with its path (no token): `hookjudge tokens` knows the daemon it reloaded reads the file it changed.
      const key = (ps?: readonly Person[]) => (ps ?? []).map(p => `${p.name}:${p.review ? 'r' : ''}:${p.token.toString('hex')}`).sort().join(',')
      if (people && key(before) !== key(people)) {
        const change = `server.tokensFile ${config.server.tokensFile}: ${people.length} ${people.length === 1 ? 'person' : 'people'} now`
        app.log.info({ people: people.length, file: config.server.tokensFile }, 'tokens reloaded')
        return { ...result, changes: [...result.changes, change] }
      }
    } catch (err) {
      const problems = (err as ConfigError).problems
      app.log.error({ problems }, 'server.tokensFile refused on reload: the previous tokens stay')
      tokensRefused = problems.map(p => `${p.path}: expected ${p.expected}, got ${p.got}`)
      return { ok: true, changes: [...result.changes, 'server.tokensFile refused: the previous tokens stay (see the log)'] }
    }
    return result
  }
  const lastReload = () => {
    const last = reloader.last()
    return last && tokensRefused ? { ...last, ok: false, problems: [...(last.problems ?? []), ...tokensRefused] } : last
  }

  // Runs before every route: a non-loopback Host, a browser, a missing token or a judge's own request never reaches one.
  app.addHook('onRequest', accessGuard({ loopbackOnly: Boolean(config.server.socket) || isLoopbackHost(config.server.host), token, people: () => people, metrics, now: () => deps.clock?.wall() ?? Date.now() }))

  // Hook inputs are read as text and parsed in the route, so any content type (or none) gets the same 400 / 413 rules.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => { done(null, body) })

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    // 503: a store the request needs is away (the team's log in Redis); the link already counted and logged it.
    const status = err.statusCode && ((err.statusCode >= 400 && err.statusCode < 500) || err.statusCode === 503) ? err.statusCode : 500
    if (status === 500) req.log.error({ err }, 'unexpected error')
    else if (status === 503) req.log.warn({ url: req.url.slice(0, 100), error: err.message }, 'request answered 503')
    else metrics.badRequests.inc({ reason: status === 413 ? 'too_large' : 'bad_request' })
    return reply.code(status).send({ error: status === 500 ? 'internal error' : err.message })
  })
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `no route ${req.method} ${req.url.split('?')[0]?.slice(0, 100)}` }))

  await app.register(healthRoutes, { runtime, state: state.health })
  await app.register(metricsRoutes, { metrics })
  const service = env.HOOKJUDGE_SERVICE === 'systemd' || env.HOOKJUDGE_SERVICE === 'launchd' ? env.HOOKJUDGE_SERVICE : null
  await app.register(statusRoutes, { runtime, metrics, lastReload, state: state.health, service, ...(config.server.tokensFile ? { tokensFile: config.server.tokensFile } : {}) })
  await app.register(controlRoutes, { runtime, reload: () => reload() })
  await app.register(judgeRoutes, { runtime, metrics, afterReply })
  const signIn: SignIn = given => people
    ? personOf(`Bearer ${given}`, people)
    : token === undefined ? 'open' : bearerMatches(`Bearer ${given}`, token) ? { token } : null
  await app.register(uiRoutes, { runtime, env, metrics, signIn })
  return { app, runtime, metrics, reload, settled: () => afterReply.settled() }
}
