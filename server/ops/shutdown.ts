/** Graceful shutdown: stop accepting, let in-flight requests finish within a bound, then flush the decision log and close backends. */
import type { FastifyInstance } from 'fastify'

export type ShutdownResult = 'clean' | 'timeout'

/** Time left for the close hooks (log flush, backends) once the bound has cut the last requests off. */
const AFTER_BOUND_MS = 1000

export async function shutdown (app: FastifyInstance, boundMs: number): Promise<ShutdownResult> {
  // fastify.close(): the listener stops, idle keep-alive sockets close, requests already running finish (new ones on
  // a kept-alive socket get 503), then the onClose hooks write the queued decision records and close the runtime.
  const closed = app.close().then(() => 'clean' as const)
  // A keep-alive socket whose request finishes after close() began would hold the listener open until its idle
  // timeout (72 s): close each one as soon as it is idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 20)
  closed.finally(() => clearInterval(sweep)).catch(() => {})
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<'timeout'>(resolve => { timer = setTimeout(() => resolve('timeout'), boundMs) })
  const result = await Promise.race([closed, bound])
  clearTimeout(timer)
  if (result === 'clean') return result
  clearInterval(sweep)
  app.log.warn({ boundMs }, 'requests still running at the shutdown bound: closing their connections')
  app.server.closeAllConnections()
  await Promise.race([closed.catch(() => {}), new Promise(resolve => setTimeout(resolve, AFTER_BOUND_MS).unref())])
  return 'timeout'
}
