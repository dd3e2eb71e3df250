/** The review page's own rules on top of the access guard: on/off per request, strict headers, the CSRF token. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Metrics } from '../ops/metrics.js'
import { SIGN_IN_PATHS } from '../guards/ui-session.js'

export const CSRF_HEADER = 'x-hookjudge-csrf'

/** Only the page's own files, no inline script or style, no framing, no referrer, nothing cached. */
export const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-store'
}

/** A fresh token per daemon start: a page from an earlier start, or any other origin, cannot change anything. */
export const newCsrfToken = () => randomBytes(32).toString('hex')

/** A person's token on a team daemon (server.tokensFile): derived from their bearer token, so the page one replica
 * served may post to another behind a round-robin proxy, and a revoked or changed token ends it. */
export const personCsrfToken = (token: Buffer) => createHmac('sha256', token).update('hookjudge review page csrf').digest('hex')

export function csrfMatches (given: unknown, token: string): boolean {
  const a = Buffer.from(typeof given === 'string' ? given : '')
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

export interface GuardOptions { enabled: () => boolean, csrf: (req: FastifyRequest) => string, metrics: Metrics }

/** Adds the hooks to the page's (encapsulated) plugin: they apply to its routes only. */
export function guardPage (app: FastifyInstance, { enabled, csrf, metrics }: GuardOptions): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    // Off: the page does not exist, the same answer as any unknown route.
    if (!enabled()) return reply.code(404).send({ error: `no route ${req.method} ${req.url.split('?')[0]?.slice(0, 100)}` })
    // Signing in or out needs no page yet: the token itself (or nothing, to sign out) is what is sent.
    const exempt = SIGN_IN_PATHS.has(req.url.split('?')[0] ?? '')
    if (req.method !== 'GET' && req.method !== 'HEAD' && !exempt && !csrfMatches(req.headers[CSRF_HEADER], csrf(req))) {
      metrics.badRequests.inc({ reason: 'csrf' })
      req.log.warn({ reason: 'csrf', method: req.method, url: req.url.slice(0, 100) }, 'request refused')
      return reply.code(403).send({ error: 'missing or wrong CSRF token: reload the review page' })
    }
  })
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(HEADERS)
    return payload
  })
}
