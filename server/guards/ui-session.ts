/** The review page's sign-in cookie: a browser tab cannot send a bearer token, so a person trades theirs for an hour. */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Person } from './tokens.js'

export const COOKIE = 'hookjudge_ui'
/** Short-lived: a tab left open signs in again after an hour. */
export const SESSION_SECONDS = 3600
/** The name a single-token daemon (server.tokenFile) signs its one session with. */
const NOBODY = '-'

/** Paths a browser reaches before signing in: the form, its script and look, and the sign-in / sign-out posts. */
export const SIGN_IN_PATHS = new Set(['/ui/sign-in', '/ui/sign-out', '/ui/assets/sign-in.js', '/ui/assets/style.css', '/ui/assets/icon.svg'])

// Keyed by the person's own token: any replica with the same tokens file checks it, and a revoked token ends it.
const mac = (token: Buffer | string, name: string, exp: number) =>
  createHmac('sha256', token).update(`hookjudge review sign-in\n${name}\n${exp}`).digest('base64url')

/** The Set-Cookie header for this person (or the single token) from now; `secure` when the page came over https. */
export function sessionCookie (who: { name: string, token: Buffer } | { token: string }, nowMs: number, secure: boolean): string {
  const name = 'name' in who ? who.name : NOBODY
  const exp = Math.floor(nowMs / 1000) + SESSION_SECONDS
  const attrs = `Path=/ui; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
  return `${COOKIE}=${name}.${exp}.${mac(who.token, name, exp)}; ${attrs}`
}

export const clearedCookie = `${COOKIE}=; Path=/ui; Max-Age=0; HttpOnly; SameSite=Strict`

/** The cookie's name, expiry and mac, or null when the header has no well-formed one. */
function parse (header: string | undefined): { name: string, exp: number, given: Buffer } | null {
  for (const part of (header ?? '').split(';')) {
    const [k, v] = part.trim().split('=', 2)
    if (k !== COOKIE || !v) continue
    const m = /^([A-Za-z0-9._@-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(v)
    if (m) return { name: m[1]!, exp: Number(m[2]), given: Buffer.from(m[3]!) }
  }
  return null
}

function valid (token: Buffer | string, name: string, exp: number, given: Buffer, nowMs: number): boolean {
  if (exp * 1000 <= nowMs || exp * 1000 > nowMs + SESSION_SECONDS * 1000 + 60_000) return false
  const want = Buffer.from(mac(token, name, exp))
  return want.length === given.length && timingSafeEqual(want, given)
}

/** Who a cookie header signs in on a team daemon, or null (none, expired, forged, or a person no longer in the file). */
export function personOfCookie (header: string | undefined, people: readonly Person[], nowMs: number): Person | null {
  const c = parse(header)
  const p = c ? people.find(p => p.name === c.name) : undefined
  return c && p && valid(p.token, c.name, c.exp, c.given, nowMs) ? p : null
}

/** Whether a cookie header signs in on a single-token daemon. */
export function cookieSignsIn (header: string | undefined, token: string, nowMs: number): boolean {
  const c = parse(header)
  return c !== null && c.name === NOBODY && valid(token, c.name, c.exp, c.given, nowMs)
}
