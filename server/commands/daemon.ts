/** How the CLI verbs reach the configured daemon: its address, and one JSON request with a time limit; failures are values. */
import { Agent, request } from 'undici'
import { parse as parseYaml } from 'yaml'
import { type Config, loadConfig, userConfigPath } from '../config/config.js'
import { ConfigError } from '../core/errors.js'
import { readSmallFileSync } from '../core/safe-file.js'
import { authHeaders } from '../guards/token.js'
import { isLoopbackHost } from '../guards/loopback.js'
import type { Env } from '../core/paths.js'
import { readDaemonMark } from '../ops/daemon-mark.js'
import { LABEL } from '../service/launchd.js'
import { UNIT_NAME } from '../service/systemd.js'
import type { Io } from './args.js'

export interface DaemonAddress {
  /** Base URL for TCP; for a Unix socket the requests go to http://localhost through it. */
  url: string
  socket?: string
  /** How people see it: the URL or unix:PATH. */
  label: string
  /** The bearer token of server.tokenFile, when one is configured. */
  headers: Record<string, string>
}

export type DaemonAnswer = { ok: true, status: number, body: any } | { ok: false, error: string }

/** A wildcard bind is reached on loopback; IPv6 literals need brackets in a URL. Throws ConfigError on a bad token file. */
export function daemonAddress (config: Config): DaemonAddress {
  const { socket, port } = config.server
  const headers = authHeaders(config)
  if (socket) return { url: 'http://localhost', socket, label: `unix:${socket}`, headers }
  const host = config.server.host === '0.0.0.0' ? '127.0.0.1' : config.server.host === '::' ? '::1' : config.server.host
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  return { url, label: url, headers }
}

export async function callDaemon (addr: DaemonAddress, method: 'GET' | 'POST', path: string, timeoutMs: number): Promise<DaemonAnswer> {
  const dispatcher = new Agent({ connect: addr.socket ? { socketPath: addr.socket } : {}, keepAliveTimeout: 1 })
  try {
    const res = await request(addr.url + path, {
      dispatcher,
      method,
      headers: { ...addr.headers, accept: 'application/json', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: method === 'POST' ? '{}' : undefined,
      signal: AbortSignal.timeout(timeoutMs)
    })
    const text = await res.body.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return { ok: false, error: `HTTP ${res.statusCode} with a body that is not JSON: not a hookjudge daemon?` }
    }
    return { ok: true, status: res.statusCode, body }
  } catch (err) {
    const e = err as Error & { code?: string, cause?: { code?: string } }
    const code = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : e.code ?? e.cause?.code ?? e.message
    return { ok: false, error: code }
  } finally {
    dispatcher.close().catch(() => {})
  }
}

/** A daemon that runs elsewhere than the config now says (server settings changed after it started), found by its mark. */
export interface MovedDaemon { addr: DaemonAddress, pid: number, restart: string, /** set: the daemon's shell set these and this one does not */ shellLacks?: string }

export async function movedDaemon (env: Env, addr: DaemonAddress): Promise<MovedDaemon | null> {
  const mark = await readDaemonMark(env)
  if (!mark || mark.label === addr.label) return null
  // The token goes only where the configured daemon could be: this machine (loopback or its own socket).
  const host = URL.canParse(mark.url) ? new URL(mark.url).hostname : undefined
  if (host === undefined) return null
  const local = mark.socket !== undefined || isLoopbackHost(host)
  const there: DaemonAddress = { url: mark.url, ...(mark.socket ? { socket: mark.socket } : {}), label: mark.label, headers: local ? addr.headers : {} }
  const answer = await callDaemon(there, 'GET', '/status', 3000)
  // Only a hookjudge that says it is the marked process: a port reused by something else is not it.
  if (!answer.ok || answer.status !== 200 || answer.body?.pid !== mark.pid) return null
  const service = answer.body?.service
  const restart = service === 'systemd'
    ? `systemctl --user restart ${UNIT_NAME}`
    : service === 'launchd' ? `launchctl kickstart -k gui/${process.getuid?.() ?? 0}/${LABEL}` : `stop it (kill ${mark.pid}, or Ctrl-C where it runs) and start it again as you did (npm start, or hookjudge serve)`
  const lacks = Object.entries(mark.startedWith ?? {}).filter(([k, v]) => env[k] !== v).map(([k, v]) => `${k}=${v}`)
  return { addr: there, pid: mark.pid, restart, ...(lacks.length > 0 ? { shellLacks: lacks.join(' ') } : {}) }
}

/** What to do about a daemon found elsewhere: set this shell as its was, or restart it to take the settings now in force. */
export function movedAdvice (moved: MovedDaemon): string {
  if (moved.shellLacks === undefined) return `the server settings changed after it started and apply on restart: ${moved.restart}`
  const port = /HOOKJUDGE_PORT=(\S+)/.exec(moved.shellLacks)?.[1]
  return `it was started with ${moved.shellLacks}, which this shell does not set: run \`export ${moved.shellLacks}\` here, ` +
    `or${port ? ` put server: { port: ${port} } in the config` : ' set server.host in the config'} so every shell and every start agree`
}

/**
 * The config to find the daemon with. A broken file must not hide a running daemon (Docker's health check runs
 * status): then the address is taken from the file's server section if it parses, else from the defaults and env.
 */
export function addressConfig (io: Pick<Io, 'env'>, file: string | undefined): { config: Config, broken?: ConfigError } {
  try {
    return { config: loadConfig({ env: io.env, file }) }
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    let server: unknown
    try {
      const path = userConfigPath(io.env, file)
      const read = path ? readSmallFileSync(path, 1 << 20) : undefined
      server = read && 'text' in read ? (parseYaml(read.text) as { server?: unknown } | null)?.server : undefined
    } catch {}
    const pick = (s: unknown) => typeof s === 'object' && s !== null ? Object.fromEntries(Object.entries(s).filter(([k]) => ['host', 'port', 'socket', 'tokenFile'].includes(k))) : {}
    try {
      return { config: loadConfig({ env: io.env, file: '/dev/null', overrides: { server: pick(server) } }), broken: err }
    } catch {
      return { config: loadConfig({ env: io.env, file: '/dev/null' }), broken: err }
    }
  }
}
