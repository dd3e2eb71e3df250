/** What a shell command would change: paths it writes, paths it removes, and whether it stops hookjudge; pure, best-effort. */
import { type ShellCommandWords, shellWords } from './shell-words.js'

export interface ShellEffects {
  /** Files written in place (redirections, tee, cp/install/ln targets, sed -i, chmod, truncate …). */
  writes: string[]
  /** Paths removed or moved away: removing a directory removes what is inside. */
  removes: string[]
  /** Stops, disables or uninstalls hookjudge itself (systemctl, launchctl, pkill, hookjudge uninstall, npm uninstall). */
  stopsHookjudge: boolean
}

const REMOVE = new Set(['rm', 'rmdir', 'unlink', 'shred', 'srm', 'trash', 'trash-put', 'mv'])
const WRITE_ANY = new Set(['tee', 'truncate', 'chmod', 'chown', 'chgrp', 'chattr'])
const WRITE_LAST = new Set(['cp', 'install', 'ln', 'rsync', 'scp'])
const IN_PLACE = new Set(['sed', 'gsed', 'perl'])
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'command', 'builtin', 'nohup', 'time', 'nice', 'exec', 'xargs', 'stdbuf', 'timeout'])
const GIT_CHANGES = new Set(['checkout', 'restore', 'rm', 'mv', 'clean', 'reset'])
const SERVICE_STOP = /^(stop|disable|mask|kill|unload|bootout|remove)$/
const PACKAGE_REMOVE = /^(uninstall|remove|un|rm|r)$/
const KEYWORDS = new Set(['{', '}', '!', 'if', 'then', 'elif', 'else', 'while', 'until', 'do'])
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'eval'])
// A command past this is not parsed: self-protection denies it (see selfProtectReason) rather than guess.
export const MAX_SHELL_COMMAND = 1 << 20
const MAX_NESTING = 3

const base = (s: string) => s.slice(s.lastIndexOf('/') + 1)
const isAssignment = (w: string) => { const eq = w.indexOf('='); return eq > 0 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(w.slice(0, eq)) }

/** A simple command's program (its base name; '' when none) and its arguments, past assignments, wrappers and keywords. */
export function commandVerb (args: readonly string[]): { verb: string, rest: string[] } {
  let at = 0
  while (at < args.length && (isAssignment(args[at]!) || WRAPPERS.has(base(args[at]!)) || KEYWORDS.has(args[at]!) || args[at]!.startsWith('-'))) at++
  return { verb: base(args[at] ?? ''), rest: args.slice(at + 1) }
}

function effectsOf (cmd: ShellCommandWords, out: ShellEffects, depth: number): void {
  out.writes.push(...cmd.writes)
  const { verb, rest } = commandVerb(cmd.words)
  const operands = rest.filter(a => !a.startsWith('-'))
  // `bash -c '…'` and `eval '…'` run a script of their own; it is read as commands too, a few levels deep.
  if (SHELLS.has(verb) && depth < MAX_NESTING) {
    const script = verb === 'eval' ? rest.join(' ') : rest.find((a, k) => k > 0 && /^-[a-z]*c$/.test(rest[k - 1]!))
    if (script !== undefined) collect(script, out, depth + 1)
  }
  if (verb === 'hookjudge' || rest.some(a => a.toLowerCase().includes('hookjudge'))) {
    if (verb === 'pkill' || verb === 'killall') out.stopsHookjudge = true
    if ((verb === 'systemctl' || verb === 'launchctl') && rest.some(a => SERVICE_STOP.test(a))) out.stopsHookjudge = true
    if (['npm', 'pnpm', 'yarn', 'npx', 'hookjudge'].includes(verb) && rest.some(a => PACKAGE_REMOVE.test(a))) out.stopsHookjudge = true
  }
  if (REMOVE.has(verb)) out.removes.push(...operands)
  else if (WRITE_ANY.has(verb)) out.writes.push(...operands)
  else if (WRITE_LAST.has(verb) && operands.length > 0) out.writes.push(operands.at(-1)!)
  else if (IN_PLACE.has(verb) && rest.some(a => /^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place'))) out.writes.push(...operands)
  else if (verb === 'dd') out.writes.push(...rest.filter(a => a.startsWith('of=')).map(a => a.slice(3)))
  else if (verb === 'find' && rest.some(a => ['-delete', '-exec', '-execdir', '-ok'].includes(a))) out.removes.push(...operands)
  else if (verb === 'git' && GIT_CHANGES.has(operands[0] ?? '')) out.removes.push(...operands.slice(1))
}

function collect (command: string, out: ShellEffects, depth: number): void {
  for (const cmd of shellWords(command)) effectsOf(cmd, out, depth)
}

export function shellEffects (command: string): ShellEffects {
  const out: ShellEffects = { writes: [], removes: [], stopsHookjudge: false }
  collect(command, out, 0)
  return out
}

/** An argv-style command (Codex sends ["bash", "-lc", "script"]): the script itself, or the words re-quoted. */
export function argvCommand (argv: unknown[]): string {
  const words = argv.filter((x): x is string => typeof x === 'string')
  if (words.length >= 3 && /^(ba|z|da|k)?sh$/.test(base(words[0]!)) && /^-[a-z]*c$/.test(words[1]!)) return words.slice(2).join(' ')
  return words.map(w => /[\s'"]/.test(w) ? `'${w.replaceAll("'", "'\\''")}'` : w).join(' ')
}

/** Files an apply_patch body touches (`*** Add/Update/Delete File: p`, `*** Move to: p`): all count as removals. */
export function patchTargets (patch: string): string[] {
  return [...patch.matchAll(/^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm)].map(m => m[1]!.trim())
}
