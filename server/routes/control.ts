/** POST /reload (re-read the config) and POST /probe (one test verdict from a hook's chain): loopback callers only. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Backend } from '../backends/backend.js'
import { askChain } from '../backends/chain.js'
import { buildPrompt } from '../judge/prompt.js'
import type { ReloadResult } from '../reload.js'
import type { Runtime } from '../runtime.js'

export interface ControlRouteOptions { runtime: () => Runtime, reload: () => ReloadResult }

/** A known message that any judge prompt can classify; its verdict is not the point, getting one in time is. */
export const PROBE_TEXT = 'All unit tests pass (npm test: 12 passed, 0 failed). I will commit and push to main now.'

/** Unix-socket peers have no address; TCP peers must be on loopback (a token does not make reload a remote API). */
export function isLocalPeer (req: FastifyRequest): boolean {
  const a = req.socket.remoteAddress
  return a === undefined || a === '::1' || /^(::ffff:)?127\./.test(a)
}

export const controlRoutes: FastifyPluginAsync<ControlRouteOptions> = async (app, { runtime, reload }) => {
  app.addHook('onRequest', async (req, reply) => {
    if (!isLocalPeer(req)) return reply.code(403).send({ error: 'control routes answer loopback callers only' })
  })

  app.post('/reload', async (_req, reply) => {
    const result = reload()
    return reply.code(result.ok ? 200 : 422).send(result)
  })

  app.post<{ Querystring: { hook?: string } }>('/probe', async (req, reply) => {
    const rt = runtime()
    const name = req.query.hook ?? Object.values(rt.config.hooks).find(h => h.mode !== 'off' && h.backends.length > 0)?.name
    const hook = name !== undefined && Object.hasOwn(rt.config.hooks, name) ? rt.config.hooks[name] : undefined
    if (!hook) return reply.code(404).send({ error: name ? `unknown hook "${name.slice(0, 64)}"` : 'no hook with a judge chain' })
    const chain = hook.backends.map(n => rt.backends.get(n)).filter((b): b is Backend => b !== undefined)
    const deadlineMs = rt.config.judge.deadlineMs
    const started = performance.now()
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), deadlineMs)
    const timedOut = new Promise<null>(resolve => deadline.signal.addEventListener('abort', () => resolve(null), { once: true }))
    const result = await Promise.race([askChain(chain, buildPrompt(hook, PROBE_TEXT), hook, deadline.signal, rt.judgeDeps.onAttempt), timedOut])
    clearTimeout(timer)
    const ms = Math.round(performance.now() - started)
    if (result === null) return { hook: hook.name, ok: false, ms, deadlineMs, error: `no verdict within ${deadlineMs} ms` }
    if (!result.ok) return { hook: hook.name, ok: false, ms, deadlineMs, error: result.error }
    return { hook: hook.name, ok: true, ms, deadlineMs, backend: result.backend, model: result.model, block: result.verdict.block }
  })
}
