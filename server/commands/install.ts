/** hookjudge install|uninstall claude-code|codex: merges hookjudge's hook entries into the agent's settings, or takes them out. */
import type { Config } from '../config-schema.js'
import { loadConfig } from '../config.js'
import { type Entry, hookEntries, httpUnavailable, type InstallAgent, type Transport } from '../install/entries.js'
import { unifiedDiff } from '../install/diff.js'
import { loginShellNoise, noiseWarning } from '../install/login-shell.js'
import { mergeHooks, shapeProblem } from '../install/merge.js'
import { backupOnce, readSettings, type Scope, serialize, settingsPath, writeAtomic } from '../install/settings-file.js'
import { teamFlags } from '../install/team-flags.js'
import { SHIM_PATH } from '../paths.js'
import { type Command, type Io, parse, UsageError, workingDir } from './args.js'
import { callDaemon, daemonAddress } from './daemon.js'

const NAMES: Record<InstallAgent, string> = { 'claude-code': 'Claude Code', codex: 'Codex' }
const COMMON = { config: { type: 'string' }, scope: { type: 'string' }, hooks: { type: 'string' }, 'dry-run': { type: 'boolean' } } as const

export const CODEX_TRUST_NOTE = 'Codex asks to trust hooks again whenever hooks.json changes: review and trust them with /hooks in the\n' +
  'Codex TUI; `codex exec` silently skips untrusted hooks unless run with --dangerously-bypass-hook-trust.\n'

interface Target { agent: InstallAgent, scope: Scope, path: string, names?: string[], dryRun: boolean, config: Config }

function target (values: Record<string, string | boolean | undefined>, positionals: string[], io: Io, verb: string): Target {
  const agent = positionals[0]
  if (agent !== 'claude-code' && agent !== 'codex') throw new UsageError(`${verb} needs the agent: claude-code or codex`)
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
  const current = await readSettings(t.path)
  const problem = typeof current === 'string' ? current : shapeProblem(current.doc) && `${t.path}: ${shapeProblem(current.doc)}; left untouched`
  if (typeof current === 'string' || problem) {
    io.stderr.write(`hookjudge ${verb}: ${problem}\n`)
    return { code: 1, changed: false, removed: 0 }
  }
  const replace = t.names ? (n: string) => t.names!.includes(n) : () => true
  const { doc, removed } = mergeHooks(current.doc, entries, replace)
  // Compare documents, not bytes: a no-op never rewrites the user's formatting.
  if (JSON.stringify(doc) === JSON.stringify(current.doc)) return { code: 0, changed: false, removed }
  const next = serialize(doc, current.text)
  if (t.dryRun) {
    io.stdout.write(unifiedDiff(current.text ?? '', next, current.text === undefined ? '/dev/null' : t.path, `${t.path} (after hookjudge ${verb})`))
    return { code: 0, changed: true, removed }
  }
  const backup = current.text === undefined ? undefined : await backupOnce(current.path)
  await writeAtomic(current.path, next, current.mode)
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
  const transport = (values.transport ?? (t.agent === 'codex' ? 'shim' : 'http')) as Transport
  if (transport !== 'http' && transport !== 'shim') throw new UsageError('--transport must be http or shim')
  if (t.agent === 'codex' && transport === 'http') throw new UsageError('Codex has no http hook type: its hooks always use the shim')
  const noHttp = httpUnavailable(t.config.server)
  if (values.transport === 'http' && noHttp) throw new UsageError(`--transport http is not possible: ${noHttp}`)
  const unknown = t.names?.filter(n => !Object.hasOwn(t.config.hooks, n)) ?? []
  if (unknown.length > 0) throw new UsageError(`unknown hook "${unknown[0]}"; configured: ${Object.keys(t.config.hooks).join(', ')}`)
  const hooks = t.names ? t.names.map(n => t.config.hooks[n]!) : Object.values(t.config.hooks).filter(h => h.mode !== 'off')
  const entries = hookEntries({ agent: t.agent, transport, hooks, server: t.config.server, deadlineMs: t.config.judge.deadlineMs, shimPath: SHIM_PATH, url: team.url })
  const r = await apply(io, t, entries, 'install')
  if (r.code !== 0) return r.code
  const where = t.dryRun ? 'would be wired' : r.changed ? 'wired' : 'already wired (nothing changed)'
  io.stdout.write(`hookjudge: ${entries.length} hook${entries.length === 1 ? '' : 's'} ${where} for ${NAMES[t.agent]} in ${t.path}\n`)
  for (const e of entries) io.stdout.write(`  ${e.hook} (${e.event}) via ${e.transport}: ${String(e.handler.url ?? e.handler.command)}\n`)
  if (t.agent === 'claude-code' && transport === 'http' && noHttp) io.stdout.write(`note: using the shim, since ${noHttp}\n`)
  if (t.agent === 'codex' && r.changed && !t.dryRun) io.stdout.write(CODEX_TRUST_NOTE)
  if (t.agent === 'codex') {
    const noise = await loginShellNoise(io.env)
    if (noise) io.stderr.write(noiseWarning(io.env.SHELL || '/bin/sh', noise) + '\n')
  }
  await probeDaemon(io, t.config, team.url)
  return 0
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
