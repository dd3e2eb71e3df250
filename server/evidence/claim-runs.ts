/** Which runs a claim rests on: the check kinds a fix of findings names, a check run under a configuration the turn wrote, a named tool that never ran; pure. */
import { BACKED_BY, type CheckKind } from './checks.js'
import type { Claim } from './claims.js'
import { toolsNamed } from './claim-subject.js'
import type { Step } from './steps.js'
import { simpleCommands } from './verification.js'

/** A command as the evidence names it: in backticks, its whitespace folded, at most 120 characters. */
export const quote = (command: string) => `\`${command.replace(/\s+/g, ' ').trim().slice(0, 120)}\``
export const esc = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The program a simple command runs, past any leading variable assignments. */
export const firstWord = (command: string) => /^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*([\w.-]+)/.exec(command.trim())?.[1]?.replace(/[^\w.-]/g, '') ?? ''

// "7 lint findings fixed", "the type errors are resolved": a fix of a check's own findings is shown by that check.
const CHECK_FINDINGS: ReadonlyArray<readonly [CheckKind, RegExp]> = [
  ['lint', /\b(?:lint(?:er|ing)?|findings|warnings|violations|offen[cs]es|style\s+(?:issues|errors)|formatting)\b/i],
  ['types', /\btype\s+(?:errors?|mismatch(?:es)?|issues)\b|型エラー|类型错误|타입\s*(?:오류|에러)/i],
  ['build', /\b(?:build|compil(?:e|ation|er))\s+(?:errors?|failures?|breaks?)\b/i]
]
const FINDINGS = '(?:errors?|warnings?|issues|findings|complaints|diagnostics|violations)'
const FINDINGS_OF = new Map<string, RegExp>()
const findingsOf = (tool: string) => FINDINGS_OF.get(tool) ?? FINDINGS_OF.set(tool, new RegExp(`(?<![\\w-])${esc(tool)}(?:['’]s)?\\s+(?:[\\w-]+\\s+)?${FINDINGS}\\b|\\b${FINDINGS}\\s+(?:from|by|of)\\s+${esc(tool)}(?![\\w-])`, 'i')).get(tool)!
export const backersOf = (claim: Claim, steps: readonly Step[]): readonly CheckKind[] => {
  if (claim.type !== 'fixed') return BACKED_BY[claim.type]
  const clause = claim.clause ?? claim.text
  // "The four Biome errors …, all fixed": findings of a checker the clause names by name.
  const named = (['lint', 'types'] as const).filter(k => toolsNamed(clause, k).some(t => findingsOf(t).test(clause)))
  const findings = [...CHECK_FINDINGS.filter(([, re]) => re.test(clause)).map(([k]) => k), ...named]
  // Findings fixed in the claim's own clause are that check's to show; a failing test run is another claim's.
  if (findings.length > 0 && claim.clause !== undefined) return findings
  // A check that failed before the turn's last change, where no test failed, is what it set out to fix: `mypy` failing,
  // edits, then `mypy` clean.
  const last = steps.findLastIndex(s => s.kind === 'edit' && s.status !== 'error')
  const failed = steps.slice(0, Math.max(last, 0)).filter(s => s.kind === 'command' && s.status === 'failed').flatMap(s => s.kind === 'command' ? s.checks ?? [] : [])
  const found = failed.includes('tests') ? [] : failed.filter(k => k === 'lint' || k === 'types' || k === 'build')
  return [...new Set([...BACKED_BY.fixed, ...findings, ...found])]
}

// `tsc -p tsconfig.strict-check.json` after `tsc` failed: a configuration the turn wrote for the run checks what it chose.
const CONFIG_ARG = /(?:^|\s)(?:-p|--project|-c|--config|--rcfile|--settings)[=\s]+(\S+)/
export function ownConfig (command: string, before: Step[]): string | undefined {
  const file = CONFIG_ARG.exec(command)?.[1]?.replace(/^\.\//, '')
  const word = firstWord(simpleCommands(command).at(-1)?.text ?? '')
  if (!file || !word) return undefined
  const wrote = before.some(s => s.kind === 'edit' && s.status !== 'error' && s.paths.some(p => p === file || p.endsWith(`/${file}`)))
  const failed = before.some(s => s.kind === 'command' && s.status === 'failed' && !CONFIG_ARG.test(s.command) && firstWord(simpleCommands(s.command).at(-1)?.text ?? '') === word)
  return wrote && failed ? file : undefined
}

/**
 * "scalafmt and scalafix are both clean" after only `sbt scalafmtCheckAll`: a lint or type claim naming two of the
 * turn's tools where it ran one by name. A claim naming only tools no command names (`make lint` ran them) is left be.
 */
export function toolNeverRan (claim: Claim, steps: Step[], run?: string): string | undefined {
  if (claim.type === 'tests') return testRunNeverRan(claim, steps)
  if (claim.type !== 'lint' && claim.type !== 'types') return undefined
  const said = toolsNamed(claim.text, claim.type)
  // A package script names its tool where its runner echoes it ("lint$ eslint src"); cargo runs rustfmt as `cargo fmt`.
  const ran = (tool: string) => steps.some(s => s.kind === 'command' && [tool, ...ALIASES[tool] ?? []].some(t => [s.command, s.tail ?? '', ...s.ran ?? []].join('\n').toLowerCase().includes(t)))
  if (said.length >= 2) return said.some(ran) ? said.find(t => !ran(t)) : undefined
  // "The stubs pass mypy --strict" after only `cargo check`: a checker run by its own name is not the one the claim names.
  // A task runner, a script or a hook (`make check`, `npm run lint`, `git commit`) may run it without saying so.
  const last = simpleCommands(run ?? '').at(-1)?.text ?? ''
  const checker = toolsNamed(last, claim.type).length > 0 || COMPILERS.test(firstWord(last))
  return said.length === 1 && checker && !ran(said[0]!) ? said[0] : undefined
}
const ALIASES: Readonly<Record<string, readonly string[]>> = { erb_lint: ['erblint'], erblint: ['erb_lint'], 'cargo-deny': ['cargo deny'], rustfmt: ['cargo fmt'], gofmt: ['go fmt'], clippy: ['cargo clippy'], 'go vet': ['go vet'] }
// Compilers whose run checks types or lints on its own: what they ran is not another named tool.
const COMPILERS = /^(?:cargo|go|dotnet|swift|swiftc|deno|zig|gcc|g\+\+|clang|javac|kotlinc|scalac|ghc|cabal|stack|dune|rebar3|flutter|dart|nim|crystal)$/

// Test runs a tests claim names that no other run stands for ("and the doctests pass", "unit + e2e green", "nix flake
// check is green too"), and the words a run that did them shows in its command or output.
const TEST_RUNS: ReadonlyArray<readonly [string, RegExp, readonly string[]]> = [
  // cargo test and mix test run the doctests with the rest.
  ['the doctests', /\bdoc-?tests?\b|\bdocspec\b/i, ['doctest', 'docspec', '--doc', 'doc-tests', 'doc tests', 'cargo test', 'mix test']],
  ['nix flake check', /\bnix\s+flake\s+check\b/i, ['nix flake check']],
  // Not "end to end": a run that went through "end to end" is a whole one.
  ['the end-to-end tests', /\be2e\b|\bplaywright\b|\bcypress\b|\bdetox\b/i, ['e2e', 'playwright', 'cypress', 'detox', 'wdio', 'nightwatch', 'testcafe', 'maestro', 'end-to-end', 'integration_test']]
]
const SET_ASIDE_BEFORE = /\b(?:no|not|without|skip\w*|didn['’]t|haven['’]t|except|excluding|besides|other\s+than)\b[^.;,]{0,30}$/i
function testRunNeverRan (claim: Claim, steps: Step[]): string | undefined {
  const clause = claim.clause ?? claim.text
  const shown = steps.map(s => s.kind === 'command' ? [s.command, s.tail ?? '', ...s.ran ?? []].join('\n').toLowerCase() : '').join('\n')
  for (const [name, said, words] of TEST_RUNS) {
    const m = said.exec(clause)
    if (m && !SET_ASIDE_BEFORE.test(clause.slice(0, m.index)) && !words.some(w => shown.includes(w))) return name
  }
  return undefined
}
