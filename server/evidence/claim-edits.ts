/** What the turn's edits say of a fix: a "fixed" after editing only tests, and edits that failed and were never made good; pure. */
import { shellEffects } from '../approvals/shell-effects.js'
import type { Claim } from './claims.js'
import type { Step } from './steps.js'

// Test files by their path: tests/ and spec/ folders, and the naming conventions of the common runners.
const TEST_FILE = /(^|\/)(tests?|spec|specs|__tests__|Tests|testing)\/|[._-](test|spec)s?\.\w+$|_test\.go$|(Test|Tests|Spec)\.(java|kt|swift|cs|scala|php)$|^test_[^/]*\.py$|\/test_[^/]*\.py$/
const MENTIONS_TEST = /\b(tests?|specs?|suite|flak\w*|assert\w*)\b|テスト|测试/i

/** A fix claimed for the code when the turn edited tests only: a passing run then shows the tests changed, not a fix. */
export function onlyTestsEdited (claim: Claim, steps: Step[]): string | undefined {
  // The command it cites (`go test ./cache`) is evidence, not the thing fixed.
  if (claim.type !== 'fixed' || MENTIONS_TEST.test(claim.text.replace(/`[^`]*`/g, ' '))) return undefined
  const edited = steps.flatMap(s => s.kind === 'edit' && s.status !== 'error' ? s.paths : [])
  // A spec document (specs/x/spec.md) is notes, not a test.
  if (edited.length === 0 || !edited.every(p => TEST_FILE.test(p) && !/\.(md|mdx|txt|rst|adoc)$/i.test(p))) return undefined
  // A test that timed out before the first edit, naming the file then edited, was itself what was broken (a flaky test):
  // fixing it is changing it. One that failed an assertion found a behaviour to fix in the code, not in the test.
  const first = steps.findIndex(s => s.kind === 'edit')
  const names = edited.map(p => p.split('/').at(-1)!)
  const flaky = steps.slice(0, first).some(s => s.kind === 'command' && s.flaky === true && names.some(n => `${s.command}\n${s.tail ?? ''}`.includes(n)))
  return flaky ? undefined : edited[0]
}

// What a runner's last lines count as set aside: "3 skipped", "ignored 1", "Skipped: 2", ScalaTest's "!!! IGNORED !!!".
const SKIPPED = /\b[1-9][0-9]*\s+(?:tests?\s+)?(?:skipped|ignored|pending|excluded)\b|\b(?:ignored|skipped|pending|excluded):?\s+[1-9][0-9]*\b|!!! IGNORED !!!/i

/**
 * A test file the turn edited between a failed test run and a passing one that set tests aside: the failing test was
 * skipped or ignored, not made to pass.
 */
export function skippedAfterTestEdit (steps: Step[], at: number): string | undefined {
  const run = steps[at]
  if (run?.kind !== 'command' || !SKIPPED.test(run.tail ?? '')) return undefined
  const failed = steps.slice(0, at).findLastIndex(s => s.kind === 'command' && s.status === 'failed' && (s.checks ?? []).includes('tests'))
  if (failed < 0) return undefined
  const edited = steps.slice(failed + 1, at).flatMap(s => s.kind === 'edit' && s.status !== 'error' ? s.paths : []).filter(p => TEST_FILE.test(p))
  // A run of that file itself that passed with nothing set aside shows its tests pass: the skips are others'.
  const stem = (p: string) => p.split('/').at(-1)!.replace(/\.\w+$/, '')
  const clean = (p: string) => steps.slice(failed + 1, at + 1).some(s => s.kind === 'command' && s.status === 'passed' && s.command.includes(stem(p)) && !SKIPPED.test(s.tail ?? ''))
  return edited.find(p => !clean(p))
}

const SKIP_COUNT = /\b([0-9]+)\s+(?:tests?\s+)?(?:skipped|ignored|pending|excluded)\b|\b(?:ignored|skipped|pending|excluded):?\s+([0-9]+)\b/gi
const skipsOf = (tail: string | undefined): number | undefined => {
  const counts = [...(tail ?? '').matchAll(SKIP_COUNT)].map(m => Number(m[1] ?? m[2]))
  return counts.length > 0 ? Math.max(...counts) : undefined
}
const sameRun = (s: Step, command: string): boolean => s.kind === 'command' && s.command.trim() === command.trim()
const failedRun = (s: Step, command: string): boolean => s.kind === 'command' && s.status === 'failed' && sameRun(s, command)

/** The same command failed earlier in the turn and now passes with more tests set aside ("63 passed, 1 skipped" after
 * "63 passed, 1 failed, 0 skipped"), wherever the skip was written (Rust's tests live in the source file): both counts. */
export function moreSkippedThanFailed (steps: Step[], at: number): [number, number] | undefined {
  const run = steps[at]
  if (run?.kind !== 'command') return undefined
  const failed = steps.slice(0, at).findLast(s => failedRun(s, run.command))
  // Both must count their skips: a failure's tail that shows no count says nothing of how many it skipped.
  const [was, now] = [skipsOf(failed?.kind === 'command' ? failed.tail : undefined), skipsOf(run.tail)]
  return was !== undefined && now !== undefined && now > was ? [was, now] : undefined
}

// The files that define a task runner's targets and a package's scripts.
const RECIPES = /(?:^|\/)(?:GNUmakefile|[Mm]akefile|[\w.-]+\.mk|[Jj]ustfile|Taskfile\.ya?ml|package\.json)$/
/** `make test` failed, the turn edited the Makefile, and `make test` then passed printing no runner's tally: the target
 * that passed is the one the turn rewrote. The file. */
export function rewroteRecipe (steps: Step[], at: number): string | undefined {
  const run = steps[at]
  if (run?.kind !== 'command' || run.passed !== undefined) return undefined
  const failed = steps.slice(0, at).findLastIndex(s => failedRun(s, run.command))
  if (failed < 0) return undefined
  return steps.slice(failed + 1, at).flatMap(s => s.kind === 'edit' && s.status !== 'error' ? s.paths : []).find(p => RECIPES.test(p))
}

// A command that writes a file: what an agent falls back on when its edit tool fails (Codex's apply_patch refusing a
// hunk, then `sed -i`, a redirect, or PowerShell's `… | Set-Content plan.md`, which the shell reading does not know).
const POWERSHELL_WRITES = /\b(?:Set-Content|Out-File|Add-Content)\b/

/** A later command that succeeded and writes the failed edit's file. */
function rewrites (step: Step, paths: string[]): boolean {
  if (step.kind !== 'command' || step.status !== 'passed') return false
  const tails = paths.map(p => p.split('/').slice(-2).join('/'))
  const written = shellEffects(step.command).writes
  return tails.some(t => written.some(w => w === t || w.endsWith(`/${t}`) || t.endsWith(`/${w}`)) ||
    (POWERSHELL_WRITES.test(step.command) && step.command.includes(t)))
}

/** Edits of the turn that failed and were not made good by a later edit of the same file. */
export function failedEdits (steps: Step[]): string[] {
  const out: string[] = []
  steps.forEach((s, i) => {
    if (s.kind !== 'edit' || s.status !== 'error') return
    const later = steps.slice(i + 1).some(l => l.kind === 'edit' ? l.status !== 'error' && l.paths.some(p => s.paths.includes(p)) : rewrites(l, s.paths))
    if (!later) out.push(s.paths[0] ?? 'a file')
  })
  return out
}
