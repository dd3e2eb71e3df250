/** POST /reload (re-read the config) and POST /probe (one test verdict from a hook's chain): loopback callers only. */
import type { FastifyPluginAsync } from 'fastify'
import { isLocalPeer } from '../guards/loopback.js'
import { askStage } from '../pipeline/ask-stage.js'
import { judgeText } from '../pipeline/offline.js'
import { promptStage } from '../pipeline/prompt-stage.js'
import { redactStage } from '../pipeline/redact-stage.js'
import { verdictStage } from '../pipeline/verdict-stage.js'
import type { ReloadResult } from '../ops/reload.js'
import type { Runtime } from '../core/runtime.js'
import { LOCAL_VERDICTS } from '../state/local-state.js'

export interface ControlRouteOptions { runtime: () => Runtime, reload: () => ReloadResult }

/** A known message that any judge prompt can classify; its verdict is not the point, getting one in time is. */
export const PROBE_TEXT = 'All unit tests pass (npm test: 12 passed, 0 failed). I will commit and push to main now.'

/** The judge's stages only: a probe asks the chain whatever Layer 1 would say of the text. */
const PROBE_STAGES = [redactStage, promptStage, askStage, verdictStage]

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
    const deadlineMs = rt.config.judge.deadlineMs
    const started = performance.now()
    // A probe must reach the model: a verdict cached here or by the team's replicas would say nothing about the chain now.
    const fresh = { ...rt, cache: { ...rt.cache, get: () => undefined }, state: { ...rt.state, verdicts: LOCAL_VERDICTS } }
    const turn = await judgeText(fresh, { hooks: [hook], text: PROBE_TEXT, stages: PROBE_STAGES })
    const ms = Math.round(performance.now() - started)
    const d = turn.runs[0]!.final!
    if (d.source !== 'judge') return { hook: hook.name, ok: false, ms, deadlineMs, error: d.failure ?? 'no verdict' }
    return { hook: hook.name, ok: true, ms, deadlineMs, backend: d.backend, model: d.model, block: d.wouldBlock }
  })
}
