/** What a check that exited 0 proves: failures in its output, a hidden status, no tests run, a watch or background run; pure. */
import type { PatternSet } from '../judge/patterns.js'
import type { CheckKind } from './checks.js'
import { NONE_FAILED } from './outcome-words.js'

export interface RunProof {
  /** Its output reports failures, whatever its exit status said. */
  failed?: boolean
  /** It proves nothing, and why. */
  unproven?: string
  /** A test run of one file or a selection, not the whole suite. */
  narrow?: boolean
  /** How many tests its output says passed, where a runner's summary line tells. */
  passed?: number
}

const OUTPUT_WINDOW = 16 * 1024
// A clean pass printed by the common runners: what a run whose status was hidden must show to count.
const CLEAN_PASS = /\b[1-9][0-9]* (passed|passing|tests? passed|(?:examples?|tests?|properties), 0 failures|successes \/ 0 failures)\b|^All tests successful\.|^Result: PASS\b|\b0 failures, 0 errors\.|\[ FAIL 0 \| WARN [0-9]+ \| SKIP [0-9]+ \| PASS [1-9]|\bPassed!\s+-\s+Failed:\s+0\b|\b100% tests passed\b|^ok\s|\bAll (checks|tests) passed\b|\bTests?:\s+[1-9][0-9]* passed\b|^test result: ok\b|\bBUILD SUCCE(SS(FUL)?|EDED)\b|\bBuild Succeeded\b|^\s*✓ built in [0-9.]+\s?m?s\b|\bcompiled successfully\b|^\s*Finished [`']?\w+[`']? profile\b|\bFound 0 errors\b|\b0 (errors|problems|violations)\b|\[OK\] No errors\b|^Test Successful in [0-9.]+s\. [1-9][0-9]* tests? run\.|^DONE [1-9][0-9]* tests? in [0-9.]+m?s\b|\bTasks:\s+(?<tasks>[1-9][0-9]*) successful, \k<tasks> total\b|^Passed: 0 failure\(s\)|\b[1-9][0-9]* (?:tests?|specs?|examples?|cases|checks|tasks|scenarios)?,?\s*(?:passed|succeeded|successful|ok),?\s+0 (?:failed|failures?|errors?)\b|\bPassed:\s*[1-9][0-9]*,\s*Failed:\s*0\b|\b(?<all>[1-9][0-9]*) of \k<all> (?:executed )?(?:test cases?|tests?|specs?|checks?) passed\b|^\s*[1-9][0-9]* pass\s*\n\s*0 fail\b|\bResult: Success\b|^#[0-9]+ naming to \S+ done$|^Successfully (?:built [0-9a-f]+|tagged \S+)$/im
const NO_TESTS = /\bno tests (ran|found|to run)\b|\bNo test files found\b|\bFiles=0, Tests=0\b|\[ FAIL 0 \| WARN [0-9]+ \| SKIP [0-9]+ \| PASS 0 \]|\b0 successes \/ 0 failures\b|\bcollected 0 items\b|\bRan 0 tests\b|\bExecuted 0 tests\b|\bNo test matches the given testcase filter\b|\brunning 0 tests\b|\bNo tests found\b|\b0 pass(?:ed|ing)\b(?![^\n]{0,40}\b[1-9][0-9]* (passed|failed|failing))|\bTests?:\s+0 total\b|\bTests are skipped\b|\bTests run: 0\b|\bTests:\s+\d+ skipped, \d+ total\b|\bNo tests (?:were )?(?:executed|found)\b|\bAll examples were filtered out\b|\b0 examples, 0 failures\b|\bfor 0 projects\b|^\s*Tests\s+(?<skipped>[0-9]+) skipped \(\k<skipped>\)\s*$|^Nothing was run\.|^TESTED:\s+0\s*$/im
// ExUnit's tag filter: every test excluded ("214 tests, 0 failures, 214 excluded").
const ALL_EXCLUDED = /\b([0-9]+) tests?, 0 failures, \1 excluded\b/
// Go prints "[no test files]" for each package without tests; the run proves nothing only where no package said ok.
const GO_NO_TESTS = (output: string) => /\[no test files\]/.test(output) && !/^ok\s/m.test(output)
// A tool asked only for its version or its help checks nothing (`cargo clippy --version`, `./backup.sh --help`).
// A path with an extension, then line and column: no two quantifiers compete for a character, so a hostile line costs its length.
const LINT_FINDINGS = /^[^\s:]+\.[A-Za-z]{1,5}:\d+:\d+:?\s+\[?\w+\]?[:\s]/m
const LINT_WARNED = /\bgenerated [1-9][0-9]* warnings?\b/
const ALLOWS_ALL = /\s-A\s*(?:warnings|clippy::all)\b|--cap-lints[=\s]+allow\b/
const SOURCE_FILE = /(?:^|\s)(?!-)\S+\.(?:py|pyi|[cm]?[jt]sx?|go|rs|rb|php|java|kt|scala|sql|sh|cs|swift|ex|exs|lua|hs|ml|c|cc|cpp|h)(?=\s|$)/
const LISTS_UNFORMATTED = /(^|\s)(gofmt|goimports)(\s+-\S+)*\s+-l\b|(^|\s)prettier(\s+\S+)*\s+(--list-different|-l)\b/
const ASKS_ONLY = /(^|\s)(--version|-V|--help|-h|help)\s*$/
const LISTS_ONLY = /(^|\s)(--collect-only|--co|--listTests|--list-tests|--list|-n\s+0|--no-run-tests|--no-run)(\s|=|$)|\bctest\b[^;&|]*\s(?:-N|--show-only)(?:\s|=|$)/
const WATCH = /(^|\s)(--watch(All)?|-w|watch)(\s|$)/
const SELECTS = /(^|\s)(-k|-t|--testNamePattern|--grep|-run|--filter|-m|-E|--filter-expr|--tests|-R|--match-path|--match-test|--match-contract|--mt|--mc|--mp|--tests-regex|-pl|--projects)(\s|=)|(^|\s)-Dtest=|\b(testOnly|testQuick)\b|\bcargo\s+(\+\S+\s+)?(test|nextest\s+run)\s+(--\S+\s+)*[A-Za-z_][\w:]*(\s|$)|(^|\s)\S+\.(test|spec)\.[cm]?[jt]sx?\b|(^|\s)\S*(tests?|spec)\/\S+\.(py|rb|exs|php|java|kt)\b|(^|\s)\S+(_test\.(go|py|rb|exs)|_spec\.rb|Test\.(php|java|kt)|\.Tests\.ps1)\b|::\S+|\bgo\s+test(\s+-\S+)*\s+\.\/(?!\.\.\.)\S+|(^|\s)--\s+(?!-|\.\/\.\.\.)\S+|\bmanage\.py\s+test\s+(?!-)\S|\btwister\b[^;&|]*\s(?:-s|--test|--scenario)[=\s]|\bdbt\s+(?:test|build)\b[^;&|]*\s(?:-s|--select|-m|--models)[=\s]|\s-gtest=|\bceedling\b[^;&|]*\stest:(?!all\b)\S|\s--gtest_filter[=\s]|\s--(?:skip|deselect)[=\s]|\s-skip[=\s]|\s-(?:skip|only)-testing:|\bcargo\s+nextest\s+run\b[^;&|]*\s[a-z_][\w]*::[\w:]+|\bbazel\s+test\b[^;&|]*\s\/\/[\w/.-]*:[\w.-]+|\bpants\b[^;&|]*\stest\s+(?!::(?:\s|$))\S|\bcargo\s+(?:\+\S+\s+)?(?:test|nextest\s+run)\b[^;&|]*\s(?:-p|--package)[=\s]/
// A folder or a file given as an argument (`pnpm jest src/components/Modal`): a selection when it passed; a failed run's
// program path (`./gradlew`, `bin/rails`, `dotnet test tests/App.Tests`) is no evidence that it ran less than the whole.
const PATH_ARG = /(?<!(?:^|\s)--?[\w-]+[\s=])(?<=^|\s)(?:\.\/)?[\w@.-]+\/[\w@./-]*[\w@-](?=\s|$)/
/** A fixer or a formatter that rewrites files checks nothing: `eslint --fix`, `prettier --write`, `dotnet format`, `black .`. */
export const REWRITES = /(^|\s)(--fix|-fix|-fix-errors|--write|-w|--apply|fix|-i|--in-place)(\s|=|$)|\s[\w-]*(?:format|fmt|lint|style):(?:write|fix)\b|^\s*(ruff\s+format|black|isort|prettier|gofmt|rustfmt|cargo\s+fmt|terraform\s+fmt|tofu\s+fmt|dotnet\s+format|mix\s+format|zig\s+fmt|deno\s+fmt)\b(?![^;&|]*\s(--check|-check|-l|--list|--verify-no-changes|--diff|-diff|-c)\b)/
const SYNTAX_ONLY = /^\s*(php\s+-l|node\s+(--check|-c)|ruby\s+-c|(ba|z)?sh\s+-n|python[0-9.]*\s+-m\s+(py_compile|compileall))\b/
// npm, pnpm and yarn print the script they run ("> app@1.0.0 test" then "> echo ok"): one that only prints tests nothing.
const PRINTS_ONLY_SCRIPT = /^> \S+ [\w:-]+\r?\n> (?:(?:echo|printf|true|exit 0|:)(?:\s|$)|node\s+-[ep]\s+["']?console\.log\(|python[0-9.]*\s+-c\s+["']print\()/m
// bun and yarn echo it as "$ echo …", on the output's first line.
const PRINTS_ONLY_DOLLAR = /^\$ (?:echo|printf|true|exit 0|:)(?:\s|$)/
const RUNS_PACKAGE_SCRIPT = /^\s*(?:bun|yarn|pnpm|npm)\s+(?:run\s+)?[\w:-]+\s*$/
// npm, pnpm, yarn and bun echo the script they run: "> pkg@1.0.0 build" then "> tsc -p tsconfig.build.json".
export const RUNS_SCRIPT = /^\s*(npm|pnpm|yarn|bun)\b/
export const ECHOED = /^> (?!\S+@\S* \S+$)(.{1,300})$/gm
/** Whether a package script's own echoed command rewrites files (`lint:fix` running `eslint . --fix`). */
const scriptRewrites = (command: string, output: string): boolean =>
  RUNS_SCRIPT.test(command) && [...output.slice(0, 4096).matchAll(ECHOED)].some(m => REWRITES.test(m[1]!))
// make prints each recipe line before it runs it: a target whose every line is an `echo` and what it echoed ran nothing.
const ECHO_LINE = /^@?(?:echo|printf)\s+(?:-[neE]+\s+)*(['"]?)(.*)\1$/
const makePrintsOnly = (command: string, output: string): boolean => {
  if (!/^\s*g?make\b/.test(command)) return false
  const lines = output.split('\n').map(l => l.trim()).filter(l => l !== '' && !/^make(?:\[\d+\])?: /.test(l))
  const said = new Set(lines.flatMap(l => { const m = ECHO_LINE.exec(l); return m ? [m[2]!] : [] }))
  return said.size > 0 && lines.every(l => ECHO_LINE.test(l) || said.has(l))
}
// Other runners' summary lines, and how many passed by each (rspec / ExUnit / minitest, pytest).
const SUMMARIES: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => number]> = [
  [/\b([0-9]+) (?:tests|examples|runs), (?:[0-9]+ assertions, )?0 failures(?:, 0 errors)?(?:, ([0-9]+) (?:skipped|excluded|pending|skips))?/, m => Number(m[1]) - Number(m[2] ?? 0)],
  [/=+ ([0-9]+) passed\b/, m => Number(m[1])]
]
// One summary line per test binary (cargo: unit tests, each integration file, doc tests) or per workspace package
// (jest / vitest under pnpm -r, turbo, nx): their sum.
const PER_PART = [/\btest result: ok\. ([0-9]+) passed/g, /\bTests?:?\s+(?:[0-9]+ skipped, )?([0-9]+) passed/g]
const passedCount = (output: string): number | undefined => {
  for (const re of PER_PART) {
    const parts = [...output.matchAll(re)]
    if (parts.length > 0) return parts.reduce((sum, m) => sum + Number(m[1]), 0)
  }
  for (const [re, count] of SUMMARIES) { const m = re.exec(output); if (m) return count(m) }
  return undefined
}
// `git stash && pytest && git stash pop`: the check ran on the code without the turn's changes.
const STASHED = /(^|[;&|(]\s*)git\s+stash(\s+(push|save)\b[^;&|]*)?\s*(&&|;)/
/** A status masked on the line: `|| true`, `; exit 0`, `set +e`, `--exit-zero`. */
export const HIDDEN = /\|\|\s*(true|:|exit 0|echo)\b|;\s*(exit 0|true)\s*$|\bset \+e\b|(^|\s)--exit-zero(\s|$)/

// The program each simple command runs (`./mvnw`, `bin/rails`) is no path argument of the run.
const PROGRAM = /(^|[;&|]\s*)(?:[A-Za-z_]\w*=\S*\s+)*\S+/g
const tests = (checks: readonly CheckKind[]) => checks.includes('tests')
// A runner's last tally of passes with no failure in it ("4 passing", "test result: ok. 23 passed") is its verdict on an
// exit 0: an "Error:" a test logged on the way (an expected revert, an HTTP error in a test's title) fails nothing.
// The same with a count of none: .NET's "Passed!  - Failed: 0, Passed: 46", Maven's "Tests run: 12, Failures: 0, Errors: 0".
const PASS_TALLY = /^.*(?:\b[1-9][0-9]* (?:passing|passed|tests? passed)\b|\bPassed!\s+-\s+Failed:\s+0\b|\bTests run: [1-9][0-9]*, Failures: 0, Errors: 0\b|\b[1-9][0-9]* (?:examples|tests|runs|specs), 0 failures\b).*$/gm
const afterPassTally = (output: string): string => {
  const last = [...output.matchAll(PASS_TALLY)].at(-1)
  if (!last || /\b[1-9][0-9]* (?:fail|error)|\bFAIL/i.test(last[0].replace(NONE_FAILED, ''))) return output
  return output.slice(last.index)
}
/** A test run of a selection (a file, a name filter, a module), or a type check or lint of named files: not the whole. */
export const isNarrow = (command: string, checks: readonly CheckKind[], named = false): boolean => checks.includes('tests')
  ? SELECTS.test(command) || (!named && PATH_ARG.test(command.replace(PROGRAM, '$1')))
  : (checks.includes('types') || checks.includes('lint')) && SOURCE_FILE.test(command)

/** `flutter test --update-goldens`, `jest -u`: the run writes what it compares against (an intended change's new snapshots). */
export const REWRITES_EXPECTED = /(?:^|\s)(?:--update-goldens|--updateSnapshot|--update-snapshots?|--snapshot-update|--force-update|--accept)(?:\s|=|$)|\b(?:jest|vitest)\b[^;&|]*\s-u(?:\s|$)|\b(?:UPDATE_SNAPSHOTS?|UPDATE_GOLDENS?|INSTA_UPDATE|SNAPSHOT_UPDATE)=(?:1|true|always)\b|\bcargo\s+insta\s+(?:accept|review)\b/
/** `./gradlew build -x test`, `mvn package -DskipTests`: the build tool ran without its tests. */
export const SKIPS_TESTS = /\bgradlew?\b[^;&|]*\s(?:-x|--exclude-task)[=\s]+(?:\S*:)?test\w*|\bmvnw?\b[^;&|]*\s-D(?:skipTests|maven\.test\.skip)(?:=true)?(?:\s|$)/

/** `swiftlint --fix && swiftlint lint --strict`: the same program run again after its fixer, this time to check. */
function checkedAfterFix (command: string): boolean {
  const steps = command.split('&&').map(s => s.trim())
  const fixer = steps.findIndex(s => REWRITES.test(s))
  const program = (s: string) => /^(?:[A-Za-z_]\w*=\S*\s+)*(\S+)/.exec(s)?.[1]
  return fixer >= 0 && steps.slice(fixer + 1).some(s => !REWRITES.test(s) && program(s) === program(steps[fixer]!))
}

export const HIDDEN_STATUS = 'its exit status was hidden (a pipe, || true, ; exit 0 or set +e) and its output shows no clean pass'

/** exitReliable: nothing after the check on its line could replace its status (verification.ts classify). */
export function runProof (command: string, rawOutput: string, checks: readonly CheckKind[], exitReliable: boolean, failures: PatternSet): RunProof {
  const output = rawOutput.slice(-OUTPUT_WINDOW)
  const checking = checks.some(k => k !== 'deploy' && k !== 'git') || checks.length === 0
  if (checking && failures.test(exitReliable && tests(checks) ? afterPassTally(output) : output)) return { failed: true }
  const testing = tests(checks)
  if (checks.includes('run') && SYNTAX_ONLY.test(command)) return { unproven: 'a syntax check runs nothing' }
  // A formatter's or a linter's dry run is its check mode (`clang-format --dry-run --Werror`, `php-cs-fixer fix --dry-run`).
  const lintOnly = checks.length > 0 && checks.every(k => k === 'lint')
  const formatterCheck = lintOnly && /\b(?:clang-format|php-cs-fixer|cs-fixer|swift-format|dotnet\s+format)\b/.test(command)
  if ((!formatterCheck && /(^|\s)(--dry[-_]?run|--snapshot|--pretend|--validate[-_]only(?![\s=]+false\b))(\s|=|$)|\bxcodebuild\b[^;&|]*\s-dry-?run(\s|$)|\brsync\b[^;&|]*\s-[a-zA-Z]*n[a-zA-Z]*\s/.test(command)) || (checks.includes('deploy') && /\bansible-playbook\b[^;&|]*\s(--check|-C)(\s|$)/.test(command)) || /^\s*(make|act)\b[^;&|]*\s(-n|--just-print|--recon|--dry-run|--dryrun)(\s|$)/.test(command) || /\bgradlew?\b[^;&|]*\s-m(\s|$)|\bsteamcmd\b[^;&|]*\+run_app_build\s+-preview\b/.test(command)) return { unproven: 'a dry run changes and proves nothing' }
  if (checking && STASHED.test(command)) return { unproven: 'it ran with the turn\'s changes stashed away (git stash)' }
  if (/&\s*$/.test(command.trim()) && !/&&\s*$/.test(command.trim())) return { unproven: 'it ran in the background' }
  if (testing && LISTS_ONLY.test(command)) return { unproven: 'it only collected or listed the tests' }
  // `CARGO_TARGET_…_RUNNER=true cargo test`: each test binary handed to `true`, which runs nothing.
  if (testing && /(?:^|\s)[A-Z][A-Z0-9_]*_RUNNER=['"]?(?:true|:|echo|\/bin\/true)\b/.test(command)) return { unproven: 'its test runner was set to a program that runs nothing' }
  // `cargo test --no-run`, `go test -run XXX_none`: the tests were compiled, not run.
  if (testing && /(^|\s)--no-run(\s|$)/.test(command)) return { unproven: 'it compiled the tests without running them (--no-run)' }
  if (/(^|\s)--no-build(\s|$)/.test(command) && /\bnix\s+flake\s+check\b/.test(command)) return { unproven: 'it evaluated the checks without building or running them (--no-build)' }
  // `sbt publishLocal`, `gradle publishToMavenLocal`: a copy in this machine's cache is no release.
  if (checks.includes('deploy') && /\bpublish(?:To)?(?:Maven)?Local\b|\bpublishM2\b/.test(command)) return { unproven: 'it published to this machine\'s local cache only' }
  // `gem_push=no rake release` tags and builds the gem without pushing it.
  if (checks.includes('deploy') && /\bgem_push=(?:no|false)\b/.test(command)) return { unproven: 'it did not push the gem (gem_push=no)' }
  // `fly deploy --build-only`, `railway up --build-only`: an image built, nothing released.
  if (checks.includes('deploy') && /(^|\s)--build-only(\s|=|$)/.test(command)) return { unproven: 'it only built the image (--build-only); nothing was deployed' }
  if (testing && SKIPS_TESTS.test(command)) return { unproven: 'it skipped the tests (-x test, -DskipTests)' }
  // `gh run watch` and `gh pr checks --watch` wait for CI to finish and exit with its verdict: not a watch mode.
  // `-w` is not watch everywhere: cabal's and stack's compiler (`-w ghc-9.8.2`), jest's workers.
  if (WATCH.test(command.replace(/\b((?:cabal|stack|jest)\b[^;&|]*?)\s-w(?=\s)/g, '$1')) && !/\bgh\s+(run\s+watch|pr\s+checks)\b/.test(command) && (testing || checks.includes('build'))) return { unproven: 'a watch-mode run that never finished' }
  // `cmake --build build && ./build/bin/x --version` built first: only a line that does nothing but ask proves nothing.
  if (command.split(/&&|\|\||[;|\n]/).every(p => ASKS_ONLY.test(p.trim()))) return { unproven: 'it printed its version or help; it checked nothing' }
  if (PRINTS_ONLY_SCRIPT.test(output) || (RUNS_PACKAGE_SCRIPT.test(command) && PRINTS_ONLY_DOLLAR.test(output.trimStart())) || makePrintsOnly(command, output)) return { unproven: 'the script it ran only prints text' }
  // A snapshot tally ("Snapshot: 0 passed, 0 total") counts snapshots, not tests.
  const tally = output.replace(/^Snapshots?:.*$/gm, '')
  // cargo's doc tests print "running 0 tests" after the unit tests passed: none ran only where no part passed any.
  if (testing && (NO_TESTS.test(tally) || GO_NO_TESTS(output) || ALL_EXCLUDED.test(output)) && !((passedCount(output) ?? 0) > 0)) return { unproven: 'no tests ran' }
  // A push or deploy whose status a pipe hid still printed git's or the tool's own failure.
  if ((checks.includes('git') || checks.includes('deploy')) && /^(?:fatal|error|ERROR)[:!] |^\s*! \[(?:remote )?rejected\]/m.test(output)) return { failed: true }
  // A git command that found nothing to do shares nothing: a push of an up-to-date branch is no commit of this turn.
  if (checks.length === 1 && checks[0] === 'git' && /\bEverything up-to-date\b|\bnothing to commit\b|\bAlready up to date\b/.test(output)) return { unproven: 'git had nothing to commit or push' }
  // A linter that printed findings ("R/plot.R:14:3: style: …", cargo clippy's "generated 1 warning") exited 0 on warnings: its code is not clean.
  if (checks.includes('lint') && !testing && (LINT_FINDINGS.test(output) || LINT_WARNED.test(output))) return { failed: true }
  // `cargo clippy -- -A warnings -A clippy::all`: every lint allowed, nothing left to find.
  if (lintOnly && ALLOWS_ALL.test(command)) return { unproven: 'it allowed every lint it checks (-A warnings, --cap-lints allow)' }
  // PSScriptAnalyzer exits 0 whatever it found: a table of rules under its header is a list of findings.
  if (checks.includes('lint') && /^RuleName\s+Severity\b[^\n]*\n-{3,}[ -]*\n\s*\S/m.test(output)) return { failed: true }
  // A formatter asked to list what it would change exits 0 either way: a file it names is not formatted.
  if (LISTS_UNFORMATTED.test(command) && output.trim() !== '') return { failed: true }
  // A git or deploy command line is often a chain or a here-document (commit messages): only an explicit mask hides it.
  // A program's output piped into `grep` exits 0 only where it printed what was looked for (`curl … | grep -o '<title>'`).
  // Piped into `jq`, it printed JSON: the request answered (jq prints nothing of an empty or failed one).
  const found = checks.length === 1 && checks[0] === 'run' && output.trim() !== '' &&
    (/\|\s*grep\s+(?!-\w*[vcq])\S[^|;&]*$/.test(command) || (/\|\s*jq\b[^|;&]*$/.test(command) && /^\s*[{[]/.test(output)))
  const masked = checking ? (!exitReliable && !found) || HIDDEN.test(command) : HIDDEN.test(command)
  if (masked && !CLEAN_PASS.test(output)) return { unproven: HIDDEN_STATUS }
  if (lintOnly && (REWRITES.test(command) || scriptRewrites(command, output)) && !/(^|\s)--dry-?run(\s|=|$)/.test(command) && !checkedAfterFix(command)) return { unproven: 'a --fix run changes files; it does not check them' }
  const passed = testing ? passedCount(output) : undefined
  // `mypy plugins/a.py` after `mypy plugins/` failed: a type check or a lint of named files covers those files only.
  const narrow = isNarrow(command, checks)
  return { ...(narrow ? { narrow: true } : {}), ...(passed !== undefined ? { passed } : {}) }
}
