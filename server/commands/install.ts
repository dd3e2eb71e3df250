/** hookjudge install|uninstall AGENT: merges hookjudge's one entry per event into the agent's hooks file, or takes it out. */
import { existsSync } from 'node:fs'
import { ADAPTERS } from '../agents/adapter.js'
import { AGENTS, EVENTS } from '../agents/event.js'
import type { Config } from '../config/config-schema.js'
import { loadConfig } from '../config/config.js'
import { type Applied, applyEntries } from '../install/apply-settings.js'
import { atLeast, claudeVersion, ON_FAILURE_SINCE } from '../install/claude-version.js'
import { type Entry, hookEntries, httpUnavailable, type InstallAgent, type StopMode, type Transport } from '../install/entries.js'
import { loginShellNoise, noiseWarning } from '../install/login-shell.js'
import { type Scope, settingsPath } from '../install/settings-file.js'
import { teamFlags } from '../install/team-flags.js'
import { missingDirs, rememberMade, removeMade } from '../install/made-dirs.js'
import { nearest } from '../core/nearest.js'
import { SHIM_PATH } from '../core/paths.js'
import { type Command, type Io, parse, UsageError, workingDir } from './args.js'
import { callDaemon, daemonAddress, movedAdvice, movedDaemon } from './daemon.js'
import { writeJson } from './output.js'
import { INSTALL, UNINSTALL } from './verb-specs.js'

export const CODEX_TRUST_NOTE = 'Codex asks to trust hooks again whenever hooks.json changes: review and trust them with /hooks in the\n' +
  'Codex TUI; `codex exec` silently skips untrusted hooks unless run with --dangerously-bypass-hook-trust.'

interface Target { agent: InstallAgent, scope: Scope, path: string, names?: string[], dryRun: boolean, json: boolean, config: Config }

function target (values: Record<string, string | boolean | undefined>, positionals: string[], io: Io, verb: string): Target {
  const agent = positionals[0] as InstallAgent
  if (!AGENTS.includes(agent)) {
    // "claude" for claude-code, "gemini-cli" for gemini: the agent's own command name is the usual slip.
    const near = agent === undefined ? undefined : nearest(agent, AGENTS) ?? AGENTS.find(a => a.startsWith(agent) || agent.startsWith(a))
    throw new UsageError(`${agent === undefined ? `${verb} needs the agent` : `unknown agent "${agent}"`}${near ? ` (did you mean ${near}?)` : ''}; one of: ${AGENTS.join(', ')}`)
  }
  const scope = (values.scope ?? 'user') as Scope
  if (scope !== 'user' && scope !== 'project') throw new UsageError('--scope must be user or project')
  const names = typeof values.hooks === 'string' ? values.hooks.split(',').map(s => s.trim()).filter(Boolean) : undefined
  if (names?.length === 0) throw new UsageError('--hooks needs hook names, e.g. --hooks commit,scope-check')
  const config = loadConfig({ env: io.env, file: values.config as string | undefined })
  const path = settingsPath(agent, scope, io.env, workingDir(io))
  return { agent, scope, path, names, dryRun: values['dry-run'] === true, json: values.json === true, config }
}

/** The --json object of both verbs: the file, whether (and how) it changed, as data. */
const report = (t: Target, r: Applied) => ({
  agent: t.agent, scope: t.scope, path: t.path, dryRun: t.dryRun, changed: r.changed, diff: r.diff, backup: r.backup ?? null, deleted: r.deleted
})

/** A file that must not be touched: said on stderr, or as the JSON object; exit 1 either way. */
function refused (io: Io, t: Target, verb: string, error: string): number {
  if (t.json) writeJson(io, verb, false, { agent: t.agent, scope: t.scope, path: t.path, error })
  else io.stderr.write(`hookjudge ${verb}: ${error}\n`)
  return 1
}

export const installCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, INSTALL)
  const t = target(values, positionals, io, 'install')
  const team = teamFlags(values, io.env.PWD || process.cwd())
  // A team daemon: this developer's token file and the team's URL replace the local config's address and token.
  if (team.url) t.config = { ...t.config, server: { ...t.config.server, socket: undefined, tokensFile: undefined, ...(team.tokenFile ? { tokenFile: team.tokenFile } : {}) } }
  else if (team.tokenFile) t.config = { ...t.config, server: { ...t.config.server, tokenFile: team.tokenFile } }
  const caps = ADAPTERS[t.agent].caps
  const transport = (values.transport ?? (caps.transports.includes('http') ? 'http' : 'shim')) as Transport
  if (transport !== 'http' && transport !== 'shim') throw new UsageError('--transport must be http or shim')
  if (!caps.transports.includes(transport)) throw new UsageError(`${caps.label} has no http hook hookjudge can reach: its hooks always use the shim`)
  const stop = (values.stop ?? 'sync') as StopMode
  if (stop !== 'sync' && stop !== 'async') throw new UsageError('--stop must be sync or async')
  if (stop === 'async' && t.agent !== 'claude-code') throw new UsageError(`--stop async is Claude Code's background Stop hook (asyncRewake); ${caps.label} waits for every hook`)
  const noHttp = httpUnavailable(t.config.server)
  if (values.transport === 'http' && noHttp) throw new UsageError(`--transport http is not possible: ${noHttp}`)
  const unknown = t.names?.filter(n => !Object.hasOwn(t.config.hooks, n)) ?? []
  if (unknown.length > 0) throw new UsageError(`unknown hook "${unknown[0]}"; configured: ${Object.keys(t.config.hooks).join(', ')}`)
  const hooks = t.names ? t.names.map(n => t.config.hooks[n]!) : Object.values(t.config.hooks).filter(h => h.mode !== 'off')
  const version = t.agent === 'claude-code' && transport === 'http' ? await claudeVersion(io.env) : undefined
  const claudeOnFailure = version !== undefined && atLeast(version, ON_FAILURE_SINCE)
  const entries = hookEntries({ agent: t.agent, transport, hooks, server: t.config.server, deadlineMs: t.config.judge.deadlineMs, shimPath: SHIM_PATH, url: team.url, claudeOnFailure, stop })
  // Only an agent's home folder is remembered (in hookjudge's state): a project's folders are the project's.
  const madeDirs = t.dryRun || t.scope !== 'user' ? [] : missingDirs(t.path)
  const r = await applyEntries(t, entries, 'install')
  if (typeof r === 'string') return refused(io, t, 'install', r)
  rememberMade(io.env, madeDirs)

  const notes: string[] = []
  const missing = EVENTS.filter(ev => caps.events[ev] === undefined && hooks.some(h => h.event === ev))
  for (const ev of missing) notes.push(`note: ${caps.label} has no ${ev} event; ${hooks.filter(h => h.event === ev).map(h => h.name).join(', ')} not wired`)
  if (t.agent === 'claude-code' && transport === 'http' && noHttp) notes.push(`note: using the shim, since ${noHttp}`)
  if (t.agent === 'claude-code' && transport === 'http' && !noHttp && !claudeOnFailure && entries.some(e => e.failSafe)) {
    notes.push(version
      ? `note: fail-safe gates use the shim: Claude Code ${version.join('.')} predates onFailure:"block" (${ON_FAILURE_SINCE.join('.')})`
      : `note: fail-safe gates use the shim: no claude on PATH to ask its version, and onFailure:"block" needs ${ON_FAILURE_SINCE.join('.')} or later (install again once claude is on PATH)`)
  }
  notes.push(...agentNotes(t.agent, t.scope, r.changed && !t.dryRun))
  const noise = t.agent === 'codex' ? await loginShellNoise(io.env) : undefined
  const warnings = noise ? [noiseWarning(io.env.SHELL || '/bin/sh', noise)] : []
  const daemon = await probeDaemon(t.config, io.env, team.url)
  if (daemon) notes.push(daemon)

  if (t.json) {
    writeJson(io, 'install', true, { ...report(t, r), transport, entries, notes, warnings })
    return 0
  }
  if (t.dryRun) io.stdout.write(r.diff)
  if (r.backup) io.stdout.write(`backup of the previous file: ${r.backup}\n`)
  const where = t.dryRun ? 'would be wired' : r.changed ? 'wired' : 'already wired (nothing changed)'
  io.stdout.write(`hookjudge: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} ${where} for ${caps.label} in ${t.path}\n`)
  for (const e of entries) io.stdout.write(`  ${entryLine(e)}\n`)
  for (const line of notes) io.stdout.write(line + '\n')
  for (const w of warnings) io.stderr.write(w + '\n')
  return 0
}

const entryLine = (e: Entry) => `${e.native}: ${e.hooks.join(', ')} via ${e.transport}${e.failSafe ? ' (fail-safe)' : ''}${e.handler.asyncRewake === true ? ' (async: in the background, a block wakes the model)' : ''}: ${String(e.handler.url ?? e.handler.command ?? e.handler.bash)}`

/** What else the user must know for the hooks to run at all. */
function agentNotes (agent: InstallAgent, scope: Scope, changed: boolean): string[] {
  if (agent === 'codex') return changed ? [CODEX_TRUST_NOTE] : []
  if (agent === 'gemini' && scope === 'project') return ['note: Gemini CLI skips project hooks in folders it does not trust (trust it, or GEMINI_CLI_TRUST_WORKSPACE=true).']
  if (agent === 'copilot' && scope === 'project') return ['note: copilot -p loads repository hooks only in a trusted folder (or with GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true).']
  return []
}

export const uninstallCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, UNINSTALL)
  const t = target(values, positionals, io, 'uninstall')
  const r = await applyEntries(t, [], 'uninstall')
  if (typeof r === 'string') return refused(io, t, 'uninstall', r)
  if (r.deleted && !t.dryRun) removeMade(io.env, t.path)
  // A hooks file uninstall removed holds nothing left to trust.
  const notes = t.agent === 'codex' && r.changed && !t.dryRun && existsSync(t.path) ? [CODEX_TRUST_NOTE] : []
  if (t.json) {
    writeJson(io, 'uninstall', true, { ...report(t, r), removed: r.removed, notes })
    return 0
  }
  if (t.dryRun) io.stdout.write(r.diff)
  if (r.backup) io.stdout.write(`backup of the previous file: ${r.backup}\n`)
  const what = t.dryRun ? 'would be removed' : 'removed'
  io.stdout.write(r.removed > 0
    ? `hookjudge: ${r.removed} hookjudge entr${r.removed === 1 ? 'y' : 'ies'} ${what} from ${t.path}${!t.dryRun && !existsSync(t.path) ? ' (it held nothing else: the file is removed)' : ''}\n`
    : `hookjudge: no hookjudge entries in ${t.path}\n`)
  for (const line of notes) io.stdout.write(line + '\n')
  return 0
}

/** The entries point at the configured address; say so when nothing answers there yet (the hooks then fail open). */
async function probeDaemon (config: Config, env: Io['env'], url?: string): Promise<string | undefined> {
  let addr
  try {
    addr = url ? { url, label: url, headers: {} } : daemonAddress(config)
  } catch {
    return undefined
  }
  const answer = await callDaemon(addr, 'GET', '/healthz', 1000)
  if (answer.ok && answer.status === 200) return undefined
  // A team's daemon runs elsewhere: starting one here is not the fix.
  if (url) return `note: the daemon at ${url} did not answer /healthz (${answer.ok ? `HTTP ${answer.status}` : answer.error}); check the URL with your team (until it answers, Stop hooks let every turn end and fail-safe gates ask or deny).`
  // A daemon started with HOOKJUDGE_PORT in another shell: the hooks just written point where it is not.
  const moved = await movedDaemon(env, addr)
  if (moved?.shellLacks !== undefined) {
    return `warning: no hookjudge daemon answers at ${addr.label}, where these hooks point; one runs at ${moved.addr.label} (pid ${moved.pid}), ${movedAdvice(moved).replace(/^it was /, '')}, then install again (until then Stop hooks let every turn end and fail-safe gates ask or deny).`
  }
  return `note: no hookjudge daemon answers at ${addr.label} yet; start it with \`hookjudge serve\` (until then Stop hooks let every turn end and fail-safe gates ask or deny).`
}
