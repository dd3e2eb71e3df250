/** Whether a turn already changed shared state: a git commit or push, or a pull request opened or merged, that exited 0; pure. */
import { commandVerb } from '../approvals/shell-effects.js'
import { shellWords } from '../approvals/shell-words.js'
import type { Step } from './steps.js'

// git's options that take the next word as their value: `git -C app push` pushes.
const GIT_VALUE_OPTIONS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env'])
const GIT_SHARES = new Set(['commit', 'push'])
const GH_PR_SHARES = new Set(['create', 'merge'])

function gitSubcommand (rest: readonly string[]): string {
  for (let i = 0; i < rest.length; i++) {
    if (GIT_VALUE_OPTIONS.has(rest[i]!)) i++
    else if (!rest[i]!.startsWith('-')) return rest[i]!
  }
  return ''
}

/** A command line that commits, pushes, or opens or merges a pull request (a dry run does none of these). */
export function changesSharedState (command: string): boolean {
  return shellWords(command).some(({ words }) => {
    const { verb, rest } = commandVerb(words)
    if (rest.includes('--dry-run')) return false
    if (verb === 'git') return GIT_SHARES.has(gitSubcommand(rest))
    return verb === 'gh' && rest[0] === 'pr' && GH_PR_SHARES.has(rest[1] ?? '')
  })
}

/**
 * The turn's steps hold a commit, push or pull request that succeeded. Unlike a quiet turn, this needs no complete read:
 * one such step is enough, wherever the backwards read stopped.
 */
export function committedIn (steps: readonly Step[]): boolean {
  return steps.some(s => s.kind === 'command' && s.status === 'passed' && changesSharedState(s.command))
}
