/** Each agent's own folder (user settings, transcripts): the one its environment variable names, then its default; pure. */
import { join } from 'node:path'
import { type Env, userHome } from '../core/paths.js'
import type { AgentName } from './event.js'

// The variable each agent reads for its folder, and where the folder is without it. Gemini's variable names the
// folder that holds `.gemini`, not `.gemini` itself.
const HOMES: Record<AgentName, (env: Env) => { set?: string, dflt: string }> = {
  'claude-code': env => ({ set: env.CLAUDE_CONFIG_DIR, dflt: join(userHome(env), '.claude') }),
  codex: env => ({ set: env.CODEX_HOME, dflt: join(userHome(env), '.codex') }),
  gemini: env => ({ set: env.GEMINI_CLI_HOME && join(env.GEMINI_CLI_HOME, '.gemini'), dflt: join(userHome(env), '.gemini') }),
  copilot: env => ({ set: env.COPILOT_HOME, dflt: join(userHome(env), '.copilot') }),
  cursor: env => ({ dflt: join(userHome(env), '.cursor') }),
  droid: env => ({ dflt: join(userHome(env), '.factory') })
}

/** The folder the agent uses with this environment: where install writes its user settings. */
export function agentHome (agent: AgentName, env: Env): string {
  const h = HOMES[agent](env)
  return h.set || h.dflt
}

/**
 * Every folder the agent may be using: the daemon's environment need not be the agent's (a service started without
 * CLAUDE_CONFIG_DIR still sees transcripts under it, and the default one too), so readers and guards take both.
 */
export function agentHomes (agent: AgentName, env: Env): string[] {
  const h = HOMES[agent](env)
  return h.set ? [h.set, h.dflt] : [h.dflt]
}

/** The folder of a project that holds the agent's project settings (and, for Copilot, its hooks folder). */
export const PROJECT_DIRS: Record<AgentName, string> = {
  'claude-code': '.claude',
  codex: '.codex',
  gemini: '.gemini',
  copilot: '.github',
  cursor: '.cursor',
  droid: '.factory'
}

/**
 * The files in an agent's folder (its home, or a project's PROJECT_DIRS folder) that hold its hooks: where install
 * writes them (Droid: hooks.json, or settings.json when its hooks are kept there), and what else the agent reads them from.
 */
export function hookFiles (agent: AgentName, dir: string): string[] {
  const names: Record<AgentName, string[]> = {
    'claude-code': ['settings.json', 'settings.local.json'],
    codex: ['hooks.json', 'config.toml'],
    gemini: ['settings.json'],
    copilot: [join('hooks', 'hookjudge.json')],
    cursor: ['hooks.json'],
    droid: ['hooks.json', 'settings.json']
  }
  return names[agent].map(n => join(dir, n))
}
