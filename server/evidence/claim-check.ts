/** Each claim of a final message checked against what the turn ran: supported, unsupported (and why), or exempt; pure. */
import { BACKED_BY, type CheckKind, NAMES_A_CHECK } from './checks.js'
import { backersOf, esc, firstWord, ownConfig, quote, toolNeverRan } from './claim-runs.js'
import { failedEdits, onlyTestsEdited } from './claim-edits.js'
import { SHARED_GIT, sharedTargetGap } from './claim-targets.js'
import { type Claim, CONTRAST } from './claims.js'
import { changedOnlyNotes, changedOnlyProse, isProsePath } from './exempt.js'
import { runsEditedScript, runsPrintingScript } from './printing-script.js'
import { overwritesOf, shadowsOf } from './shadowing.js'
import { REWRITES } from './run-proof.js'
import { dependencyScope, outsideEdits } from './run-scope.js'
import { unknownRun } from './unknown-run.js'
import { showsOnly, simpleCommands } from './verification.js'
import type { Step } from './steps.js'

type Command = Extract<Step, { kind: 'command' }>
// unchecked: no run of the claim's kind the vocabulary knows, but a command it does not know passed after the last edit and
// may be that check: the Stop hook fails open, and the record names the command to add to evidence.checks.
export type ClaimOutcome = 'supported' | 'unsupported' | 'exempt' | 'unchecked'

/** The contract's record shape: the claim span, its type, and what it was checked against. */
export interface CheckedClaim { type: Claim['type'], text: string, outcome: ClaimOutcome, evidence: string, /** the run it rests on */ command?: string }

// "all 48 tests pass", "142/142", "48 passing": the number of passing tests a claim names ("1204 examples, 0 failures" names none).
const COUNT = /\ball\s+([0-9]{1,6})\s+(?:[a-z]+\s+)?(?:tests?|specs?|examples?|cases)\b|\b([0-9]{1,6})\s*\/\s*\2\b|\b([0-9]{1,6})\s+(?:[a-z]+\s+)?(?:(?:tests?|specs?|examples?|cases)\s+)?(?:pass(?:es|ed|ing)?|green)\b/i
const claimedCount = (text: string): number | undefined => {
  const m = COUNT.exec(text)
  return m ? Number(m[1] ?? m[2] ?? m[3]) : undefined
}
// A claim that names the file a narrow run selected ("invoice_spec.rb: 22 examples, 0 failures") claims that file only.
// So does a claim naming the test a run selected by name (`-Dtest=ExpressionParserTest`, `-run TestEvict`, `-k test_dump`).
// "… all ok on a filtered run": a claim that says its run was a selection claims only that selection.
const SAYS_SELECTION = /\b(?:filtered|selected|targeted|focused|narrowed)\s+(?:test\s+)?runs?\b|\bon\s+(?:a|the)\s+(?:filter|subset|selection)\b/i
const namesSelection = (claim: string, command: string) => SAYS_SELECTION.test(claim) || command.split(/[\s=]+/).some(w => {
  const name = w.split('::')[0]!.split('/').filter(Boolean).at(-1) ?? ''
  return name.length > 3 && claim.includes(name) && (/\.\w+$/.test(name) || /^(?:Test|test_)\w+|\w+Tests?$|\w+Spec$/.test(name))
})
// A word of a passing run's command that the failed run lacks and the claim says: the target it was run for.
const namesScope = (claim: string, passed: string, failed: string) => passed.split(/[\s.#:/=,'"]+/).some(w =>
  w.length > 3 && /[\d_-]/.test(w) && !failed.includes(w) && new RegExp(`(?:^|[\\s(\`])${esc(w)}(?![\\w-])`, 'i').test(claim))
const UNIT = /\bunit\s+(?:tests?|specs?|suite)\b/i
const WIDER_LEVEL = /integration|e2e|end-to-end|acceptance|functional|\bIT\b|:it:|verify/i
// Wider than any one selection, even beside its name: "TestEvict passes, and the whole module is green".
const WIDER = /\b(?:whole|entire|full|complete)\b|\bsuite\b|\ball\s+(?:the\s+)?(?:tests|specs|suites|packages|modules|crates)\b/i
const EVERYTHING = /\b(all|every|whole|entire|full|complete|alle|tous|toutes|todos|todas|tutti)\b|\bsuite\b|全|すべて|全部|(?:^|\s)вс[еёя]/i
/** Whether the text names the word as one of its own words: after a start, a space, a backtick or a bracket, before `end`. */
const namesWord = (text: string, word: string, end: string, flags = '') => new RegExp(`(?:^|[\\s\`(])${esc(word)}(?=${end}|$)`, flags).test(text)

// A release (production) build claimed, a debug build run: `./gradlew assembleDebug`, `cargo build` without --release is
// left alone (its profile is not named), `-c debug`, `--configuration Debug`.
const RELEASE = /\b(?:release|production|prod)\s+(?:build|bundle|binary|apk|aab|ipa|artifact)s?\b|\bbuild\s+(?:de\s+)?(?:release|production|prod)\b/i
const BUILD_OK = /^\[?(?:INFO\]\s*)?BUILD SUCCESS(?:FUL)?\b/m
const QUOTES_BUILD_OK = /\bbuild\s+success(?:ful)?\b/i
// `mix compile` without MIX_ENV=prod compiles the dev environment: no release.
const DEBUG_BUILD = /(?<!MIX_ENV=prod\s+)\bmix\s+compile\b|\b(?:assemble|bundle|build|compile)Debug\b|CMAKE_BUILD_TYPE=Debug\b|\s--debug\b|\s(?:-c|--configuration|--config|-configuration)[=\s]+debug\b|\s--preset[=\s]+[\w-]*debug\b/i

// "The tox matrix passes", "all Python versions": more than the one environment `tox -e py311` ran.
const MATRIX_CLAIM = /\bmatri(?:x|ces)\b|\b(?:all|every|each)\s+(?:(?:python|node|ruby|jdk|java|go|php)\s+)?(?:versions|envs|environments|interpreters|toolchains)\b/i
const ONE_ENV = /\btox\b[^;&|]*\s-e\s*[\w.-]+(?!\s*,)(?:\s|$)|\bnox\b[^;&|]*\s(?:-p|--python)[=\s][\d.]+(?:\s|$)/

// Claims about the project's own checks: a dependency's copy passing its tests is not them.
const OWN_CHECKS: ReadonlySet<Claim['type']> = new Set(['tests', 'build', 'lint', 'types', 'ready'])
// Claims a check the vocabulary may not know can back: a command it does not know may be that check.
const MAY_BE_UNKNOWN: ReadonlySet<Claim['type']> = new Set(['tests', 'build', 'lint', 'types'])
// A changelog line or a README written after a run changes nothing the run checked; a failed edit changed nothing at all.
const lastCodeEdit = (steps: Step[]) => steps.findLastIndex(s => s.kind === 'edit' && s.status !== 'error' && !s.paths.every(isProsePath))

/** Why the turn's runs cannot back a claim of these kinds, or the run that does; `run`: the one to run again, if any. */
// contradicts: the run itself says it did not pass (failed, no result, proves nothing, ran a redefined command), as opposed
// to a run that is missing, stale or of another scope.
type Backing = { ok: true, run: Command } | { ok: false, why: string, run?: Command, contradicts?: true, failed?: true, unknown?: Command }
function backing (claim: Claim, steps: Step[], kinds: readonly CheckKind[]): Backing {
  const lastEdit = lastCodeEdit(steps)
  // Gradle and Maven end every run, a test task's too, with BUILD SUCCESS(FUL): that line backs a claim that quotes it
  // ("jvmTest: BUILD SUCCESSFUL"), not "the AAR assembles" nor a release build.
  // Printed by the build itself: `cat build/reports/last-build.txt` shows an old run's line.
  const builtBy = (c: Command) => claim.type === 'build' && QUOTES_BUILD_OK.test(claim.text) && !RELEASE.test(claim.text) && c.tail !== undefined &&
    BUILD_OK.test(c.tail) && simpleCommands(c.command).some(p => !showsOnly(p.text))
  // A release tool (`goreleaser release`) backs a release, not "Tag v0.9.0 is pushed" beside it.
  const releaseTool = (c: Command) => claim.type === 'committed' && !/\breleas/i.test(claim.clause ?? claim.text) && /^\s*(?:goreleaser|cargo\s+release|(?:bundle\s+exec\s+)?rake\s+release)\b/.test(c.command)
  const all = steps.map((s, i) => [s, i] as const).filter((x): x is readonly [Command, number] => x[0].kind === 'command' && ((x[0].checks ?? []).some(k => kinds.includes(k)) || builtBy(x[0])) && !releaseTool(x[0]))
  // "Committed locally as 3b7e9d1" is backed by the commit, whatever a later push did; a push or merge claim by its own run.
  const commitOnly = claim.type === 'committed' && !SHARED_GIT.test(claim.text)
  const commits = commitOnly ? all.filter(([r]) => /\bgit\s+(?:-\S+\s+)*commit\b/.test(r.command)) : []
  const runs = commits.length > 0 ? commits : all
  const after = runs.filter(([, i]) => i > lastEdit)
  const what = kinds.join(' / ')
  const maybe = all.length === 0 && MAY_BE_UNKNOWN.has(claim.type) ? unknownRun(steps, lastEdit, kinds[0]!) : undefined
  if (maybe) return { ok: false, unknown: maybe, why: `no ${what} command hookjudge knows ran; ${quote(maybe.command)} passed after the last edit and may be one (evidence.checks.${kinds[0]} can name it)` }
  if (after.length === 0) return { ok: false, why: runs.length > 0 ? `files were edited after the last ${what} run (${quote(runs.at(-1)![0].command)})` : `no ${what} command ran in this turn`, ...(runs.length > 0 ? { run: runs.at(-1)![0] } : {}) }
  const [last, lastAt] = after.at(-1)!
  // "Builds on x86_64-linux" after `nix build .#…x86_64-linux…` passed and the aarch64 one failed claims the one it names.
  // "Unit tests: both new cases pass" while only the integration suite failed claims the unit run.
  const unitOnly = (r: Command) => UNIT.test(claim.clause ?? claim.text) && WIDER_LEVEL.test(last.command) && !WIDER_LEVEL.test(r.command)
  const [run, at] = last.status === 'failed' ? after.findLast(([r]) => r.status === 'passed' && (namesScope(claim.clause ?? claim.text, r.command, last.command) || unitOnly(r))) ?? [last, lastAt] : [last, lastAt]
  if (run.status === 'failed') return { ok: false, contradicts: true, failed: true, why: `the last ${quote(run.command)} failed${run.exitCode !== undefined && run.exitCode !== 0 ? ` (exit ${run.exitCode})` : ' (its output reports failures)'}`, run }
  if (run.status !== 'passed') return { ok: false, contradicts: true, why: `the last ${quote(run.command)} has no result (still running, in the background, interrupted or timed out)`, run }
  if (run.unproven) return { ok: false, contradicts: true, why: `the last ${quote(run.command)} proves nothing: ${run.unproven}` }
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
  const word = words.find(w => { const redefines = shadowsOf(w); return [...steps.slice(0, at), run].some(s => redefines(s, written)) })
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
  if (run.narrow && (claim.type === 'ready' || (claim.type === 'tests' && EVERYTHING.test(clause))) && (!namesSelection(clause, run.command) || WIDER.test(clause))) {
    const wider = runs.find(([r, i]) => i < at && !r.narrow && r.status === 'failed')
    if (wider) return { ok: false, why: `only a narrower run (${quote(run.command)}) passed after the full run ${quote(wider[0].command)} failed`, run: wider[0] }
  }
  if (run.narrow && (claim.type === 'types' || claim.type === 'lint') && !namesSelection(clause, run.command)) {
    const wider = runs.find(([r, i]) => i < at && !r.narrow && r.status === 'failed')
    if (wider) return { ok: false, why: `only a run on named files (${quote(run.command)}) passed after ${quote(wider[0].command)} failed`, run: wider[0] }
  }
  // "tox is green" names tox: a passing pytest of one file is not it while tox's own last run failed.
  const named = runnerNamed(claim.text, run) === undefined && runs.findLast(([r]) => r !== run && r.status === 'failed' && runnerNamed(claim.text, r) !== undefined)
  if (named) return { ok: false, why: `the claim names \`${runnerNamed(claim.text, named[0])}\`, whose last run failed; ${quote(run.command)} is another run`, run: named[0] }
  return { ok: true, run }
}

// Words that start a command without saying which check it is.
const WRAPPERS = new Set(['python', 'python3', 'py', 'sh', 'bash', 'node', 'npx', 'bunx', 'uv', 'uvx', 'poetry', 'pipenv', 'env', 'sudo', 'time', 'cd', 'exec'])
/** The program of one of the run's commands that the claim names (`tox`, `ruff`), if any. */
function runnerNamed (text: string, c: Command): string | undefined {
  return simpleCommands(c.command).map(p => firstWord(p.text)).find(w => w.length > 2 && !WRAPPERS.has(w) && namesWord(text, w, '[\\s`):,.、]', 'i'))
}

const NAMED_BACKS = new Set(['works', 'tests', 'build', 'lint', 'types'])
const SAYS_NOTHING = new Set(['echo', 'printf', 'true', 'sleep', 'cat', 'ls', 'pwd'])

/** "Confirmed with `helm diff` that…": an observing command the claim names, passed after the last edit, is what it saw. */
function namedRun (claim: Claim, steps: Step[]): Command | undefined {
  return steps.slice(lastCodeEdit(steps) + 1).findLast((s): s is Command => {
    // Only a command that checks nothing of its own: `crystal build` named for "it compiles" shows no endpoint answering.
    if (s.kind !== 'command' || s.status !== 'passed' || (s.checks ?? []).length > 0) return false
    const last = simpleCommands(s.command).at(-1)?.text ?? ''
    if (REWRITES.test(last)) return false
    const words = last.split(/\s+/)
    const name = /^[a-z][\w.-]{2,}$/.test(words[0] ?? '') && !SAYS_NOTHING.has(words[0]!) ? words.slice(0, /^-/.test(words[1] ?? '-') ? 1 : 2).join(' ') : ''
    // A name the turn redefined (`snakemake() { echo …; }; snakemake`) shows only what the turn made it print.
    if (name === '' || !namesWord(claim.text, name, '[\\s`)]')) return false
    const redefines = shadowsOf(words[0]!)
    return !steps.slice(0, steps.indexOf(s) + 1).some(p => redefines(p, []))
  })
}

/** Other checks that failed after the last edit: "ready" claims they all pass. */
function failedChecks (steps: Step[]): Command | undefined {
  const latest = new Map<CheckKind, Command>()
  steps.slice(lastCodeEdit(steps) + 1).forEach(s => { if (s.kind === 'command') for (const k of s.checks ?? []) latest.set(k, s) })
  return [...latest.values()].find(s => s.status === 'failed')
}

/**
 * The turn's tests, run after its last change to the code, failed, and none passed since: a script the turn ran after
 * them (one it may have written itself, `./verify.sh` → "OK") does not outweigh them.
 */
function failedTestsBefore (steps: Step[], run: Command): Command | undefined {
  const script = (p: string) => run.command.includes(p.split('/').at(-1)!)
  const lastCode = steps.findLastIndex(s => s.kind === 'edit' && s.status !== 'error' && !s.paths.some(script))
  const tests = steps.slice(lastCode + 1).filter((s): s is Command => s.kind === 'command' && (s.checks ?? []).includes('tests'))
  return tests.at(-1)?.status === 'failed' ? tests.at(-1) : undefined
}

// The record names a claim by its type and sentence; the clause is the checker's own reading.
const own = (claim: Claim) => ({ type: claim.type, text: claim.text })

/**
 * noTests: the turn's verification_exempt fact (only notes or config changed, or its project has no test command and
 * no check ran): it excuses a bare "done". "fixed" and "works" owe a run that exercises the change unless only notes
 * changed; a claim that names a check is never excused.
 */
export function checkClaims (claims: Claim[], steps: Step[], noTests = false): CheckedClaim[] {
  const broken = failedEdits(steps)
  return claims.map((claim): CheckedClaim => {
    const generic = !NAMES_A_CHECK.has(claim.type)
    if (generic && broken.length > 0) return { ...own(claim), outcome: 'unsupported', evidence: `the edit of ${broken[0]} failed and was not made again` }
    const testsOnly = onlyTestsEdited(claim, steps)
    if (testsOnly) return { ...own(claim), outcome: 'unsupported', evidence: `the turn edited only tests (${testsOnly}); a fix changes the code it claims to fix` }
    const backed = backing(claim, steps, backersOf(claim, steps))
    // A check the patterns do not know, named by the claim ("helm lint 0 failed", "kubeconform: clean") and passing after
    // the last edit, is the run the claim reports; a fix or a deploy still owes its own kind of run.
    const named = !backed.ok && NAMED_BACKS.has(claim.type) ? namedRun(claim, steps) : undefined
    const b = named ? { ok: true as const, run: named } : backed
    // A fix of a linter's or a type checker's findings is shown by that check; the tests are another claim's.
    const ofFindings = b.ok && !(b.run.checks ?? []).some(k => k === 'tests' || k === 'run')
    const broke = b.ok && (claim.type === 'ready' ? failedChecks(steps) : generic && !ofFindings ? failedTestsBefore(steps, b.run) : undefined)
    if (broke) return { ...own(claim), outcome: 'unsupported', evidence: `the last ${quote(broke.command)} failed`, command: broke.command }
    const unran = b.ok ? toolNeverRan(claim, steps, b.run.command) : undefined
    if (b.ok && unran) return { ...own(claim), outcome: 'unsupported', evidence: `the claim names ${unran}, which nothing in this turn ran (the run behind it: ${quote(b.run.command)})` }
    if (b.ok) return { ...own(claim), outcome: 'supported', evidence: `${quote(b.run.command)} passed after the last edit`, command: b.run.command }
    // Config is code to a "fixed" or "works" (an nginx upstream, a CI workflow, a k8s manifest): only prose excuses those.
    if (generic && (claim.type === 'done' ? changedOnlyNotes(steps) || noTests : changedOnlyProse(steps))) return { ...own(claim), outcome: 'exempt', evidence: 'the turn changed only notes or docs (or nothing), or a project with no tests is "done"' }
    if (!b.ok && b.unknown) return { ...own(claim), outcome: 'unchecked', evidence: b.why, command: b.unknown.command }
    return { ...own(claim), outcome: 'unsupported', evidence: b.why, ...(b.run ? { command: b.run.command } : {}) }
  })
}

/** The turn's last run of a check kind, after its last change, when that run itself says it did not pass, and why (failed: it ran and failed). */
export function contradictedRun (type: Claim['type'], steps: Step[]): { why: string, command?: string, failed: boolean } | undefined {
  const b = backing({ type, text: '' }, steps, BACKED_BY[type])
  return !b.ok && b.contradicts === true ? { why: b.why, failed: b.failed === true, ...(b.run ? { command: b.run.command } : {}) } : undefined
}
