/** hookjudge serve: load config, build the app, listen on TCP or a Unix socket, close cleanly on SIGINT/SIGTERM. */
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { type Command, parse, UsageError } from './args.js'

export const serveCommand: Command = async (args, io) => {
  const { values } = parse(args, { config: { type: 'string' }, host: { type: 'string' }, port: { type: 'string' }, socket: { type: 'string' } })
  if (values.port !== undefined && !/^\d+$/.test(values.port)) throw new UsageError('--port takes a number')
  const server: Record<string, unknown> = {}
  if (values.host) server.host = values.host
  if (values.port) server.port = Number(values.port)
  if (values.socket) server.socket = values.socket
  const config = loadConfig({ env: io.env, file: values.config, overrides: { server } })
  const { app } = await buildApp(config, { env: io.env })
  let closing = false
  const stop = (signal: string) => {
    if (closing) process.exit(1)
    closing = true
    app.log.info({ signal }, 'shutting down')
    app.close().then(() => process.exit(0), () => process.exit(1))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  try {
    const where = config.server.socket
      ? await app.listen({ path: config.server.socket })
      : await app.listen({ host: config.server.host, port: config.server.port })
    app.log.info({ address: where, hooks: Object.keys(config.hooks), files: config.files }, 'hookjudge listening')
  } catch (err) {
    app.log.error({ err }, 'could not listen')
    await app.close()
    return 1
  }
  // Keep the process alive until a signal ends it.
  return await new Promise<number>(() => {})
}
