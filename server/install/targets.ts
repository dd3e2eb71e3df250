/** Where each agent keeps its hooks, the shape of that file, and how one hookjudge handler looks in it; pure. */
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { AgentName } from '../agents/event.js'
import { agentHome, PROJECT_DIRS } from '../agents/homes.js'
import type { Env } from '../core/paths.js'

export type Scope = 'user' | 'project'

/** grouped: `hooks.<Event>: [{matcher?, hooks: [handler]}]` (Claude Code's shape); flat: `hooks.<event>: [handler]`. */
export type Layout = 'grouped' | 'flat'

export interface ShimHandlerSpec { command: string, timeoutS: number, failSafe: boolean }

export interface Target {
  path (scope: Scope, env: Env, cwd: string): string
  layout: Layout
  /** Top-level keys the file must carry (Cursor's and Copilot's `version`). */
  header?: Record<string, unknown>
  /** The file is hookjudge's alone: uninstall deletes it rather than leave `{}`. */
  ownFile?: true
  /** The events sit at the file's top level, not under `hooks` (Droid's hooks.json). */
  eventsAtTop?: (path: string) => boolean
  /** A command handler running the shim, in this agent's keys and units. */
  shim (s: ShimHandlerSpec): Record<string, unknown>
}

export const MARK = 'hookjudge'

/** Droid reads both settings.json's `hooks` and hooks.json's events (hooks.json's list wins for an event both name,
 * seen 0.225.2): keep writing where the user's hooks already are, so ours never hide theirs. */
function droidFile (dir: string): string {
  const hooks = join(dir, 'hooks.json')
  const settings = join(dir, 'settings.json')
  if (existsSync(hooks) || !existsSync(settings)) return hooks
  try {
    return (JSON.parse(readFileSync(settings, 'utf8')) as { hooks?: unknown })?.hooks !== undefined ? settings : hooks
  } catch {
    return hooks
  }
}

const statusCommand = (s: ShimHandlerSpec) => ({ type: 'command', command: s.command, timeout: s.timeoutS, statusMessage: MARK })

export const TARGETS: Record<AgentName, Target> = {
  'claude-code': {
    path: (scope, env, cwd) => scope === 'user' ? join(agentHome('claude-code', env), 'settings.json') : join(cwd, '.claude', 'settings.json'),
    layout: 'grouped',
    shim: statusCommand
  },
  codex: {
    path: (scope, env, cwd) => scope === 'user' ? join(agentHome('codex', env), 'hooks.json') : join(cwd, '.codex', 'hooks.json'),
    layout: 'grouped',
    shim: statusCommand
  },
  gemini: {
    path: (scope, env, cwd) => join(scope === 'user' ? agentHome('gemini', env) : join(cwd, PROJECT_DIRS.gemini), 'settings.json'),
    layout: 'grouped',
    // Gemini's timeout is in milliseconds and its hooks carry a name (shown in /hooks), which marks ours.
    shim: s => ({ type: 'command', command: s.command, name: MARK, timeout: s.timeoutS * 1000 })
  },
  copilot: {
    // A file of our own in Copilot's hooks folder: every *.json there is loaded and combined.
    path: (scope, env, cwd) => scope === 'user' ? join(agentHome('copilot', env), 'hooks', 'hookjudge.json') : join(cwd, PROJECT_DIRS.copilot, 'hooks', 'hookjudge.json'),
    layout: 'flat',
    header: { version: 1 },
    ownFile: true,
    shim: s => ({ type: 'command', bash: s.command, timeoutSec: s.timeoutS })
  },
  cursor: {
    path: (scope, env, cwd) => join(scope === 'user' ? agentHome('cursor', env) : join(cwd, PROJECT_DIRS.cursor), 'hooks.json'),
    layout: 'flat',
    header: { version: 1 },
    // failClosed makes Cursor deny when the hook itself fails (crash, timeout): the fail-safe gate's guarantee.
    shim: s => ({ command: s.command, timeout: s.timeoutS, ...(s.failSafe ? { failClosed: true } : {}) })
  },
  droid: {
    path: (scope, env, cwd) => droidFile(scope === 'user' ? agentHome('droid', env) : join(cwd, PROJECT_DIRS.droid)),
    layout: 'grouped',
    // hooks.json is the event map itself ({"Stop": [...]}); a "hooks" key there is ignored as an unknown event.
    eventsAtTop: path => basename(path) === 'hooks.json',
    shim: s => ({ type: 'command', command: s.command, timeout: s.timeoutS })
  }
}
