/** Graceful shutdown: stop accepting, let in-flight requests finish within a bound, then flush the decision log and close backends. */
import type { FastifyInstance } from 'fastify'
import { type Clock, systemClock } from '../core/clock.js'

export type ShutdownResult = 'clean' | 'timeout'

/** Time left for the close hooks (log flush, backends) once the bound has cut the last requests off. */
export const AFTER_BOUND_MS = 1000

export async function shutdown (app: FastifyInstance, boundMs: number, clock: Clock = systemClock): Promise<ShutdownResult> {
  // fastify.close(): the listener stops, idle keep-alive sockets close, requests already running finish (new ones on
  // a kept-alive socket get 503), then the onClose hooks write the queued decision records and close the runtime.
  const closed = app.close().then(() => 'clean' as const)
  // A keep-alive socket whose request finishes after close() began would hold the listener open until its idle
  // timeout (72 s): close each one as soon as it is idle. A sweep only hurries the close along, so it is no deadline.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 20)
  closed.finally(() => clearInterval(sweep)).catch(() => {})
  let cut = false
  const cancelCut = clock.after(boundMs, () => {
    cut = true
    clearInterval(sweep)
    app.log.warn({ boundMs }, 'requests still running at the shutdown bound: closing their connections')
    app.server.closeAllConnections()
  })
  let cancelGiveUp = () => {}
  const gaveUp = new Promise<'timeout'>(resolve => { cancelGiveUp = clock.after(boundMs + AFTER_BOUND_MS, () => resolve('timeout')) })
  try {
    // Past the bound a failing close hook changes nothing: the answer is already 'timeout'.
    const result = await Promise.race([closed.catch((err: unknown) => { if (cut) return 'timeout' as const; throw err }), gaveUp])
    return cut ? 'timeout' : result
  } finally {
    cancelCut()
    cancelGiveUp()
  }
}
