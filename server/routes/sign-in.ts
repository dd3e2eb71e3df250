/** The review page's sign-in: a person's token, pasted once into a form, traded for the session cookie (guards/ui-session.ts). */
import type { FastifyPluginAsync } from 'fastify'
import { clearedCookie, sessionCookie } from '../guards/ui-session.js'
import type { Metrics } from '../ops/metrics.js'

/** Who a token given on the form is (a person, or the single token), null for none; 'open' when the daemon takes no
 * token at all (loopback, nothing to sign in to). */
export type SignIn = (given: string) => { name: string, token: Buffer } | { token: string } | null | 'open'

export interface SignInOptions { signIn: SignIn, metrics: Metrics, now: () => number, form: string }

function tokenOf (body: unknown): string | null {
  try {
    const v: unknown = typeof body === 'string' ? JSON.parse(body) : null
    const token = typeof v === 'object' && v !== null ? (v as { token?: unknown }).token : undefined
    if (typeof token !== 'string' || token.length > 512) return null
    // A whole line of the tokens file pasted ("alice 5f0c… review"): its token is the second word.
    const words = token.trim().split(/\s+/)
    return words.length >= 2 && words.length <= 3 ? words[1]! : token.trim()
  } catch {
    return null
  }
}

/** Registered inside the page's plugin: its headers, on/off switch and origin rules apply here too. */
export const signInRoutes: FastifyPluginAsync<SignInOptions> = async (app, { signIn, metrics, now, form }) => {
  app.get('/ui/sign-in', async (_req, reply) => reply.type('text/html; charset=utf-8').send(form))
  app.post('/ui/sign-in', async (req, reply) => {
    const given = tokenOf(req.body)
    if (given === null) {
      metrics.badRequests.inc({ reason: 'bad_request' })
      return reply.code(400).send({ error: 'body must be {"token": YOUR_TOKEN}' })
    }
    const who = signIn(given)
    if (who === 'open') return { signedIn: false, needed: false }
    if (who === null) {
      metrics.badRequests.inc({ reason: 'unauthorized' })
      req.log.warn({ reason: 'unauthorized', url: '/ui/sign-in' }, 'review page sign-in refused')
      return reply.code(401).send({ error: "that token is not one of this daemon's (or it was revoked)" })
    }
    // Behind a TLS proxy the cookie travels over https only; on loopback http it could not be Secure.
    const secure = req.headers['x-forwarded-proto'] === 'https' || req.protocol === 'https'
    req.log.info({ user: 'name' in who ? who.name : undefined }, 'review page signed in')
    return reply.header('set-cookie', sessionCookie(who, now(), secure)).send({ signedIn: true, ...('name' in who ? { name: who.name } : {}) })
  })
  app.post('/ui/sign-out', async (_req, reply) => reply.header('set-cookie', clearedCookie).send({ signedIn: false }))
}
