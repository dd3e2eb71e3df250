/** The ONE handler per agent event that hookjudge installs: transport, daemon address, timeouts, fail-safe; pure. */
import { ADAPTERS } from '../agents/adapter.js'
import { type AgentName, EVENTS, type EventName } from '../agents/event.js'
import type { Config, HookPolicy } from '../config/config-schema.js'
import { RECURSION_HOOK_HEADER } from '../guards/recursion.js'
import { MARK, TARGETS } from './targets.js'

export type InstallAgent = AgentName
export type Transport = 'http' | 'shim'
/** Claude Code's end of turn: `sync` waits for the verdict; `async` runs the shim in the background (asyncRewake). */
export type StopMode = 'sync' | 'async'
export type Handler = Record<string, unknown>
/** `native`: the agent's own name for `event`, the key install writes under; `hooks`: the hooks /judge runs there. */
export interface Entry { event: EventName, native: string, hooks: string[], transport: Transport, failSafe: boolean, handler: Handler }

export interface Wiring {
  agent: AgentName
  /** Wanted for Claude Code; every other agent gets the shim. */
  transport: Transport
  hooks: HookPolicy[]
  server: Config['server']
  deadlineMs: number
  shimPath: string
  /** install --url: a team's daemon elsewhere (https://judge.team.example) instead of the configured address. */
  url?: string
  /** The installed Claude Code takes `onFailure: "block"` (≥ 2.1.295): a fail-safe gate can then stay on http. */
  claudeOnFailure?: boolean
  /** install --stop (Claude Code only): `async` wires Stop and SubagentStop as asyncRewake shim hooks. */
  stop?: StopMode
}

/** The prefix of the per-hook entries older releases wrote ("hookjudge commit"); the one entry now says just MARK. */
export const STATUS_PREFIX = `${MARK} `
/** The shim's own default (HOOKJUDGE_TIMEOUT) and address. */
const SHIM_TIMEOUT_S = 20
const DEFAULT_URL = 'http://127.0.0.1:5834'

/** POSIX single quotes: every shell a login shell may be (sh, bash, zsh, fish) reads them the same way for plain paths. */
export const shellQuote = (s: string) => /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`

export function daemonUrl (server: Config['server']): string {
  const host = server.host === '0.0.0.0' ? '127.0.0.1' : server.host === '::' ? '::1' : server.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${server.port}`
}

/** A hook that must not fail open when the daemon is down: every gate, and any hook with failMode safe. */
export const failsSafe = (h: HookPolicy) => h.event === 'PreToolUse' || h.failMode === 'safe'

/** Why this wiring cannot use Claude Code's native http hooks at all, or undefined. */
export function httpUnavailable (server: Config['server']): string | undefined {
  if (server.socket) return `the daemon listens on a Unix socket (${server.socket})`
  if (server.tokenFile) return 'the hooks send a bearer token (--token-file, or server.tokenFile), which only the shim reads from a file'
  return undefined
}

/** One entry per event the hooks use and the agent has; the daemon's /judge runs that event's hooks itself. */
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
  const claude = w.agent === 'claude-code'
  const http = claude && w.transport === 'http' && httpUnavailable(w.server) === undefined
  const entries: Entry[] = []
  for (const event of EVENTS) {
    const native = ADAPTERS[w.agent].caps.events[event]?.[0]
    const hooks = w.hooks.filter(h => h.event === event)
    if (!native || hooks.length === 0) continue
    const failSafe = hooks.some(failsSafe)
    const names = hooks.map(h => h.name)
    // A background end-of-turn hook: the turn ends at once and a block (shim exit 2) wakes the model with the reason.
    // Only command hooks take asyncRewake (Claude Code's http hook schema has no async key), so always the shim.
    const rewake = claude && w.stop === 'async' && (event === 'Stop' || event === 'SubagentStop')
    // Claude Code's onFailure:"block" turns a failed gate call into a deny; a Stop that failed must still end the turn.
    if (http && !rewake && (!failSafe || (w.claudeOnFailure === true && event === 'PreToolUse'))) {
      const handler = { type: 'http', url: `${base}/judge`, timeout: deadlineS + 2, ...RECURSION_HOOK_HEADER, ...(failSafe ? { onFailure: 'block' } : {}), statusMessage: MARK }
      entries.push({ event, native, hooks: names, transport: 'http', failSafe, handler: JSON.parse(JSON.stringify(handler)) })
      continue
    }
    // The agent is named (Claude Code aside, the default) so the shim's safe fallback is that agent's own deny or ask.
    const flags = `${failSafe ? ' --fail-safe' : ''}${rewake ? ' --rewake' : ''}${claude ? '' : ` --agent=${w.agent}`}`
    const command = `${prefix}sh ${shellQuote(w.shimPath)}${flags}`
    const handler = TARGETS[w.agent].shim({ command, timeoutS: shimTimeout + 5, failSafe })
    entries.push({ event, native, hooks: names, transport: 'shim', failSafe, handler: rewake ? { ...handler, asyncRewake: true } : handler })
  }
  return entries
}
