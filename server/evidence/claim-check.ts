/** Each claim of a final message checked against what the turn ran: supported, unsupported (and why), or exempt; pure. */
import { backing, type Command, SAYS_NOTHING } from './claim-backing.js'
import { lastCodeEdit, lastEditFor } from './claim-last-edit.js'
import { BACKED_BY, type CheckKind, NAMES_A_CHECK } from './checks.js'
import { backersOf, quote, toolNeverRan } from './claim-runs.js'
import { failedEdits, onlyTestsEdited } from './claim-edits.js'
import { namesWord, runnerNamed } from './claim-scope.js'
import { toolsNamed } from './claim-subject.js'
import type { Claim } from './claims.js'
import { changedOnlyNotes, changedOnlyProse } from './exempt.js'
import { shadowsOf } from './shadowing.js'
import { REWRITES } from './run-proof.js'
import { simpleCommands } from './verification.js'
import type { Step } from './steps.js'

// unchecked: no run of the claim's kind the vocabulary knows, but a command it does not know passed after the last edit and
// may be that check: the Stop hook fails open, and the record names the command to add to evidence.checks.
export type ClaimOutcome = 'supported' | 'unsupported' | 'exempt' | 'unchecked'

/** The contract's record shape: the claim span, its type, and what it was checked against. */
export interface CheckedClaim { type: Claim['type'], text: string, outcome: ClaimOutcome, evidence: string, /** the run it rests on */ command?: string }

const NAMED_BACKS = new Set(['works', 'tests', 'build', 'lint', 'types'])

// "| make check (Go tests, golangci-lint, tsc, ESLint, Vitest) | ✅ every stage passed |": a project's aggregate target,
// quoted with the checks it runs, reports each of them.
const AGGREGATE = /^(?:make|just|task|mise\s+run|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?)\s*(?:check|ci|verify|validate|all|precommit|pre-commit|qa)\b/
function aggregateRun (claim: Claim, steps: Step[]): Command | undefined {
  const clause = (claim.clause ?? claim.text).replace(/`/g, '')
  const names = claim.type === 'lint' || claim.type === 'types' ? toolsNamed(clause, claim.type).length > 0 : claim.type === 'build' ? /\bbuild\b/i.test(clause) : false
  if (!names) return undefined
  return steps.slice(lastEditFor(claim, steps) + 1).findLast((s): s is Command =>
    s.kind === 'command' && s.status === 'passed' && s.unproven === undefined && AGGREGATE.test(s.command.trim()) && clause.includes(s.command.trim()))
}

/** "Confirmed with `helm diff` that…": an observing command the claim names, passed after the last edit, is what it saw. */
function namedRun (claim: Claim, steps: Step[]): Command | undefined {
  return steps.slice(lastEditFor(claim, steps) + 1).findLast((s): s is Command => {
    // Only a command that checks nothing of its own: `crystal build` named for "it compiles" shows no endpoint answering.
    if (s.kind !== 'command' || s.status !== 'passed' || (s.checks ?? []).length > 0) return false
    const last = simpleCommands(s.command).at(-1)?.text ?? ''
    if (REWRITES.test(last)) return false
    // `bin/brakeman` is named as brakeman.
    const words = last.split(/\s+/).map((w, i) => i === 0 ? w.replace(/^(?:\.?\.?\/)?(?:[\w.-]+\/)*/, '') : w)
    const name = /^[a-z][\w.-]{2,}$/.test(words[0] ?? '') && !SAYS_NOTHING.has(words[0]!) ? words.slice(0, /^-/.test(words[1] ?? '-') ? 1 : 2).join(' ') : ''
    // A name the turn redefined (`snakemake() { echo …; }; snakemake`) shows only what the turn made it print.
    if (name === '' || !namesWord(claim.text, name, '[\\s`)]')) return false
    const redefines = shadowsOf(words[0]!)
    return !steps.slice(0, steps.indexOf(s) + 1).some(p => redefines(p, []))
  })
}

/** The tool a run names (`cargo clippy`, `cargo fmt`, `pytest`): two checks of one kind are two checks. */
function toolOf (text: string): string {
  const words = text.replace(/^(?:[A-Za-z_]\w*=\S*\s+)*/, '').split(/\s+/)
  return /^[a-z][\w:-]*$/i.test(words[1] ?? '') ? `${words[0]} ${words[1]}` : words[0] ?? ''
}
const tool = (command: string): string => toolOf(simpleCommands(command).at(-1)?.text ?? '')

/** The tools a run stands for: its last program's; every program of an `&&` chain that passed (each of them passed). */
function toolsOf (s: Command): string[] {
  const parts = simpleCommands(s.command)
  return s.status === 'passed' && parts.every(p => p.next === '' || p.next === '&&') ? parts.map(p => toolOf(p.text)) : [tool(s.command)]
}

/** Other checks that failed after the last edit: "ready" claims they all pass; a later run of another tool of the same kind (`cargo fmt --check` after `cargo clippy` failed) does not clear one. */
function failedChecks (steps: Step[], only?: CheckKind): Command | undefined {
  const latest = new Map<string, Command>()
  steps.slice(lastCodeEdit(steps) + 1).forEach(s => { if (s.kind === 'command') for (const k of s.checks ?? []) if (!only || k === only) for (const t of toolsOf(s)) latest.set(`${k} ${t}`, s) })
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
    const named = !backed.ok && NAMED_BACKS.has(claim.type) ? namedRun(claim, steps) ?? aggregateRun(claim, steps) : undefined
    const b = named ? { ok: true as const, run: named } : backed
    // A fix of a linter's or a type checker's findings is shown by that check; the tests are another claim's.
    const ofFindings = b.ok && !(b.run.checks ?? []).some(k => k === 'tests' || k === 'run')
    // "Lint is clean" speaks for every linter the turn ran, unless it names the one that passed ("golangci-lint: nothing").
    const everyLinter = (claim.type === 'lint' || claim.type === 'types') && b.ok && runnerNamed(claim.text, b.run) === undefined
    const broke = b.ok && (claim.type === 'ready' ? failedChecks(steps) : everyLinter ? failedChecks(steps, claim.type === 'lint' ? 'lint' : 'types') : generic && !ofFindings ? failedTestsBefore(steps, b.run) : undefined)
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
