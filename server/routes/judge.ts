/** POST /judge (every hook of the input's event) and POST /judge/:hook (one): the agent's exact JSON; metrics and records after. */
import { dirname } from 'node:path'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { AGENTS, type AgentName } from '../agents/event.js'
import type { HookPolicy } from '../config/config-schema.js'
import { requestUser } from '../guards/access.js'
import { parseHookInput } from '../guards/input.js'
import { safePath } from '../redact/redact-path.js'
import type { AfterReply } from '../ops/after-reply.js'
import type { Metrics } from '../ops/metrics.js'
import { judgeTurn, type Judged } from '../pipeline/pipeline.js'
import { arrivalStamps } from '../core/arrival.js'
import type { Runtime } from '../core/runtime.js'

export interface JudgeRouteOptions { runtime: () => Runtime, metrics: Metrics, afterReply: AfterReply }

// Sources that need no line of their own: Layer 1 let the text through, or the hook is off.
const QUIET = new Set(['layer1', 'skip', 'off'])
const VERBOSE = new Set(['debug', 'trace'])

declare module 'fastify' { interface FastifyRequest { arrived: number } }

type Req = FastifyRequest<{ Params: { hook?: string }, Querystring: { agent?: string }, Body: string }>

export const judgeRoutes: FastifyPluginAsync<JudgeRouteOptions> = async (app, { runtime, metrics, afterReply }) => {
  // Records are written after the answer; closing waits for the ones still queued so none is lost.
  app.addHook('onClose', () => afterReply.settled())
  // A burst queues requests between their first byte and the handler (body reads, the requests ahead): the deadline
  // counts from their arrival as near as the loop can tell (core/arrival.ts), so that queue is inside the budget.
  app.decorateRequest('arrived', 0)
  const stamp = arrivalStamps(runtime().clock)
  app.addHook('onRequest', (req, _reply, done) => { req.arrived = stamp(); done() })
  const warned = new LRUCache<string, true>({ max: 256 })

  function observe (req: Req, rt: Runtime, j: Judged) {
    // Who asked (server.tokensFile) goes into the records, never into a metric label.
    const user = requestUser(req)
    const records = j.records().map(r => user ? { ...r, user } : r)
    rt.decisionLog.write(records)
    const judged: object[] = []
    for (const record of records) {
      metrics.requests.inc({ hook: record.hook, agent: record.agent, decision: record.decision, source: record.source })
      metrics.duration.observe({ hook: record.hook, source: record.source }, record.ms / 1000)
      const d = j.turn.runs.find(r => r.hook.name === record.hook)?.final
      if (d?.cache) metrics.cacheLookups.inc({ result: d.cache })
      if (d?.guard) metrics.loopGuard.inc({ hook: record.hook })
      if (!QUIET.has(record.source)) judged.push({ hook: record.hook, decision: record.decision, source: record.source, cache: d?.cache, backend: record.backend, promptVersion: record.promptVersion, failure: record.failure, guard: record.guard })
    }
    // One line per request, whatever the number of hooks; the hooks Layer 1 let through are only counted. A turn that
    // Layer 1 let through entirely (the ordinary ~95 %) logs at debug: the decision log and the metrics have it.
    // The line's object is built only when it will be written (most turns, at the default level, it is not).
    if (judged.length > 0 || VERBOSE.has(req.log.level)) {
      req.log[judged.length > 0 ? 'info' : 'debug']({ turn: records[0]?.turn, agent: j.turn.adapter.name, event: j.turn.event.event, decision: j.outcome.decision, ms: records[0]?.ms, hooks: records.length, judged, textFrom: j.turn.read.source, transcript: j.turn.read.note }, 'verdict')
    }
    // One text per request: its redactions are counted once, whatever the number of hooks.
    for (const [kind, n] of Object.entries(records[0]?.redactions ?? {})) metrics.redactions.inc({ kind }, n)
    const path = j.turn.event.agentTranscriptPath ?? j.turn.event.transcriptPath
    if (j.turn.read.note === 'outside-roots' && path && !warned.has(dirname(path))) {
      // A missing root (transcripts.roots) is one fix: said once per folder, not on every turn of every session.
      warned.set(dirname(path), true)
      // Never the text; the path says which root the daemon is missing.
      req.log.warn({ hook: j.turn.runs.map(r => r.hook.name).join(','), agent: j.turn.adapter.name, path: safePath(path, rt.redact) }, 'transcript outside the allowed roots: judged the last message only')
    }
  }

  async function handle (req: Req, reply: FastifyReply, hook?: HookPolicy) {
    const rt = runtime()
    const started = req.arrived
    const agent = req.query.agent
    if (agent !== undefined && !AGENTS.includes(agent as AgentName)) {
      metrics.badRequests.inc({ reason: 'bad_agent' })
      return reply.code(400).send({ error: `agent must be one of ${AGENTS.join(', ')}` })
    }
    const input = parseHookInput(req.body)
    if (!input.ok) {
      metrics.badRequests.inc({ reason: input.reason })
      req.log.warn({ hook: hook?.name, bytes: req.body?.length ?? 0, reason: input.reason }, 'hook input refused')
      return reply.code(400).send({ error: input.error })
    }
    const person = requestUser(req)
    const j = await judgeTurn(rt, { body: input.body, agent: agent as AgentName | undefined, hook, started, ...(person === undefined ? {} : { person }) })
    const source = j.turn.runs.find(r => r.final!.decision === j.outcome.decision)?.final!.source ?? 'layer1'
    reply.header('x-hookjudge-decision', j.outcome.decision).header('x-hookjudge-source', source)
    afterReply.run(() => observe(req, rt, j))
    return j.output
  }

  app.post<{ Params: { hook?: string }, Querystring: { agent?: string }, Body: string }>('/judge', (req, reply) => handle(req, reply))

  app.post<{ Params: { hook: string }, Querystring: { agent?: string }, Body: string }>('/judge/:hook', async (req, reply) => {
    const rt = runtime()
    const hook = Object.hasOwn(rt.config.hooks, req.params.hook) ? rt.config.hooks[req.params.hook] : undefined
    if (!hook) {
      metrics.badRequests.inc({ reason: 'unknown_hook' })
      return reply.code(404).send({ error: `unknown hook "${req.params.hook.slice(0, 64)}"; configured: ${Object.keys(rt.config.hooks).join(', ')}` })
    }
    return handle(req, reply, hook)
  })
}
