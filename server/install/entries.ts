/** The hook handlers hookjudge installs for one agent: transport per hook, daemon address, timeouts; pure. */
import type { EventName } from '../agents/event.js'
import type { Config, HookPolicy } from '../config-schema.js'
import { RECURSION_HOOK_HEADER } from '../guards/recursion.js'

export type InstallAgent = 'claude-code' | 'codex'
export type Transport = 'http' | 'shim'
export type Handler = Record<string, unknown>
export interface Entry { hook: string, event: EventName, transport: Transport, handler: Handler }

export interface Wiring {
  agent: InstallAgent
  /** Wanted for Claude Code Stop-type hooks; Codex and fail-safe gates always get the shim. */
  transport: Transport
  hooks: HookPolicy[]
  server: Config['server']
  deadlineMs: number
  shimPath: string
  /** install --url: a team's daemon elsewhere (https://judge.team.example) instead of the configured address. */
  url?: string
}

export const STATUS_PREFIX = 'hookjudge '
/** The shim's own default (HOOKJUDGE_TIMEOUT) and address. */
const SHIM_TIMEOUT_S = 20
const DEFAULT_URL = 'http://127.0.0.1:5834'

/** POSIX single quotes: every shell a login shell may be (sh, bash, zsh, fish) reads them the same way for plain paths. */
export const shellQuote = (s: string) => /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`

export function daemonUrl (server: Config['server']): string {
  const host = server.host === '0.0.0.0' ? '127.0.0.1' : server.host === '::' ? '::1' : server.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${server.port}`
}

/** A native http hook that times out cannot block, so gates that must fail safe go through the shim (it prints "ask"). */
export const failsSafe = (h: HookPolicy) => h.event === 'PreToolUse' || h.failMode === 'safe'

/** Why this wiring cannot use Claude Code's native http hooks at all, or undefined. */
export function httpUnavailable (server: Config['server']): string | undefined {
  if (server.socket) return `the daemon listens on a Unix socket (${server.socket})`
  if (server.tokenFile) return 'the daemon wants a bearer token (server.tokenFile), which only the shim reads from a file'
  return undefined
}

export function hookEntries (w: Wiring): Entry[] {
  const deadlineS = Math.ceil(w.deadlineMs / 1000)
  // The shim must give up (and apply its fail mode) before the agent kills it.
  const shimTimeout = Math.max(SHIM_TIMEOUT_S, deadlineS + 2)
  const env: string[] = []
  if (w.server.socket && !w.url) env.push(`HOOKJUDGE_SOCKET=${shellQuote(w.server.socket)}`)
  const base = w.url ?? daemonUrl(w.server)
  if (!w.server.socket && base !== DEFAULT_URL) env.push(`HOOKJUDGE_URL=${shellQuote(base)}`)
  if (w.server.tokenFile) env.push(`HOOKJUDGE_TOKEN_FILE=${shellQuote(w.server.tokenFile)}`)
  if (shimTimeout !== SHIM_TIMEOUT_S) env.push(`HOOKJUDGE_TIMEOUT=${shimTimeout}`)
  // `env` rather than a bare VAR=value prefix: csh-family login shells run hooks too.
  const prefix = env.length > 0 ? `env ${env.join(' ')} ` : ''
  const http = w.agent === 'claude-code' && w.transport === 'http' && httpUnavailable(w.server) === undefined
  return w.hooks.map((h): Entry => {
    const statusMessage = `${STATUS_PREFIX}${h.name}`
    if (http && !failsSafe(h)) {
      const handler = { type: 'http', url: `${base}/judge/${h.name}`, timeout: deadlineS + 2, ...RECURSION_HOOK_HEADER, statusMessage }
      return { hook: h.name, event: h.event, transport: 'http', handler: JSON.parse(JSON.stringify(handler)) }
    }
    // Codex gets its agent named: the shim's safe fallback must then be a deny (Codex ignores "ask").
    const flags = `${failsSafe(h) ? ' --fail-safe' : ''}${w.agent === 'codex' ? ' --agent=codex' : ''}`
    const command = `${prefix}sh ${shellQuote(w.shimPath)} ${h.name}${flags}`
    return { hook: h.name, event: h.event, transport: 'shim', handler: { type: 'command', command, timeout: shimTimeout + 5, statusMessage } }
  })
}
