/** What a claim says of the run that backs it: a count, a selection, a scope, a release, a matrix, a runner by name; pure. */
import { esc, firstWord } from './claim-runs.js'
import { simpleCommands } from './verification.js'
import type { Step } from './steps.js'

type Command = Extract<Step, { kind: 'command' }>

// "all 48 tests pass", "142/142", "48 passing": the number of passing tests a claim names ("1204 examples, 0 failures" names none).
const COUNT = /\ball\s+([0-9]{1,6})\s+(?:[a-z]+\s+)?(?:tests?|specs?|examples?|cases)\b|\b([0-9]{1,6})\s*\/\s*\2\b|\b([0-9]{1,6})\s+(?:[a-z]+\s+)?(?:(?:tests?|specs?|examples?|cases)\s+)?(?:pass(?:es|ed|ing)?|green)\b/i
export const claimedCount = (text: string): number | undefined => {
  const m = COUNT.exec(text)
  return m ? Number(m[1] ?? m[2] ?? m[3]) : undefined
}
// A claim that names the file a narrow run selected ("invoice_spec.rb: 22 examples, 0 failures") claims that file only.
// So does a claim naming the test a run selected by name (`-Dtest=ExpressionParserTest`, `-run TestEvict`, `-k test_dump`).
// "… all ok on a filtered run": a claim that says its run was a selection claims only that selection.
const SAYS_SELECTION = /\b(?:filtered|selected|targeted|focused|narrowed)\s+(?:test\s+)?runs?\b|\bon\s+(?:a|the)\s+(?:filter|subset|selection)\b/i
export const namesSelection = (claim: string, command: string) => SAYS_SELECTION.test(claim) || command.split(/[\s=]+/).some(w => {
  const name = w.split('::')[0]!.split('/').filter(Boolean).at(-1) ?? ''
  if (name.length > 3 && claim.includes(name) && (/\.\w+$/.test(name) || /^(?:Test|test_)\w+|\w+Tests?$|\w+Spec$/.test(name))) return true
  // "The nine new transliterator examples all pass" after `rspec spec/slugline/transliterator_spec.rb`: the file's subject.
  const stem = /^(?:test_)?([A-Za-z][\w-]{3,}?)(?:[._-](?:spec|test)s?)?\.\w+$/.exec(name)?.[1]
  return stem !== undefined && new RegExp(`(?:^|[\\s\`(])${esc(stem)}(?:['’]s)?\\s+(?:\\w+\\s+)?(?:tests?|specs?|examples|cases)\\b`, 'i').test(claim)
})
// A word of a passing run's command that the failed run lacks and the claim says: the target it was run for.
// "Router tests: 18/18" after `flutter test test/router/` passed and the whole `flutter test` failed: a folder named as the tests'.
// "`serde/test` passes" after `sbt serde/test` passed and `sbt serde/it:test` failed: the task itself, quoted whole.
const taskNamed = (claim: string, passed: string, failed: string) => {
  const tokens = (c: string) => c.split(/[\s'"]+/).filter(w => /^[\w-]+[/:][\w:/-]+$/.test(w))
  const others = new Set(tokens(failed))
  return tokens(passed).some(w => w.length > 3 && !others.has(w) && claim.includes(w))
}
export const namesScope = (claim: string, passed: string, failed: string) => taskNamed(claim, passed, failed) || passed.split(/[\s.#:/=,'"]+/).some(w =>
  w.length > 3 && !failed.includes(w) && (/[\d_-]|[a-z][A-Z]/.test(w)
    ? new RegExp(`(?:^|[\\s(\`])${esc(w)}(?![\\w-])`, 'i')
    : new RegExp(`(?:^|[\\s(\`])${esc(w)}\\s+(?:unit\\s+)?(?:tests?|specs?|suite|plan)\\b`, 'i')).test(claim))
export const UNIT = /\bunit\s+(?:tests?|specs?|suite)\b/i
export const WIDER_LEVEL = /integration|e2e|end-to-end|acceptance|functional|\bIT\b|:it:|verify/i
// Wider than any one selection, even beside its name: "TestEvict passes, and the whole module is green".
export const WIDER = /\b(?:whole|entire|full|complete|workspace|monorepo)\b|\bsuite\b|\ball\s+(?:the\s+)?(?:tests|specs|suites|packages|modules|crates)\b|전체/i
export const EVERYTHING = /\b(all|every|everything|whole|entire|full|complete|workspace|monorepo|alle|gesamte|tous|toutes|todos|todas|tutti|tutte|alla|allt|hela|samtliga)\b|\bsuite\b|全|すべて|所有|整个|전체|모두|모든|(?:^|\s)вс[еёя]|toàn bộ|tất cả/i
/** Whether the text names the word as one of its own words: after a start, a space, a backtick or a bracket, before `end`. */
export const namesWord = (text: string, word: string, end: string, flags = '') => new RegExp(`(?:^|[\\s\`(])${esc(word)}(?=${end}|$)`, flags).test(text)

// A release (production) build claimed, a debug build run: `./gradlew assembleDebug`, `cargo build` without --release is
// left alone (its profile is not named), `-c debug`, `--configuration Debug`.
export const RELEASE = /\b(?:release|production|prod)\s+(?:build|bundle|binary|apk|aab|ipa|artifact)s?\b|\bbuild\s+(?:de\s+)?(?:release|production|prod)\b/i
export const BUILD_OK = /^\[?(?:INFO\]\s*)?BUILD SUCCESS(?:FUL)?\b/m
export const QUOTES_BUILD_OK = /\bbuild\s+success(?:ful)?\b/i
// `mix compile` without MIX_ENV=prod compiles the dev environment: no release.
export const DEBUG_BUILD = /(?<!MIX_ENV=prod\s+)\bmix\s+compile\b|\b(?:assemble|bundle|build|compile)Debug\b|CMAKE_BUILD_TYPE=Debug\b|\s--debug\b|\s(?:-c|--configuration|--config|-configuration)[=\s]+debug\b|\s--preset[=\s]+[\w-]*debug\b|\s(?:--build|-B)[=\s]+\S*debug\S*/i

// "The tox matrix passes", "all Python versions": more than the one environment `tox -e py311` ran.
export const MATRIX_CLAIM = /\bmatri(?:x|ces)\b|\b(?:all|every|each)\s+(?:(?:python|node|ruby|jdk|java|go|php)\s+)?(?:versions|envs|environments|interpreters|toolchains)\b/i
export const ONE_ENV = /\btox\b[^;&|]*\s-e\s*[\w.-]+(?!\s*,)(?:\s|$)|\bnox\b[^;&|]*\s(?:-p|--python)[=\s][\d.]+(?:\s|$)/

// Words that start a command without saying which check it is.
const WRAPPERS = new Set(['python', 'python3', 'py', 'sh', 'bash', 'node', 'npx', 'bunx', 'uv', 'uvx', 'poetry', 'pipenv', 'env', 'sudo', 'time', 'cd', 'exec'])
/** The program of one of the run's commands that the claim names (`tox`, `ruff`), if any. */
export function runnerNamed (text: string, c: Command): string | undefined {
  return simpleCommands(c.command).map(p => firstWord(p.text)).find(w => w.length > 2 && !WRAPPERS.has(w) && namesWord(text, w, '[\\s`):,.、]', 'i'))
}

// The test files a failed run's output names, some of which the narrower run did not select.
const TEST_PATH = /[\w./-]+\.(?:rb|py|[cm]?[jt]sx?|go|rs|exs?|php|java|kt|cs|swift)\b/g
export const failedElsewhere = (failed: Command, narrow: Command): boolean => [...(failed.tail ?? '').matchAll(TEST_PATH)].some(m => !narrow.command.includes(m[0].split('/').at(-1)!))
// "All three invoice failures are fixed" after `rspec spec/models/invoice_spec.rb`: the clause names what the run selected.
export const namesStem = (clause: string, narrow: Command): boolean => [...narrow.command.matchAll(TEST_PATH)]
  .map(m => m[0].split('/').at(-1)!.replace(/(?:[._-](?:spec|test)s?)?\.\w+$/, '').toLowerCase()).some(stem => stem.length >= 4 && new RegExp(`\\b${esc(stem)}\\b`, 'i').test(clause))
// "Both failing specs are fixed": a fix of the failures a wider run showed, which only that run again can show.
export const FAILURES_FIXED = /\b(?:failing|failed|broken|red)\s+(?:tests?|specs?|examples?|cases?)\b|\bfailures\b|\bboth\s+(?:tests?|specs?)\b/i
