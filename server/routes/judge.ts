/** POST /judge/:hook: parse → agent adapter → judge → the agent's exact JSON; metrics and the decision log after the answer. */
import type { FastifyPluginAsync } from 'fastify'
import { AGENTS, type AgentName } from '../agents/event.js'
import { decide } from '../decide.js'
import { MAX_DEPTH, nestedDeeperThan } from '../guards/input.js'
import type { Metrics } from '../metrics.js'
import type { Runtime } from '../runtime.js'

export interface JudgeRouteOptions { runtime: () => Runtime, metrics: Metrics }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export const judgeRoutes: FastifyPluginAsync<JudgeRouteOptions> = async (app, { runtime, metrics }) => {
  // Records are written after the answer; closing waits for the ones still queued so none is lost.
  const pending = new Set<Promise<void>>()
  app.addHook('onClose', async () => { await Promise.all(pending) })
  const afterAnswer = (work: () => void) => {
    const p = new Promise<void>(resolve => setImmediate(() => { try { work() } finally { resolve() } }))
    pending.add(p)
    p.then(() => pending.delete(p))
  }

  app.post<{ Params: { hook: string }, Querystring: { agent?: string }, Body: string }>('/judge/:hook', async (req, reply) => {
    const rt = runtime()
    const started = performance.now()
    const hook = Object.hasOwn(rt.config.hooks, req.params.hook) ? rt.config.hooks[req.params.hook] : undefined
    if (!hook) {
      metrics.badRequests.inc({ reason: 'unknown_hook' })
      return reply.code(404).send({ error: `unknown hook "${req.params.hook.slice(0, 64)}"; configured: ${Object.keys(rt.config.hooks).join(', ')}` })
    }
    const agent = req.query.agent
    if (agent !== undefined && !AGENTS.includes(agent as AgentName)) {
      metrics.badRequests.inc({ reason: 'bad_agent' })
      return reply.code(400).send({ error: `agent must be one of ${AGENTS.join(', ')}` })
    }
    let body: unknown
    try {
      body = JSON.parse(req.body)
    } catch {
      body = undefined
    }
    if (!isObject(body)) {
      metrics.badRequests.inc({ reason: 'bad_json' })
      req.log.warn({ hook: hook.name, bytes: req.body?.length ?? 0 }, 'hook input is not a JSON object')
      return reply.code(400).send({ error: 'body must be the hook input JSON object' })
    }
    if (nestedDeeperThan(body)) {
      metrics.badRequests.inc({ reason: 'too_deep' })
      return reply.code(400).send({ error: `hook input nests deeper than ${MAX_DEPTH} levels` })
    }
    const d = await decide(rt, hook, body, agent as AgentName | undefined)
    const { judged } = d
    reply.header('x-hookjudge-decision', d.outcome.decision).header('x-hookjudge-source', judged.source)
    afterAnswer(() => {
      const record = d.record()
      rt.decisionLog.write(record)
      metrics.requests.inc({ hook: hook.name, agent: d.adapter.name, decision: record.decision, source: judged.source })
      metrics.duration.observe({ hook: hook.name, source: judged.source }, (performance.now() - started) / 1000)
      if (judged.cache) metrics.cacheLookups.inc({ result: judged.cache })
      if (judged.guard) metrics.loopGuard.inc({ hook: hook.name })
      for (const [kind, n] of Object.entries(record.redactions)) metrics.redactions.inc({ kind }, n)
      req.log.info({ hook: hook.name, agent: d.adapter.name, decision: record.decision, source: judged.source, ms: record.ms, cache: judged.cache, backend: record.backend, promptVersion: record.promptVersion, failure: judged.failure, guard: judged.guard, textFrom: d.turn.source, transcript: d.turn.note }, 'verdict')
      if (d.turn.note === 'outside-roots') {
        // Never the text; the path says which root the daemon is missing (transcripts.roots).
        req.log.warn({ hook: hook.name, agent: d.adapter.name, path: (d.event.agentTranscriptPath ?? d.event.transcriptPath)?.slice(0, 300) }, 'transcript outside the allowed roots: judged the last message only')
      }
    })
    return d.output
  })
}
