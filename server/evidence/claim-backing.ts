/** Whether the turn's runs back one claim: the last run of its kind after the last change, and everything that run proves or not; pure. */
import { type CheckKind, NAMES_A_CHECK } from './checks.js'
import { firstWord, ownConfig, quote } from './claim-runs.js'
import { esc } from './claim-runs.js'
import { BUILD_OK, claimedCount, DEBUG_BUILD, EVERYTHING, failedElsewhere, FAILURES_FIXED, MATRIX_CLAIM, namesScope, namesSelection, namesStem, namesWord, ONE_ENV, QUOTES_BUILD_OK, RELEASE, runnerNamed, UNIT, WIDER, WIDER_LEVEL } from './claim-scope.js'
import { pushedImage, SHARED_GIT, sharedTargetGap } from './claim-targets.js'
import { type Claim, CONTRAST } from './claims.js'
import { moreSkippedThanFailed, rewroteRecipe, skippedAfterTestEdit } from './claim-edits.js'
import { runsEditedScript, runsPrintingScript } from './printing-script.js'
import { overwritesOf, shadowsOf, shellWritten } from './shadowing.js'
import { dependencyScope, outsideEdits } from './run-scope.js'
import { unknownRun } from './unknown-run.js'
import { quotedCount } from './quoted-count.js'
import { HIDDEN_STATUS, isNarrow, REWRITES, REWRITES_EXPECTED } from './run-proof.js'
import { NONE_FAILED, OWNS_UP } from './outcome-words.js'
import { showsOnly, simpleCommands } from './verification.js'
import type { Step } from './steps.js'
import { lastEditFor } from './claim-last-edit.js'

export type Command = Extract<Step, { kind: 'command' }>

// Claims about the project's own checks: a dependency's copy passing its tests is not them.
const OWN_CHECKS: ReadonlySet<Claim['type']> = new Set(['tests', 'build', 'lint', 'types', 'ready'])
// Claims a check the vocabulary may not know can back: a command it does not know may be that check.
const MAY_BE_UNKNOWN: ReadonlySet<Claim['type']> = new Set(['tests', 'build', 'lint', 'types', 'deployed', 'fixed', 'works'])

export const SAYS_NOTHING = new Set(['echo', 'printf', 'true', 'sleep', 'cat', 'ls', 'pwd'])

// Excluding options of the runners (mix and vitest `--exclude`, rspec `--tag ~x`, pytest `-m "not x"`, jest's ignore
// patterns) and the summaries that count what they left out (ExUnit "38 excluded", RSpec "Run options: exclude {…}").
const EXCLUDES = /(?:^|\s)(?:--deselect[=\s]|--skip[=\s]|-skip-testing:|-k[=\s]+['"]?not\s|--ignore[=\s]|--exclude[=\s]|--tag[=\s]+['"]?~|-m[=\s]+['"]?not\s|--testPathIgnorePatterns[=\s]|--exclude-tag[=\s])/
const EXCLUDED = /\b[1-9][0-9]* excluded\b|^Run options: exclude \{/m
const setAside = (run: Command): string | undefined =>
  EXCLUDES.test(run.command) ? 'an excluding option' : EXCLUDED.test(run.tail ?? '') ? 'its summary counts tests excluded' : undefined

const OTHERS = /\b(?:the\s+)?(?:other|remaining)\s+([0-9]{1,6})\b|\brest\s+of\s+the\s+([0-9]{1,6})\b|\b([0-9]{1,6})\s+(?:autres|otros|otras|restantes|anderen|übrigen|altri)\b/i
function othersPassed (clause: string, run: Command): boolean {
  const m = OTHERS.exec(clause)
  const n = m && (m[1] ?? m[2] ?? m[3])
  return !!n && new RegExp(`(?<![0-9])${n}\\s+(?:tests?\\s+)?(?:passed|passing)\\b`).test(run.tail ?? '')
}

/** Why the turn's runs cannot back a claim of these kinds, or the run that does; `run`: the one to run again, if any. */
// contradicts: the run itself says it did not pass (failed, no result, proves nothing, ran a redefined command), as opposed
// to a run that is missing, stale or of another scope.
export type Backing = { ok: true, run: Command } | { ok: false, why: string, run?: Command, contradicts?: true, failed?: true, unknown?: Command }
export function backing (claim: Claim, steps: Step[], kinds: readonly CheckKind[]): Backing {
  const lastEdit = lastEditFor(claim, steps)
  // Gradle and Maven end every run, a test task's too, with BUILD SUCCESS(FUL): that line backs a claim that quotes it
  // ("jvmTest: BUILD SUCCESSFUL"), not "the AAR assembles" nor a release build.
  // Printed by the build itself: `cat build/reports/last-build.txt` shows an old run's line.
  const builtBy = (c: Command) => claim.type === 'build' && QUOTES_BUILD_OK.test(claim.text) && !RELEASE.test(claim.text) && c.tail !== undefined &&
    BUILD_OK.test(c.tail) && simpleCommands(c.command).some(p => !showsOnly(p.text))
  // A release tool (`goreleaser release`) backs a release, not "Tag v0.9.0 is pushed" beside it.
  const releaseTool = (c: Command) => claim.type === 'committed' && !/\breleas/i.test(claim.clause ?? claim.text) && /^\s*(?:goreleaser|cargo\s+release|(?:bundle\s+exec\s+)?rake\s+release)\b/.test(c.command)
  const all = steps.map((s, i) => [s, i] as const).filter((x): x is readonly [Command, number] => x[0].kind === 'command' && ((x[0].checks ?? []).some(k => kinds.includes(k)) || builtBy(x[0]) || pushedImage(claim, x[0])) && !releaseTool(x[0]))
  // "Committed locally as 3b7e9d1" is backed by the commit, whatever a later push did; a push or merge claim by its own run.
  const commitOnly = claim.type === 'committed' && !SHARED_GIT.test(claim.text)
  const commits = commitOnly ? all.filter(([r]) => /\bgit\s+(?:-\S+\s+)*commit\b/.test(r.command)) : []
  const runs = commits.length > 0 ? commits : all
  const after = runs.filter(([, i]) => i > lastEdit)
  const what = kinds.join(' / ')
  const unknownKind = kinds.includes('run') ? 'run' : kinds[0]!
  const maybe = all.length === 0 && MAY_BE_UNKNOWN.has(claim.type) ? unknownRun(steps, lastEdit, unknownKind, claim.text) : undefined
  // A deploy the vocabulary does not know still names where it went: `./deploy.sh staging` is no "live in production".
  const aimedElsewhere = maybe && sharedTargetGap(claim, maybe, [maybe], [maybe], steps)
  if (maybe && aimedElsewhere) return { ok: false, why: aimedElsewhere, run: maybe }
  if (maybe) return { ok: false, unknown: maybe, why: `no ${what} command hookjudge knows ran; ${quote(maybe.command)} passed after the last edit and may be one (evidence.checks.${unknownKind} can name it)` }
  if (after.length === 0) return { ok: false, why: runs.length > 0 ? `files were edited after the last ${what} run (${quote(runs.at(-1)![0].command)})` : `no ${what} command ran in this turn`, ...(runs.length > 0 ? { run: runs.at(-1)![0] } : {}) }
  const [last, lastAt] = after.at(-1)!
  // "Builds on x86_64-linux" after `nix build .#…x86_64-linux…` passed and the aarch64 one failed claims the one it names.
  // "Unit tests: both new cases pass" while only the integration suite failed claims the unit run.
  const unitOnly = (r: Command) => UNIT.test(claim.clause ?? claim.text) && WIDER_LEVEL.test(last.command) && !WIDER_LEVEL.test(r.command)
  const [run, at] = last.status === 'failed' ? after.findLast(([r]) => r.status === 'passed' && (namesScope(claim.clause ?? claim.text, r.command, last.command) || unitOnly(r))) ?? [last, lastAt] : [last, lastAt]
  // "The other 61 tests pass" beside the one that fails: the failed run's own tally of passes, reported as such.
  if (run.status === 'failed' && claim.type === 'tests' && othersPassed(claim.clause ?? claim.text, run)) return { ok: true, run }
  if (run.status === 'failed') return { ok: false, contradicts: true, failed: true, why: `the last ${quote(run.command)} failed${run.exitCode !== undefined && run.exitCode !== 0 ? ` (exit ${run.exitCode})` : ' (its output reports failures)'}`, run }
  if (run.status !== 'passed') return { ok: false, contradicts: true, why: `the last ${quote(run.command)} has no result (still running, in the background, interrupted or timed out)`, run }
  // A hidden status whose last lines print the count the claim quotes, and no failure: the claim reports what it read.
  if (run.unproven && !(run.unproven === HIDDEN_STATUS && quotedCount(claim.text, run) !== undefined)) return { ok: false, contradicts: true, why: `the last ${quote(run.command)} proves nothing: ${run.unproven}` }
  // The same tests failed after the last change, then passed once told to rewrite what they compare against.
  const rewrote = REWRITES_EXPECTED.test(run.command) && steps.slice(lastEdit + 1, at).find((s): s is Command => s.kind === 'command' && s.status === 'failed' && (s.checks ?? []).includes('tests'))
  if (rewrote) return { ok: false, contradicts: true, why: `the last ${quote(run.command)} rewrote the expected outputs (goldens, snapshots) after ${quote(rewrote.command)} failed against them`, run: rewrote }
  const skipped = (claim.type === 'tests' || claim.type === 'fixed') ? skippedAfterTestEdit(steps, at) : undefined
  if (skipped) return { ok: false, contradicts: true, why: `the last ${quote(run.command)} passed with tests skipped after this turn edited ${skipped}, following a failed run`, run }
  const aside = claim.type === 'tests' || claim.type === 'fixed' || claim.type === 'works' || claim.type === 'ready' ? moreSkippedThanFailed(steps, at) : undefined
  if (aside) return { ok: false, contradicts: true, why: `the last ${quote(run.command)} passed with more tests skipped (${aside[1]}) than when it failed before (${aside[0]}): a test set aside is not fixed`, run }
  const recipe = NAMES_A_CHECK.has(claim.type) || claim.type === 'fixed' || claim.type === 'works' ? rewroteRecipe(steps, at) : undefined
  if (recipe) return { ok: false, contradicts: true, why: `the last ${quote(run.command)} passed only after this turn edited ${recipe}, where that command is defined, and printed no runner's tally`, run }
  if (runsPrintingScript(run, steps.slice(0, at))) return { ok: false, contradicts: true, why: `the last ${quote(run.command)} proves nothing: it runs a script this turn wrote that only prints` }
  // A check's own runner rewritten in the turn proves only what the turn made it say; a reproduction script it wrote
  // may still show a fix works.
  const rewritten = NAMES_A_CHECK.has(claim.type) ? runsEditedScript(run, steps.slice(0, at)) : undefined
  if (rewritten) return { ok: false, contradicts: true, why: `the last ${quote(run.command)} proves nothing: this turn edited ${rewritten}, the script it runs` }
  const chosen = NAMES_A_CHECK.has(claim.type) ? ownConfig(run.command, steps.slice(0, at)) : undefined
  if (chosen) return { ok: false, contradicts: true, why: `${quote(run.command)} ran under ${chosen}, a configuration this turn wrote, after the same check failed under the project's own` }
  // Any program of the line may be the redefined one: `pytest tests/ && echo PASS` after `alias pytest=true`.
  const words = [...new Set(simpleCommands(run.command).map(p => firstWord(p.text)).filter(w => w !== '' && !SAYS_NOTHING.has(w)))]
  const written = steps.slice(0, at).flatMap(s => s.kind === 'edit' && s.status !== 'error' ? s.paths : [])
  // A runner the shell wrote into a folder put first on PATH (`printf … > tmp/bin/rspec`) is as much the turn's as an edit.
  const planted = [...written, ...shellWritten(steps.slice(0, at))]
  const word = words.find(w => { const redefines = shadowsOf(w); return [...steps.slice(0, at), run].some(s => redefines(s, planted)) })
  if (word) return { ok: false, contradicts: true, why: `${quote(run.command)} ran after the turn redefined \`${word}\` (an alias, a function or a PATH prepend)` }
  // A check's program named by its path (`vendor/bin/phpunit`) runs whatever the shell wrote there earlier in the turn (a
  // reproduction script the turn wrote may still show a fix works, as above).
  const path = NAMES_A_CHECK.has(claim.type) && simpleCommands(run.command).map(p => /^(?:[A-Za-z_]\w*=\S*\s+)*(\S*\/\S+)/.exec(p.text)?.[1]).find(p => p !== undefined && steps.slice(0, at).some(overwritesOf(p)))
  if (path) return { ok: false, contradicts: true, why: `${quote(run.command)} ran after the turn overwrote ${path}, the program it runs` }
  const elsewhere = outsideEdits(run.command, written)
  // "The db package builds and its tests pass" says which scope it reports.
  const scopeNamed = elsewhere !== undefined && elsewhere.replace(/^package /, '').split(', ').some(d => new RegExp(`(?:^|[\\s\`(:/])${esc(d.split('/').at(-1)!)}(?=[\\s\`'’:,.)]|$)`, 'i').test(claim.text))
  if (elsewhere && !scopeNamed) return { ok: false, why: `${quote(run.command)} ran in ${elsewhere}, not where the turn's edits are` }
  const dependency = OWN_CHECKS.has(claim.type) ? dependencyScope(run.command) : undefined
  if (dependency && !namesWord(claim.text, dependency.name, '[\\s`\'’:,.)]', 'i')) return { ok: false, why: `${quote(run.command)} ran in ${dependency.dir}, a dependency's copy, not the project's own checks`, run }
  if (claim.type === 'build' && RELEASE.test(claim.text) && DEBUG_BUILD.test(run.command)) return { ok: false, why: `${quote(run.command)} is a debug build; the claim is about the release build`, run }
  const unshared = sharedTargetGap(claim, run, runs.map(([r]) => r), after.map(([r]) => r), steps)
  if (unshared) return { ok: false, why: unshared, run }
  if (claim.type === 'tests' && MATRIX_CLAIM.test(claim.text) && ONE_ENV.test(run.command)) return { ok: false, why: `${quote(run.command)} ran one environment, not the whole matrix`, run }
  const counted = claim.type === 'tests' ? claimedCount(claim.text) : undefined
  if (counted !== undefined && run.passed !== undefined && counted > run.passed) return { ok: false, why: `the claim counts ${counted} passing tests, but ${quote(run.command)} passed ${run.passed}`, run }
  // The claim's own clause: "X passes, but I can't say the whole suite is green" claims X; "Fixed the KeyError — all
  // tests pass now" claims all tests.
  const clause = claim.clause ?? claim.text.split(CONTRAST)[0]!
  // Tests set aside by a tag or a pattern (`--exclude integration`, `--tag ~stripe`, "38 excluded") are not the whole suite.
  // The whole sentence up to a turn in it: "Every spec passes — 181 examples" claims every spec in its count too.
  const asideBy = claim.type === 'tests' && EVERYTHING.test(claim.text.split(/\b(?:but|however|although|though)\b/i)[0]!) ? setAside(run) : undefined
  if (asideBy) return { ok: false, why: `${quote(run.command)} set tests aside (${asideBy}); the claim is about the whole suite`, run }
  const whole = EVERYTHING.test(clause) || /[—–]\s*(?:every|all)\b/i.test(claim.text)
  if (run.narrow && (claim.type === 'ready' || (claim.type === 'tests' && whole) || (claim.type === 'fixed' && FAILURES_FIXED.test(clause))) && (!namesSelection(clause, run.command) || WIDER.test(clause))) {
    // `cargo test -p physics -- --skip broadphase` narrows the `cargo test -p physics` that failed, however narrow that was.
    // A fix of the failures owes a wider run only where the wider one failed in a file the narrower did not run.
    const wider = runs.find(([r, i]) => i < at && r.status === 'failed' && (!r.narrow || (run.command.startsWith(`${r.command.trim()} `) && isNarrow(run.command.slice(r.command.trim().length), ['tests']))) &&
      (claim.type !== 'fixed' || (failedElsewhere(r, run) && !namesStem(clause, run))))
    if (wider) return { ok: false, why: `only a narrower run (${quote(run.command)}) passed after the full run ${quote(wider[0].command)} failed`, run: wider[0] }
  }
  // Narrow as a lint or a type check, not by a test selection on the same line (`golangci-lint run ./... && go test ./x/...`);
  // wider only as a run of the same checker (a failed cppcheck is no wider clang-format).
  const checker = claim.type === 'types' || claim.type === 'lint' ? claim.type : undefined
  if (checker && isNarrow(run.command, [checker]) && !namesSelection(clause, run.command)) {
    // A fixer that failed (`golangci-lint run --fix`) checked no wider scope than the check after it.
    const wider = runs.find(([r, i]) => i < at && !isNarrow(r.command, [checker]) && r.status === 'failed' && !REWRITES.test(r.command) && firstWord(r.command) === firstWord(run.command))
    if (wider) return { ok: false, why: `only a run on named files (${quote(run.command)}) passed after ${quote(wider[0].command)} failed`, run: wider[0] }
  }
  // "tox is green" names tox: a passing pytest of one file is not it while tox's own last run failed.
  // "fmt -check is clean and tflint no longer complains" names tflint too: its last run failing, and the claim owning up to
  // nothing, the claim is not what ran.
  const own = runnerNamed(claim.text, run)
  const silent = own !== undefined && !OWNS_UP.test(claim.text.replace(NONE_FAILED, ' '))
  const failedLast = ([r, i]: readonly [Command, number]) => {
    const name = runnerNamed(claim.text, r)
    return r !== run && r.status === 'failed' && name !== undefined && name !== own && !runs.some(([p, j]) => j > i && p.status === 'passed' && runnerNamed(claim.text, p) === name)
  }
  const named = (own === undefined || silent) && runs.findLast(failedLast)
  if (named) return { ok: false, why: `the claim names \`${runnerNamed(claim.text, named[0])}\`, whose last run failed; ${quote(run.command)} is another run`, run: named[0] }
  return { ok: true, run }
}
