/** Self-protection: denies tool calls that would change or remove hookjudge's config, service, token or its hook entries. */
import { realpathSync } from 'node:fs'
import { realpath } from 'node:fs/promises'
import { basename, dirname, join, resolve, sep } from 'node:path'
import { AGENTS, type AgentName, type HookEvent } from '../agents/event.js'
import { agentHomes, PROJECT_DIRS } from '../agents/homes.js'
import { configHome, type Env, SHIM_PATH } from '../core/paths.js'
import { entryReader, foldersAround, guardedFiles } from './hook-files.js'
import { braces, type GlobOf, globMatcher } from './path-words.js'
import { argvCommand, MAX_SHELL_COMMAND, patchTargets, shellEffects } from './shell-effects.js'

export interface SelfProtectPolicy {
  /** Files and directories hookjudge owns, canonical: changing or removing any of them is denied. */
  owned: string[]
  /** Each agent's folders the daemon knows of (agentHomes); their hook files are checked for hookjudge entries. */
  homes: Record<AgentName, string[]>
  /** homes['claude-code'] and homes.codex, under the names callers read them by. */
  claudeDirs: string[]
  codexDirs: string[]
  vars: Record<string, string>
}

const WRITER = /edit|write|delete|remove|move|rename|patch|replace|create|append|truncate|chmod/i
// The variables naming agent folders that a shell command may spell a hook file's path with.
const HOME_VARS = ['CLAUDE_CONFIG_DIR', 'CODEX_HOME', 'GEMINI_CLI_HOME', 'COPILOT_HOME']
// Paths one call may name to change or remove (after brace lists, duplicates once): past it the call is denied unread.
const MAX_TARGETS = 512

function canonicalSync (p: string): string {
  try { return realpathSync(p) } catch { return resolve(p) }
}
async function canonical (p: string): Promise<string> {
  try { return await realpath(p) } catch {}
  try { return join(await realpath(dirname(p)), basename(p)) } catch { return resolve(p) }
}
// <config dir>/projects/<slug>/<session>.jsonl, read by splitting rather than by a regex over the agent's path.
const isClaudeTranscript = (p: string) => { const parts = p.split(/[/\\]/); return parts.length >= 4 && parts.at(-3) === 'projects' && parts.at(-1)!.endsWith('.jsonl') && parts.at(-1) !== '.jsonl' && parts.at(-2) !== '' }
const inside = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith(sep) ? dir : dir + sep)

export function selfProtectPolicy (opts: { files: readonly string[], extraPaths: readonly string[], env: Env, home: string }): SelfProtectPolicy {
  const { env, home } = opts
  const cfg = configHome(env)
  const owned = [
    ...opts.files.filter(f => !f.startsWith('/dev/') && !f.startsWith('/proc/')),
    join(cfg, 'hookjudge'),
    join(cfg, 'systemd', 'user', 'hookjudge.service'),
    join(home, 'Library', 'LaunchAgents', 'dev.hookjudge.plist'),
    SHIM_PATH,
    ...(env.HOOKJUDGE_TOKEN_FILE ? [env.HOOKJUDGE_TOKEN_FILE] : []),
    ...opts.extraPaths
  ].map(canonicalSync)
  const vars: Record<string, string> = { HOME: home, XDG_CONFIG_HOME: cfg }
  for (const name of HOME_VARS) if (env[name]) vars[name] = env[name]
  const homes = Object.fromEntries(AGENTS.map(a => [a, agentHomes(a, { ...env, HOME: home }).map(canonicalSync)])) as Record<AgentName, string[]>
  return { owned: [...new Set(owned)], homes, claudeDirs: homes['claude-code'], codexDirs: homes.codex, vars }
}

function expand (token: string, vars: Record<string, string>, cwd: string): string {
  let t = token.replace(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g, (m, name: string) => vars[name] ?? m)
  if (t === '~' || t.startsWith('~/')) t = vars.HOME + t.slice(1)
  return resolve(cwd, t)
}

const ancestors = (p: string) => { const out: string[] = []; for (let d = p; dirname(d) !== d; d = dirname(d)) out.push(d); return out }

/** Whether changing (or, with removes, deleting) target touches protected path p. */
function touches (globOf: GlobOf, target: string, p: string, removes: boolean): boolean {
  const glob = globOf(target)
  if (!glob) return inside(target, p) || (removes && inside(p, target))
  const literal = target.slice(0, target.search(/[*?[]/))
  if (literal.endsWith(sep) && inside(literal.slice(0, -1), p)) return true
  return glob(p) || (removes && ancestors(p).some(glob))
}

interface Targets { paths: Array<{ path: string, removes: boolean }>, stops: boolean, oversize: boolean }

function targetsOf (event: HookEvent): Targets {
  const input = typeof event.toolInput === 'object' && event.toolInput !== null ? event.toolInput as Record<string, unknown> : {}
  const out: Targets = { paths: [], stops: false, oversize: false }
  const command = Array.isArray(input.command) ? argvCommand(input.command) : input.command
  if (typeof command === 'string' && command.length > MAX_SHELL_COMMAND) out.oversize = true
  else if (typeof command === 'string') {
    const fx = shellEffects(command)
    out.stops = fx.stopsHookjudge
    out.paths.push(...fx.writes.map(path => ({ path, removes: false })), ...fx.removes.map(path => ({ path, removes: true })))
  }
  for (const v of Object.values(input)) {
    if (typeof v === 'string' && v.includes('*** Begin Patch')) out.paths.push(...patchTargets(v).map(path => ({ path, removes: true })))
  }
  if (WRITER.test(event.toolName ?? '')) {
    for (const key of ['file_path', 'notebook_path', 'path']) {
      if (typeof input[key] === 'string') out.paths.push({ path: input[key], removes: false })
    }
  }
  return out
}

/** The deny reason when the call would change what keeps hookjudge on, else undefined. Reading is never denied. */
export async function selfProtectReason (policy: SelfProtectPolicy, event: HookEvent): Promise<string | undefined> {
  const targets = targetsOf(event)
  const why = (what: string) => `hookjudge self-protection: this call would change or remove ${what}. An agent may read ` +
    'hookjudge\'s config, service files, token and hook entries but not change them, so it cannot switch off its own guard. ' +
    'If the change is really needed, stop and ask the user to make it.'
  if (targets.stops) return why('the hookjudge service or installation')
  if (targets.oversize) return `hookjudge self-protection: this shell command is longer than ${MAX_SHELL_COMMAND} characters, more than it checks. Split it into shorter commands.`
  if (targets.paths.length === 0) return undefined
  const cwd = event.cwd ?? '/'
  const fromTranscript = isClaudeTranscript(event.transcriptPath ?? '') ? [dirname(dirname(dirname(event.transcriptPath!)))] : []
  // Every agent's hook files, user scope and this project's, whichever agent sent the call.
  const projects = await Promise.all(AGENTS.map(a => canonical(join(cwd, PROJECT_DIRS[a]))))
  const settings = guardedFiles(Object.fromEntries(AGENTS.map((a, k) =>
    [a, [...policy.homes[a], ...(a === 'claude-code' ? fromTranscript.map(canonicalSync) : []), projects[k]!]])))
  const vars = { ...policy.vars, CLAUDE_PROJECT_DIR: cwd }
  const words = new Map<string, boolean>()
  for (const t of targets.paths) for (const raw of braces(t.path)) words.set(raw, (words.get(raw) ?? false) || t.removes)
  if (words.size > MAX_TARGETS) return `hookjudge self-protection: this call names more than ${MAX_TARGETS} paths to change or remove, more than it checks. Split it into shorter commands.`
  const globOf = globMatcher()
  const holding = entryReader()
  for (const [raw, removes] of words) {
    const expanded = expand(raw, vars, cwd)
    const path = globOf(expanded) ? expanded : await canonical(expanded)
    const owned = policy.owned.find(p => touches(globOf, path, p, removes))
    if (owned) return why(`hookjudge's own files (${owned})`)
    for (const s of [...guardedFiles(foldersAround(path)), ...settings]) {
      const holder = touches(globOf, path, s.file, removes) ? await holding(s.holders) : undefined
      if (holder) return why(`the agent settings holding hookjudge's hook entries (${holder === s.file ? s.file : `${s.file}, which would hide those in ${holder}`})`)
    }
  }
  return undefined
}
