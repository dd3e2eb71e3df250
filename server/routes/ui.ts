/** GET /ui, the review page, and its JSON API under /ui/api/: timeline, charts, one turn, labels, what a change would do. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { requestPerson, requestViewer, visibleTo } from '../guards/access.js'
import { isLocalPeer } from '../guards/loopback.js'
import { decisionDir } from '../ops/housekeeping.js'
import type { Metrics } from '../ops/metrics.js'
import type { Env } from '../core/paths.js'
import { judgeRuntime } from '../eval/run.js'
import type { Runtime } from '../core/runtime.js'
import { VERSION } from '../core/version.js'
import { decisionPage, parsePageQuery } from '../ui/decision-page.js'
import { type DecisionStore, fileStore, teamStore } from '../ui/decision-store.js'
import { hourly } from '../ui/hourly.js'
import { labelsCorpus } from '../ui/labels-corpus.js'
import { agreement, type Given, labelRow } from '../ui/labels-store.js'
import { loadAssets, pageHtml } from '../ui/page-assets.js'
import { guardPage, newCsrfToken, personCsrfToken } from '../ui/page-guard.js'
import { type SignIn, signInRoutes } from './sign-in.js'
import { turnView } from '../ui/turn-view.js'
import { type WhatIf, whatIf } from '../ui/what-if.js'
import { hookCandidate } from '../ui/what-if-candidate.js'

export interface UiRouteOptions { runtime: () => Runtime, env: Env, metrics: Metrics, signIn: SignIn }

const GIVEN: readonly Given[] = ['block', 'allow', 'clear']

function jsonBody (body: unknown): Record<string, unknown> | null {
  try {
    const v: unknown = typeof body === 'string' && body !== '' ? JSON.parse(body) : {}
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Record<string, unknown> : null
  } catch {
    return null
  }
}

export const uiRoutes: FastifyPluginAsync<UiRouteOptions> = async (app, { runtime, env, metrics, signIn }) => {
  const assets = loadAssets()
  const started = newCsrfToken()
  const csrf = (req: FastifyRequest) => { const p = requestPerson(req); return p ? personCsrfToken(p.token) : started }
  const html = pageHtml(assets, started)
  guardPage(app, { enabled: () => runtime().config.ui.enabled, csrf, metrics })
  /** With the team's log in Redis (state.redis.decisions), every replica's decisions; else this replica's files. */
  const store = (): DecisionStore => {
    const rt = runtime()
    const dir = decisionDir(rt.config, env)
    return rt.state.decisions && rt.config.decisionLog.enabled ? teamStore(rt.state.decisions, dir) : fileStore(dir)
  }
  /** The labels in force for these decisions, by decision id. */
  const labelsOf = async (s: DecisionStore, ids: string[]): Promise<Record<string, Given>> => {
    const given = new Map((await s.labels()).map(l => [l.decisionId, l.label]))
    return Object.fromEntries(ids.filter(id => given.has(id)).map(id => [id, given.get(id)!]))
  }
  const bad = (reply: FastifyReply, error: string) => {
    metrics.badRequests.inc({ reason: 'bad_request' })
    reply.request.log.warn({ reason: 'bad_request', url: reply.request.url.slice(0, 100), error }, 'review page request refused')
    return reply.code(400).send({ error })
  }
  const refuse = (reply: FastifyReply, error: string) => {
    metrics.badRequests.inc({ reason: 'forbidden' })
    reply.request.log.warn({ reason: 'forbidden', url: reply.request.url.slice(0, 100) }, 'review page request refused')
    return reply.code(403).send({ error })
  }

  app.get('/ui', async (req, reply) => reply.type('text/html; charset=utf-8').send(requestPerson(req) ? pageHtml(assets, csrf(req)) : html))
  // A link or a habit with the trailing slash (`/ui/`) lands on the page, its filters kept; the target is fixed here.
  app.get('/ui/', async (req, reply) => reply.redirect(`/ui${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`, 302))
  await app.register(signInRoutes, { signIn, metrics, now: () => runtime().clock.wall(), form: assets.get('sign-in.html')?.body ?? '' })
  app.get<{ Params: { name: string } }>('/ui/assets/:name', async (req, reply) => {
    const a = req.params.name.endsWith('.html') ? undefined : assets.get(req.params.name)
    if (!a) return reply.code(404).send({ error: 'no such file' })
    return reply.type(a.type).send(a.body)
  })

  app.get('/ui/api/meta', async () => {
    const c = runtime().config
    return { version: VERSION, hooks: Object.keys(c.hooks), decisionLog: { enabled: c.decisionLog.enabled, text: c.decisionLog.text, where: runtime().state.decisions ? 'team' : 'replica' } }
  })

  /** With server.tokensFile, a person sees their own decisions only, unless their line grants review. */
  const ownOnly = (req: FastifyRequest): string | undefined => { const v = requestViewer(req); return v.all ? undefined : v.user }

  app.get('/ui/api/decisions', async (req, reply) => {
    const q = parsePageQuery(req.query as Record<string, unknown>)
    if (typeof q === 'string') return bad(reply, q)
    const own = ownOnly(req)
    const s = store()
    const page = await decisionPage(s, own === undefined ? q : { ...q, user: own }, runtime().redact)
    return { ...page, labels: await labelsOf(s, page.items.map(i => i.id)) }
  })

  app.get('/ui/api/hourly', async (req, reply) => {
    const raw = (req.query as Record<string, unknown>).hours ?? '24'
    const hours = Number(raw)
    if (!Number.isInteger(hours) || hours < 1 || hours > 168) return bad(reply, 'hours must be a whole number from 1 to 168')
    return await hourly(store(), hours, new Date(runtime().clock.wall()), ownOnly(req))
  })

  app.get('/ui/api/turn', async (req, reply) => {
    const id = String((req.query as Record<string, unknown>).id ?? '')
    const s = store()
    const view = await turnView(s, id, runtime().redact)
    const viewer = requestViewer(req)
    const items = view?.items.filter(i => visibleTo(viewer, i.record)) ?? []
    // Another person's decision answers as one that does not exist: its id says nothing.
    if (!view || !items.some(i => i.id === id)) return reply.code(404).send({ error: 'no decision with that id' })
    return { ...view, items, labels: await labelsOf(s, items.map(i => i.id)) }
  })

  app.get('/ui/api/labels', async (req) => {
    const viewer = requestViewer(req)
    const rows = (await store().labels()).filter(r => visibleTo(viewer, r))
    const { withoutText } = labelsCorpus(rows)
    return { agreement: agreement(rows), count: rows.length, withoutText }
  })

  app.post('/ui/api/labels', async (req, reply) => {
    const body = jsonBody(req.body)
    const label = body?.label as Given
    if (!body || !GIVEN.includes(label)) return bad(reply, 'body must be {"id": DECISION_ID, "label": "block" | "allow" | "clear"}')
    const viewer = requestViewer(req)
    const s = store()
    const found = await s.at(body.id)
    if (!found || !visibleTo(viewer, found.record)) return reply.code(404).send({ error: 'no decision with that id' })
    const row = labelRow(found.id, found.record, label, runtime().redact, new Date(runtime().clock.wall()), viewer.user)
    await s.addLabel(row)
    req.log.info({ decision: found.id, hook: row.hook, label, judged: row.judged, by: viewer.user }, 'label given')
    return { id: found.id, hook: row.hook, label, judged: row.judged, agreement: agreement((await s.labels()).filter(r => visibleTo(viewer, r))) }
  })

  let running: Promise<WhatIf> | null = null
  app.post('/ui/api/what-if', async (req, reply) => {
    // It spends the judge's tokens on everyone's labelled texts: the access rule of /reload, and the review grant.
    if (!isLocalPeer(req)) return refuse(reply, 'what-if answers loopback callers only, as /reload does')
    if (!requestViewer(req).all) return refuse(reply, 'what-if needs the review grant (a third word "review" on your line of server.tokensFile)')
    const body = jsonBody(req.body)
    if (!body || (body.candidate !== undefined && typeof body.candidate !== 'string')) return bad(reply, 'body must be {} or {"candidate": CONFIG_YAML}')
    if (running) return reply.code(409).send({ error: 'a what-if run is already going; wait for it' })
    const { rows } = labelsCorpus(await store().labels())
    const candidate = typeof body.candidate === 'string' && body.candidate.trim() !== '' ? body.candidate : null
    running = (async (): Promise<WhatIf> => {
      if (candidate === null) return await whatIf(rows, runtime())
      const loaded = hookCandidate(candidate, runtime().config)
      if ('problems' in loaded) return { ok: false, problems: loaded.problems }
      const rt = await judgeRuntime(loaded.config, env, false)
      try { return await whatIf(rows, rt) } finally { await rt.close() }
    })()
    try {
      const result = await running
      return result.ok ? { config: candidate === null ? 'current' : 'candidate', ...result } : reply.code(422).send({ error: 'cannot judge the labelled set', problems: result.problems })
    } finally {
      running = null
    }
  })
}
