/** Local-only access, as one onRequest hook: loopback Host (DNS rebinding), no browsers, the bearer token, no judge traffic. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Metrics } from '../ops/metrics.js'
import { hostOf, isLoopbackHost } from './loopback.js'
import { isJudgeTraffic } from './recursion.js'
import { bearerMatches } from './token.js'
import { type Person, personOf } from './tokens.js'
import { cookieSignsIn, personOfCookie, SIGN_IN_PATHS } from './ui-session.js'

export interface AccessOptions {
  /** Accept only loopback Host headers (false when the daemon is bound to another address, where the token guards). */
  loopbackOnly: boolean
  token?: string
  /** server.tokensFile's people, read at each request so that a reload revokes a token at once. */
  people?: () => readonly Person[] | undefined
  metrics: Metrics
  /** Wall-clock ms, for the review page's sign-in cookie; default Date.now. */
  now?: () => number
}

const users = new WeakMap<object, Person>()
/** The person of server.tokensFile whose token this request carried, if any: for the decision record, never a metric. */
export const requestUser = (req: FastifyRequest): string | undefined => users.get(req)?.name
/** The whole person (their token included), for what is derived from it: the review page's CSRF token and sign-in cookie. */
export const requestPerson = (req: FastifyRequest): Person | undefined => users.get(req)

/** Whose decisions a request may see: everyone's (no tokensFile, or a person with the review grant), else its person's. */
export interface Viewer { user?: string, all: boolean }
export function requestViewer (req: FastifyRequest): Viewer {
  const p = users.get(req)
  return p ? { user: p.name, all: p.review } : { all: true }
}
/** A record a viewer may see: with a tokensFile, one that carries the viewer's own name unless they review all. */
export const visibleTo = (v: Viewer, r: { user?: unknown }): boolean => v.all || (v.user !== undefined && r.user === v.user)

// Browsers send Origin on every POST and, from a trustworthy origin, the Sec-Fetch-* set; agents and curl send none.
// Sec-Fetch-Mode alone is not a browser: Node's own fetch() sends just that one (bench and test clients use it).
const BROWSER_HEADERS = ['origin', 'sec-fetch-site', 'sec-fetch-dest', 'sec-fetch-user']
const isBrowser = (h: FastifyRequest['headers']) =>
  BROWSER_HEADERS.some(k => h[k] !== undefined) || (h['sec-fetch-mode'] !== undefined && h['sec-fetch-mode'] !== 'cors')

/** The review page (/ui) is for browsers, but only from its own origin: a top-level visit or the page's own fetches. */
const isPage = (path: string) => path === '/ui' || path.startsWith('/ui/')
function crossSite (h: FastifyRequest['headers']): boolean {
  const site = h['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true
  // Behind a TLS proxy that passes Host on (Caddy's default), the page's origin is https://<that host>.
  return h.origin !== undefined && h.origin !== `http://${h.host}` && h.origin !== `https://${h.host}`
}

/** Why a request is refused, as [status, reason, message], or null when it may go on; `person` is personOf's answer, if
 * asked; signedIn: the review page's cookie signs in on a single-token daemon. */
export function refusal (req: Pick<FastifyRequest, 'headers' | 'method' | 'url'>, opts: Omit<AccessOptions, 'metrics' | 'people'>, person?: Person | null, signedIn = false): [number, string, string] | null {
  const host = req.headers.host
  if (opts.loopbackOnly && host !== undefined) {
    const name = hostOf(host)
    if (name === null || !isLoopbackHost(name)) return [403, 'forbidden_host', 'hookjudge answers only requests addressed to a loopback host']
  }
  const path = req.url.split('?')[0] ?? ''
  if (isPage(path)) {
    if (crossSite(req.headers)) return [403, 'cross_site', 'the review page answers only its own origin']
  } else if (isBrowser(req.headers)) return [403, 'browser', 'hookjudge does not answer browsers']
  const open = (req.method === 'GET' && path === '/healthz') || SIGN_IN_PATHS.has(path)
  if (opts.token !== undefined && !open && !signedIn && !bearerMatches(req.headers.authorization, opts.token)) {
    return [401, 'unauthorized', 'missing or wrong bearer token']
  }
  if (person === null && !open) return [401, 'unauthorized', 'missing, wrong or revoked bearer token']
  return null
}

export function accessGuard (opts: AccessOptions) {
  return async function access (req: FastifyRequest, reply: FastifyReply) {
    const path = req.url.split('?')[0] ?? ''
    // The sign-in cookie counts on the review page only (its Path is /ui too): hooks and control take the bearer token.
    const cookie = isPage(path) ? req.headers.cookie : undefined
    const now = opts.now ?? Date.now
    const people = opts.people?.()
    const person = people ? personOf(req.headers.authorization, people) ?? (cookie ? personOfCookie(cookie, people, now()) : null) : undefined
    if (person) users.set(req, person)
    const signedIn = opts.token !== undefined && cookie !== undefined && cookieSignsIn(cookie, opts.token, now())
    const refused = refusal(req, opts, person, signedIn)
    if (refused) {
      const [status, reason, error] = refused
      opts.metrics.badRequests.inc({ reason })
      req.log.warn({ reason, method: req.method, url: req.url.slice(0, 100) }, 'request refused')
      // A browser opening the page without a session is sent to the form that starts one.
      if (status === 401 && req.method === 'GET' && path === '/ui') return reply.code(303).header('location', '/ui/sign-in').send()
      if (status === 401) reply.header('www-authenticate', 'Bearer')
      return reply.code(status).send({ error })
    }
    if (isJudgeTraffic(req.headers)) {
      // A judge's own request came back to us (a backend URL pointing here, or a hook fired inside a judge):
      // judging it would recurse, so it gets the answer that lets any agent carry on.
      opts.metrics.badRequests.inc({ reason: 'recursion' })
      req.log.warn({ method: req.method, url: req.url.slice(0, 100) }, 'judge traffic reached the daemon: answered {} (recursion guard)')
      return reply.code(200).header('x-hookjudge-decision', 'allow').header('x-hookjudge-source', 'guard').send({})
    }
  }
}
