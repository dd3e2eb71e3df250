/** hookjudge serve: load config, build the app, listen; reload on SIGHUP or a file change; drain and exit 0 on SIGINT/SIGTERM. */
import { resolve } from 'node:path'
import { buildApp } from '../app.js'
import { configCandidate, loadConfig } from '../config/config.js'
import { watchConfig } from '../config/config-watch.js'
import { startHousekeeping } from '../ops/housekeeping.js'
import { startIdleMemory } from '../ops/idle-memory.js'
import { shutdown } from '../ops/shutdown.js'
import { ADDRESS_ENV, markDaemon, unmarkDaemon } from '../ops/daemon-mark.js'
import type { Config } from '../config/config.js'
import type { Env } from '../core/paths.js'
import { listenSocket } from '../guards/socket.js'
import { warmClaimDetector } from '../evidence/warm-detector.js'
import { usedBackends } from '../backends/states.js'
import type { Runtime } from '../core/runtime.js'
import { type Command, parse, UsageError, workingDir } from './args.js'
import { SERVE } from './verb-specs.js'

export const serveCommand: Command = async (args, io) => {
  const { values } = parse(args, SERVE)
  if (values.port !== undefined && !/^\d+$/.test(values.port)) throw new UsageError('--port takes a number')
  const server: Record<string, unknown> = {}
  if (values.host) server.host = values.host
  if (values.port) server.port = Number(values.port)
  if (values.socket) server.socket = values.socket
  // A reload re-reads the same layers, flags included. The file by its full path: status and doctor, run from another
  // folder, show and compare it.
  const file = values.config === undefined || values.config === '' ? values.config : resolve(workingDir(io), values.config)
  const load = () => loadConfig({ env: io.env, file, overrides: { server } })
  const config = load()
  const { app, runtime, reload } = await buildApp(config, { env: io.env, load })
  // Before the port opens: a hook that finds it open is answered at full speed, the first Stop included.
  warmClaimDetector()
  let watcher: { close (): void } | undefined
  const idle = startIdleMemory({ clock: runtime().clock, onCollect: (c) => app.log.debug(c, 'quiet: memory given back') })
  app.server.on('request', idle.activity)
  let housekeeping: { stop (): void } | undefined
  let closing = false
  const stop = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now')
      process.exit(1)
    }
    closing = true
    watcher?.close()
    housekeeping?.stop()
    idle.stop()
    const boundMs = runtime().config.server.shutdownMs
    app.log.info({ signal, boundMs }, 'shutting down: finishing requests in flight')
    const unmark = () => unmarkDaemon(io.env, process.pid).catch(() => {})
    shutdown(app, boundMs).then(async (how) => { await unmark(); app.log.info({ how }, 'stopped'); process.exit(0) }, () => process.exit(1))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  process.on('SIGHUP', () => { app.log.info({ signal: 'SIGHUP' }, 'reloading config'); reload() })
  try {
    const where = config.server.socket
      ? await listenSocket(app, config.server.socket)
      : await app.listen({ host: config.server.host, port: config.server.port })
    app.log.info({ address: where, hooks: Object.keys(config.hooks), files: config.files }, 'hookjudge listening')
    mark(io.env, config, where, app.log, runtime().clock.wall())
    // The user file, or the one the daemon would read: a config.yaml written after start is picked up too.
    const watched = [configCandidate(io.env, file)]
    const configWatch = watchConfig(watched, () => { app.log.info({ files: watched }, 'config file changed'); reload() }, { clock: runtime().clock })
    // Every replica that reads the people file follows it: `tokens revoke` on one host must not leave another accepting the token.
    const tokensFile = config.server.tokensFile
    const tokensWatch = tokensFile ? watchConfig([tokensFile], () => { app.log.info({ file: tokensFile }, 'tokens file changed'); reload() }, { clock: runtime().clock }) : undefined
    watcher = { close: () => { configWatch.close(); tokensWatch?.close() } }
    housekeeping = startHousekeeping(() => runtime().config, io.env, app.log, runtime().clock)
    warnUnreachable(runtime(), app.log).catch(() => {})
  } catch (err) {
    const e = err as NodeJS.ErrnoException
    // The usual cause is a daemon already running (npm start, a service): say so, and what to do, before the stack.
    if (e.code === 'EADDRINUSE') {
      const at = config.server.socket ?? `${config.server.host}:${config.server.port}`
      io.stderr.write(`hookjudge serve: ${at} is taken, most likely by a hookjudge daemon already running (\`hookjudge status\` shows it): stop that one, or give this one another server.port (HOOKJUDGE_PORT)\n`)
    }
    app.log.error({ err }, 'could not listen')
    await app.close()
    return 1
  }
  // Keep the process alive until a signal ends it.
  return await new Promise<number>(() => {})
}

/** A judge that cannot be reached would otherwise show only in /readyz, status and doctor: say it in the log at once. */
async function warnUnreachable (rt: Runtime, log: { warn (o: object, msg: string): void }): Promise<void> {
  for (const name of usedBackends(Object.values(rt.config.hooks))) {
    const backend = rt.backends.get(name)
    const why = backend?.unusable === null && backend.reach ? await backend.reach() : null
    if (!why) continue
    log.warn({ backend: name, error: why }, 'judge backend cannot be reached: its hooks fall back to their fail mode (Stop: allow, gates: ask) until it answers')
    // So that status says it too (failing, and why) rather than "ready" until a turn finds out.
    backend?.circuit?.record(false, `cannot be reached: ${why}`)
  }
}

/** Where this daemon listens, for status and doctor when the config no longer points here; not fatal when it cannot be written. */
function mark (env: Env, config: Config, where: string, log: { warn (o: object, msg: string): void }, wall: number): void {
  const socket = config.server.socket
  const url = socket ? 'http://localhost' : where.replace('://0.0.0.0:', '://127.0.0.1:').replace('://[::]:', '://[::1]:')
  try {
    markDaemon(env, { pid: process.pid, url, ...(socket ? { socket } : {}), label: socket ? `unix:${socket}` : url, startedAt: new Date(wall).toISOString(), startedWith: addressEnv(env) })
  } catch (err) {
    log.warn({ err }, 'could not note where this daemon listens (status will not find it if the config moves it)')
  }
}

const addressEnv = (env: Env) => Object.fromEntries(ADDRESS_ENV.flatMap(k => env[k] ? [[k, env[k]!]] : []))
