/** Which host names and addresses are this machine's loopback: the only ones the daemon trusts without a token; pure. */
import { isIP } from 'node:net'

/** localhost, 127.0.0.0/8, ::1 and ::ffff:127.x; brackets and a trailing dot allowed. */
export function isLoopbackHost (host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '')
  if (h === 'localhost') return true
  if (isIP(h) === 4) return h.startsWith('127.')
  if (isIP(h) === 6) return h === '::1' || /^(0{0,4}:){0,7}:?0{0,3}1$/.test(h) || /^::ffff:127\./.test(h)
  return false
}

/** The host part of a Host header value ("127.0.0.1:5834", "[::1]:80", "localhost"); null when malformed. */
export function hostOf (header: string): string | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(:\d{1,5})?$/.exec(header.trim())
  return m ? m[1]! : null
}

/** Unix-socket peers have no address; TCP peers must be on loopback (a token does not make a control route a remote API). */
export function isLocalPeer (req: { socket: { remoteAddress?: string } }): boolean {
  const a = req.socket.remoteAddress
  return a === undefined || a === '::1' || /^(::ffff:)?127\./.test(a)
}
