/** What a shell command checks, by kind, from the configured RE2 patterns (evidence.checks); which kinds back which claim. */
import { compilePatterns, type PatternSet } from '../judge/patterns.js'
import type { ClaimType } from './claim-patterns.js'
import type { SimpleCommand } from './verification.js'

export const CHECK_KINDS = ['tests', 'build', 'lint', 'types', 'run', 'deploy', 'git'] as const
export type CheckKind = typeof CHECK_KINDS[number]
export type CheckPatterns = Partial<Record<CheckKind, string[]>>

/**
 * The runs that can back each claim: a check of another kind never does (a lint run is no "tests pass", a unit-test run
 * no "deployed"). fixed / works / done need a run that exercises the change: its tests, a script or the program itself.
 */
export const BACKED_BY: Record<ClaimType, readonly CheckKind[]> = {
  tests: ['tests'],
  build: ['build'],
  lint: ['lint'],
  types: ['types'],
  fixed: ['tests', 'run'],
  works: ['tests', 'run'],
  done: ['tests', 'run', 'build'],
  deployed: ['deploy'],
  committed: ['git'],
  ready: ['tests']
}

/** Claims that name a check: never exempt, whatever the turn edited or the project has. */
export const NAMES_A_CHECK: ReadonlySet<ClaimType> = new Set(['tests', 'build', 'lint', 'types', 'deployed', 'committed', 'ready'])

/** The kinds a command line checks, and the index of the first simple command that is one. */
export type KindsOf = (parts: SimpleCommand[]) => { kinds: CheckKind[], first: number, /** each part's own kinds */ byPart: CheckKind[][] }

// `tox -e lint,type` runs only environments named for other checks: the tests patterns' `tox` ran no test then.
const TOX_ENVS = /\btox\b[^;&|]*\s-e[=\s]*([\w.,-]+)/
const OTHER_ENV = /^(?:lint|linters|style|flake8|ruff|pylint|pre-commit|format|fmt|type|types|typing|typecheck|mypy|pyright|docs?|build|pkg|package|security|bandit|safety|audit)$/
// `tsc --noEmit`, `vue-tsc --noEmit` check types and write nothing: no build.
const NO_EMIT = /^(?:\S+\s+)*?(?:tsc|vue-tsc)\b[^;&|]*\s--noEmit\b/
const noTestEnv = (text: string): boolean => {
  const envs = TOX_ENVS.exec(text)?.[1]
  return envs !== undefined && envs.split(',').every(e => OTHER_ENV.test(e))
}

/** Anchored at a simple command's start, as verificationCommands are: `echo npm test` checks nothing. */
export function compileChecks (patterns: CheckPatterns): KindsOf {
  const sets: Array<[CheckKind, PatternSet]> = CHECK_KINDS.filter(k => (patterns[k] ?? []).length > 0)
    .map(k => [k, compilePatterns(patterns[k]!.map(p => `^(?:${p})`), true)])
  // One run of every kind's patterns at once says whether a simple command is any check at all: most (grep, cat, sed)
  // are none, and asking each kind's set would cost a run apiece (a long turn holds thousands of commands).
  const any = compilePatterns(sets.flatMap(([, set]) => set.sources), true)
  return (parts) => {
    const byPart = parts.map(p => any.test(p.text) ? sets.filter(([k, set]) => set.test(p.text) && !(k === 'tests' && noTestEnv(p.text)) && !(k === 'build' && NO_EMIT.test(p.text))).map(([k]) => k) : [])
    const hits = sets.map(([k]) => [k, byPart.findIndex(ks => ks.includes(k))] as const).filter(([, i]) => i >= 0)
    return { kinds: hits.map(([k]) => k), first: hits.length > 0 ? Math.min(...hits.map(([, i]) => i)) : -1, byPart }
  }
}
