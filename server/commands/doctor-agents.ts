/** Finds hookjudge's entries in every agent's hooks files and where each one sends its hook input. */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { AGENTS, type AgentName } from '../agents/event.js'
import { PROJECT_DIRS } from '../agents/homes.js'
import { TARGETS } from '../install/targets.js'
import type { Env } from '../core/paths.js'
import { readSmallFileSync } from '../core/safe-file.js'
import { type Io, workingDir } from './args.js'
import type { DaemonAddress } from './daemon.js'

export interface AgentWiring {
  agent: AgentName
  /** The agent's own config folder (absent: the agent is probably not used here). */
  home: string
  homeExists: boolean
  /** Settings files read, and the hookjudge entries found in each. */
  /** tokenFile: the HOOKJUDGE_TOKEN_FILE a shim entry passes (install --token-file). */
  entries: { file: string, event: string, target: string, shim?: string, tokenFile?: string }[]
}

const DEFAULT_TARGET = 'http://127.0.0.1:5834'

/** Where one handler sends its input, or null when it is not a hookjudge entry. */
export function entryTarget (h: Record<string, unknown>): { target: string, shim?: string, tokenFile?: string } | null {
  if (h.type === 'http' && typeof h.url === 'string') {
    const m = /^(https?:\/\/[^/]+)\/judge(?:\/[a-z0-9-]+)?(?:\?|$)/.exec(h.url)
    return m ? { target: m[1]!.replace('//localhost', '//127.0.0.1') } : null
  }
  const line = typeof h.command === 'string' ? h.command : h.bash
  const command = typeof line === 'string' ? [line, ...(Array.isArray(h.args) ? h.args.map(String) : [])].join(' ') : ''
  const shim = /(?:^|[\s'"=])((?:\/|~)[^\s'"]*hookjudge-hook)\b/.exec(command)?.[1] ?? (/\bhookjudge-hook\b/.test(command) ? 'hookjudge-hook' : undefined)
  if (!shim) return null
  const env = (name: string) => [...command.matchAll(/\b(\w+)=(['"]?)([^\s'"]+)\2/g)].find(m => m[1] === name)?.[3]
  const socket = env('HOOKJUDGE_SOCKET')
  const url = env('HOOKJUDGE_URL')
  const tokenFile = env('HOOKJUDGE_TOKEN_FILE')
  return { target: socket ? `unix:${socket}` : (url ?? DEFAULT_TARGET).replace(/\/+$/, '').replace('//localhost', '//127.0.0.1'), shim, ...(tokenFile ? { tokenFile } : {}) }
}

function scan (file: string, into: AgentWiring['entries'], eventsAtTop: boolean): void {
  if (!existsSync(file)) return
  let doc: unknown
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    into.push({ file, event: '(file)', target: 'unreadable JSON' })
    return
  }
  const hooks = eventsAtTop ? doc : (doc as { hooks?: unknown })?.hooks
  if (typeof hooks !== 'object' || hooks === null) return
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue
    for (const g of groups) {
      // Grouped files hold {matcher, hooks: [handler]}; Cursor's and Copilot's hold the handlers themselves.
      for (const h of Array.isArray(g?.hooks) ? g.hooks : [g]) {
        const t = typeof h === 'object' && h !== null ? entryTarget(h) : null
        if (t) into.push({ file, event, ...t })
      }
    }
  }
}

/** Each agent's user and project hooks files (install/targets.ts), plus Claude Code's settings.local.json. */
export function findWiring (env: Env, cwd: string): AgentWiring[] {
  return AGENTS.map(agent => {
    const user = TARGETS[agent].path('user', env, cwd)
    const files = [user, TARGETS[agent].path('project', env, cwd)]
    if (agent === 'claude-code') files.push(join(cwd, PROJECT_DIRS['claude-code'], 'settings.local.json'))
    // Copilot's file sits in a hooks/ folder of its home; the others directly in theirs.
    const dir = agent === 'copilot' ? dirname(dirname(user)) : dirname(user)
    const entries: AgentWiring['entries'] = []
    for (const f of new Set(files)) scan(f, entries, TARGETS[agent].eventsAtTop?.(f) === true)
    return { agent, home: dir, homeExists: existsSync(dir), entries }
  })
}

/**
 * The team daemon every wired agent here points at with a token file of its own (install --url --token-file), when it is
 * not this config's daemon; its token is the one the hooks send.
 */
export function teamDaemon (io: Io, local: Pick<DaemonAddress, 'label'>): DaemonAddress | undefined {
  // The entries that carry a token file are the team's (install --url --token-file); others may still point at a local daemon.
  const entries = findWiring(io.env, workingDir(io)).flatMap(w => w.entries).filter(e => e.tokenFile !== undefined)
  const targets = new Set(entries.map(e => e.target))
  const [target] = targets
  const tokenFile = entries[0]?.tokenFile
  if (targets.size !== 1 || !target || !/^https?:\/\//.test(target) || target === local.label || tokenFile === undefined) return undefined
  const read = readSmallFileSync(tokenFile, 4096)
  const token = 'text' in read ? read.text.split('\n')[0]!.trim() : ''
  return { url: target, label: target, headers: token ? { authorization: `Bearer ${token}` } : {} }
}
