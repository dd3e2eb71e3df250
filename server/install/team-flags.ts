/** install --url / --token-file: wire the hooks to a team's daemon elsewhere, with this developer's own token file. */
import { resolve } from 'node:path'
import { UsageError } from '../commands/args.js'
import { isLoopbackHost } from '../guards/loopback.js'
import { loadToken } from '../guards/token.js'

export interface TeamFlags { url?: string, tokenFile?: string }

/** The checked flags; a bad one is a UsageError naming what is wrong (never the token). */
export function teamFlags (values: { url?: unknown, 'token-file'?: unknown }, cwd: string): TeamFlags {
  const out: TeamFlags = {}
  if (typeof values.url === 'string') {
    let u: URL
    try { u = new URL(values.url) } catch { throw new UsageError(`--url takes the daemon's base URL (https://judge.team.example), not "${values.url}"`) }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new UsageError('--url must be an https:// (or, on loopback, http://) URL')
    if (u.username || u.password || u.search || u.hash || (u.pathname !== '/' && u.pathname !== '')) {
      throw new UsageError('--url is the base URL only: no credentials, path, query or fragment')
    }
    // The hooks carry a bearer token and the agent's text: off this machine only over TLS.
    if (u.protocol === 'http:' && !isLoopbackHost(u.hostname.replace(/^\[|\]$/g, ''))) throw new UsageError('--url to another machine must be https:// (the token and the agent\'s text cross the network)')
    out.url = u.origin
  }
  if (typeof values['token-file'] === 'string') {
    const file = resolve(cwd, values['token-file'])
    const loaded = loadToken(file)
    if ('problem' in loaded) throw new UsageError(`--token-file: expected ${loaded.problem.expected}, got ${loaded.problem.got}`)
    out.tokenFile = file
  }
  return out
}
