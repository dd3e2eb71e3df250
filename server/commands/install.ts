/** hookjudge install|uninstall AGENT: merges hookjudge's one entry per event into the agent's hooks file, or takes it out. */
import { rm } from 'node:fs/promises'
import { ADAPTERS } from '../agents/adapter.js'
import { AGENTS, EVENTS } from '../agents/event.js'
import type { Config } from '../config/config-schema.js'
import { loadConfig } from '../config/config.js'
import { atLeast, claudeVersion, ON_FAILURE_SINCE } from '../install/claude-version.js'
import { type Entry, hookEntries, httpUnavailable, type InstallAgent, type Transport } from '../install/entries.js'
import { unifiedDiff } from '../install/diff.js'
import { loginShellNoise, noiseWarning } from '../install/login-shell.js'
import { mergeHooks, shapeProblem } from '../install/merge.js'
import { backupOnce, readSettings, type Scope, serialize, settingsPath, writeAtomic } from '../install/settings-file.js'
import { teamFlags } from '../install/team-flags.js'
import { TARGETS } from '../install/targets.js'
import { SHIM_PATH } from '../core/paths.js'
import { type Command, type Io, parse, UsageError, workingDir } from './args.js'
import { callDaemon, daemonAddress } from './daemon.js'

const COMMON = { config: { type: 'string' }, scope: { type: 'string' }, hooks: { type: 'string' }, 'dry-run': { type: 'boolean' } } as const

export const CODEX_TRUST_NOTE = 'Codex asks to trust hooks again whenever hooks.json changes: review and trust them with /hooks in the\n' +
  'Codex TUI; `codex exec` silently skips untrusted hooks unless run with --dangerously-bypass-hook-trust.\n'

interface Target { agent: InstallAgent, scope: Scope, path: string, names?: string[], dryRun: boolean, config: Config }

function target (values: Record<string, string | boolean | undefined>, positionals: string[], io: Io, verb: string): Target {
  const agent = positionals[0] as InstallAgent
  if (!AGENTS.includes(agent)) throw new UsageError(`${verb} needs the agent: ${AGENTS.join(', ')}`)
  const scope = (values.scope ?? 'user') as Scope
  if (scope !== 'user' && scope !== 'project') throw new UsageError('--scope must be user or project')
  const names = typeof values.hooks === 'string' ? values.hooks.split(',').map(s => s.trim()).filter(Boolean) : undefined
  if (names?.length === 0) throw new UsageError('--hooks needs hook names, e.g. --hooks commit,scope-check')
  const config = loadConfig({ env: io.env, file: values.config as string | undefined })
  const path = settingsPath(agent, scope, io.env, workingDir(io))
  return { agent, scope, path, names, dryRun: values['dry-run'] === true, config }
}

/** Reads, merges, and writes (or diffs); returns the exit code and whether the file changed. */
async function apply (io: Io, t: Target, entries: Entry[], verb: string): Promise<{ code: number, changed: boolean, removed: number }> {
  const spec = TARGETS[t.agent]
  const current = await readSettings(t.path)
  const problem = typeof current === 'string' ? current : shapeProblem(current.doc, spec.layout) && `${t.path}: ${shapeProblem(current.doc, spec.layout)}; left untouched`
  if (typeof current === 'string' || problem) {
    io.stderr.write(`hookjudge ${verb}: ${problem}\n`)
    return { code: 1, changed: false, removed: 0 }
  }
  // --hooks rewires only the events of the named hooks; otherwise (and on uninstall) every event of ours is replaced.
  const { doc, removed } = mergeHooks(current.doc, entries, () => t.names === undefined, spec.layout, spec.header)
  // Compare documents, not bytes: a no-op never rewrites the user's formatting.
  if (JSON.stringify(doc) === JSON.stringify(current.doc)) return { code: 0, changed: false, removed }
  const gone = spec.ownFile && Object.keys(doc).length === 0
  const next = gone ? '' : serialize(doc, current.text)
  if (t.dryRun) {
    io.stdout.write(unifiedDiff(current.text ?? '', next, current.text === undefined ? '/dev/null' : t.path, `${t.path} (after hookjudge ${verb})`))
    return { code: 0, changed: true, removed }
  }
  const backup = current.text === undefined || gone ? undefined : await backupOnce(current.path)
  if (gone) await rm(current.path, { force: true })
  else await writeAtomic(current.path, next, current.mode)
  if (backup) io.stdout.write(`backup of the previous file: ${backup}\n`)
  return { code: 0, changed: true, removed }
}

export const installCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, { ...COMMON, transport: { type: 'string' }, url: { type: 'string' }, 'token-file': { type: 'string' } }, 1)
  const t = target(values, positionals, io, 'install')
  const team = teamFlags(values, io.env.PWD || process.cwd())
  // A team daemon: this developer's token file and the team's URL replace the local config's address and token.
  if (team.url) t.config = { ...t.config, server: { ...t.config.server, socket: undefined, tokensFile: undefined, ...(team.tokenFile ? { tokenFile: team.tokenFile } : {}) } }
  else if (team.tokenFile) t.config = { ...t.config, server: { ...t.config.server, tokenFile: team.tokenFile } }
  const caps = ADAPTERS[t.agent].caps
  const transport = (values.transport ?? (caps.transports.includes('http') ? 'http' : 'shim')) as Transport
  if (transport !== 'http' && transport !== 'shim') throw new UsageError('--transport must be http or shim')
  if (!caps.transports.includes(transport)) throw new UsageError(`${caps.label} has no http hook hookjudge can reach: its hooks always use the shim`)
  const noHttp = httpUnavailable(t.config.server)
  if (values.transport === 'http' && noHttp) throw new UsageError(`--transport http is not possible: ${noHttp}`)
  const unknown = t.names?.filter(n => !Object.hasOwn(t.config.hooks, n)) ?? []
  if (unknown.length > 0) throw new UsageError(`unknown hook "${unknown[0]}"; configured: ${Object.keys(t.config.hooks).join(', ')}`)
  const hooks = t.names ? t.names.map(n => t.config.hooks[n]!) : Object.values(t.config.hooks).filter(h => h.mode !== 'off')
  const version = t.agent === 'claude-code' && transport === 'http' ? await claudeVersion(io.env) : undefined
  const claudeOnFailure = version !== undefined && atLeast(version, ON_FAILURE_SINCE)
  const entries = hookEntries({ agent: t.agent, transport, hooks, server: t.config.server, deadlineMs: t.config.judge.deadlineMs, shimPath: SHIM_PATH, url: team.url, claudeOnFailure })
  const r = await apply(io, t, entries, 'install')
  if (r.code !== 0) return r.code
  const where = t.dryRun ? 'would be wired' : r.changed ? 'wired' : 'already wired (nothing changed)'
  io.stdout.write(`hookjudge: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} ${where} for ${caps.label} in ${t.path}\n`)
  for (const e of entries) io.stdout.write(`  ${e.native}: ${e.hooks.join(', ')} via ${e.transport}${e.failSafe ? ' (fail-safe)' : ''}: ${String(e.handler.url ?? e.handler.command ?? e.handler.bash)}\n`)
  const missing = EVENTS.filter(ev => caps.events[ev] === undefined && hooks.some(h => h.event === ev))
  for (const ev of missing) io.stdout.write(`note: ${caps.label} has no ${ev} event; ${hooks.filter(h => h.event === ev).map(h => h.name).join(', ')} not wired\n`)
  if (t.agent === 'claude-code' && transport === 'http' && noHttp) io.stdout.write(`note: using the shim, since ${noHttp}\n`)
  if (t.agent === 'claude-code' && transport === 'http' && !noHttp && !claudeOnFailure && entries.some(e => e.failSafe)) {
    io.stdout.write(`note: fail-safe gates use the shim: ${version ? `Claude Code ${version.join('.')}` : 'no claude on PATH, so the installed Claude Code'} predates onFailure:"block" (${ON_FAILURE_SINCE.join('.')})\n`)
  }
  for (const line of notes(t.agent, t.scope, r.changed && !t.dryRun)) io.stdout.write(line)
  if (t.agent === 'codex') {
    const noise = await loginShellNoise(io.env)
    if (noise) io.stderr.write(noiseWarning(io.env.SHELL || '/bin/sh', noise) + '\n')
  }
  await probeDaemon(io, t.config, team.url)
  return 0
}

/** What else the user must know for the hooks to run at all. */
function notes (agent: InstallAgent, scope: Scope, changed: boolean): string[] {
  if (agent === 'codex') return changed ? [CODEX_TRUST_NOTE] : []
  if (agent === 'gemini' && scope === 'project') return ['note: Gemini CLI skips project hooks in folders it does not trust (trust it, or GEMINI_CLI_TRUST_WORKSPACE=true).\n']
  if (agent === 'copilot' && scope === 'project') return ['note: copilot -p loads repository hooks only in a trusted folder (or with GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true).\n']
  return []
}

export const uninstallCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, COMMON, 1)
  const t = target(values, positionals, io, 'uninstall')
  const r = await apply(io, t, [], 'uninstall')
  if (r.code !== 0) return r.code
  const what = t.dryRun ? 'would be removed' : 'removed'
  io.stdout.write(r.removed > 0
    ? `hookjudge: ${r.removed} hookjudge entr${r.removed === 1 ? 'y' : 'ies'} ${what} from ${t.path}\n`
    : `hookjudge: no hookjudge entries in ${t.path}\n`)
  if (t.agent === 'codex' && r.changed && !t.dryRun) io.stdout.write(CODEX_TRUST_NOTE)
  return 0
}

/** The entries point at the configured address; say so when nothing answers there yet (the hooks then fail open). */
async function probeDaemon (io: Io, config: Config, url?: string): Promise<void> {
  let addr
  try {
    addr = url ? { url, label: url, headers: {} } : daemonAddress(config)
  } catch {
    return
  }
  const answer = await callDaemon(addr, 'GET', '/healthz', 1000)
  if (answer.ok && answer.status === 200) return
  io.stdout.write(`note: no hookjudge daemon answers at ${addr.label} yet; start it with \`hookjudge serve\` (until then every hook fails open).\n`)
}
