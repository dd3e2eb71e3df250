/** Which shell commands are verifications (tests, builds, linters, type checks), from the configured RE2 patterns; pure. */
import { compilePatterns, type PatternSet } from '../judge/patterns.js'
import { type CheckKind, type CheckPatterns, compileChecks } from './checks.js'
import { ECHOED, runProof, RUNS_SCRIPT, SKIPS_TESTS } from './run-proof.js'
import type { Classifier } from './steps.js'

export interface EvidenceSettings {
  /** false: no steps are read and no facts or summaries exist (hooks with deterministic fields then allow). */
  enabled: boolean
  /** RE2 patterns, each matched at the start of one simple command of a command line (see simpleCommands). */
  verificationCommands: string[]
  /** RE2 patterns on a check's output that mean it failed, whatever its exit status. */
  failureOutput: string[]
  /** Per kind of check (tests, build, lint, types, run, deploy, git): RE2 patterns matched like verificationCommands. */
  checks: CheckPatterns
}

export interface SimpleCommand { text: string, /** the operator after it: '&&', '||', ';', '|', '&', or '' at the end */ next: string }

// Operators that start a new simple command. `2>&1` and `&>` are redirections, not operators.
const OPERATOR = /&&|\|\||;|\|(?!&)|\n|\$\(|[()`]|(?<![<>0-9])&(?![>&])/g
// Words that run the rest of the line as the command (env assignments, time, sudo, timeout 60 …).
const WRAPPERS = /^(?:(?:[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|'[^']*'|\S*)|time|env|sudo|exec|nice|nohup|command|builtin|timeout\s+\S+|npx(?:\s+(?:-y|--yes))?|bunx|(?:pnpm|yarn|npm)(?:\s+(?:--filter|-F|--dir|-C|--workspace|-w)(?:=|\s+)\S+)*\s+exec(?:\s+--)?)\s+)+/

// A program named by where it is installed is the same program: `/usr/bin/git commit`, `.venv/bin/pytest`,
// `~/.cargo/bin/cargo test`. Not any path: a fake `pytest` under /tmp is not the test runner.
const INSTALLED = /^(?:(?:\/usr(?:\/local)?|\/opt\/homebrew|\/opt\/local)?\/s?bin\/|(?:~|\$HOME|\/home\/[^\s/]+|\/Users\/[^\s/]+|\/root)\/\.(?:local|cargo|bun|deno)\/bin\/|(?:[^\s/]*\/)*\.?venv\/bin\/)(?=[A-Za-z])/

// A loop's or a condition's keyword leads the command it runs: `for …; do flutter test …; done`, `if pytest; then …`.
// (Not `!`: `! pytest` inverts the status, and stays no test run.)
const KEYWORD = /^(?:(?:do|then|else|elif|if|while|until)\s+)+/
const HEREDOC = /<<-?\s*(['"]?)([A-Za-z_]\w*)\1/g
// A shell running a script given inline: its script's commands are the commands that ran (PowerShell's -Command too).
const SHELL_C = /^(?:(?:ba|z|da|k)?sh\s+(?:-[a-zA-Z]+\s+)*-[a-zA-Z]*c[a-zA-Z]*|(?:pwsh|powershell)(?:\.exe)?\s+(?:-(?:ExecutionPolicy|ep)\s+\S+\s+|-(?!c\b|[Cc]ommand\b)\w+\s+)*-(?:c|[Cc]ommand))\s+(['"])([\s\S]*)\1\s*$/

/**
 * Which characters of a line are text, not shell: inside quotes (an operator there is a character, as in
 * `julia -e 'using Pkg; Pkg.test()'`) or a here-document's body. A quote with no partner is a character itself
 * (an apostrophe in a commit message), so one stray quote cannot hide the rest of the line.
 */
function textMask (line: string): Uint8Array {
  const mask = new Uint8Array(line.length)
  for (const m of line.matchAll(HEREDOC)) {
    const start = line.indexOf('\n', m.index)
    if (start < 0) continue
    const end = new RegExp(`\\n[ \\t]*${m[2]}[ \\t]*(?:\\n|$)`).exec(line.slice(start))
    mask.fill(1, start, end ? start + end.index + end[0].replace(/\n$/, '').length : line.length)
  }
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (mask[i] || (c !== "'" && c !== '"')) { if (c === '\\' && !mask[i]) i++; continue }
    let j = i + 1
    while (j < line.length && line[j] !== c) j += c === '"' && line[j] === '\\' ? 2 : 1
    if (j >= line.length) continue
    mask.fill(1, i, j + 1)
    // In double quotes `$(…)` still runs its commands: `test -z "$(gofmt -l .)"` runs gofmt.
    if (c === '"') for (let k = line.indexOf('$(', i); k >= 0 && k < j; k = line.indexOf('$(', k + 1)) mask.fill(0, k, j)
    i = j
  }
  return mask
}

/** A command line cut into simple commands, each with the operator that follows it, wrappers stripped. */
export function simpleCommands (line: string, depth = 0): SimpleCommand[] {
  const out: SimpleCommand[] = []
  const mask = textMask(line)
  let last = 0
  // `gh run watch $(gh run list …) --exit-status`: the words after a substitution still belong to the command around it.
  const opens: Array<number | undefined> = []
  let resume: number | undefined
  const push = (end: number, next: string) => {
    const text = line.slice(last, end).trim().replace(KEYWORD, '').replace(INSTALLED, '').replace(WRAPPERS, '').replace(INSTALLED, '')
    const around = resume === undefined ? undefined : out[resume]
    resume = undefined
    if (around) {
      around.text = text === '' ? around.text : `${around.text} $(…) ${text}`
      around.next = next
      return
    }
    const inline = depth < 2 ? SHELL_C.exec(text) : null
    if (inline) {
      const inner = simpleCommands(inline[2]!, depth + 1)
      if (inner.length > 0) inner[inner.length - 1]!.next = next
      out.push(...inner)
    } else if (text !== '') out.push({ text, next })
  }
  for (const m of line.matchAll(OPERATOR)) {
    if (mask[m.index]) continue
    const op = m[0] === '\n' ? ';' : m[0]
    const before = out.length
    push(m.index, /^[()`]$|^\$\($/.test(op) ? '' : op)
    if (op === '$(') opens.push(out.length > before ? out.length - 1 : undefined)
    else if (op === '(') opens.push(undefined)
    else if (op === ')') resume = opens.pop()
    last = m.index + m[0].length
  }
  push(line.length, '')
  return out
}

const OUTPUT_WINDOW = 16 * 1024
const BUILD_WRAPPER = /^(?:\.\/)?(?:gradlew|mvnw)\b/

export function createClassifier (settings: Pick<EvidenceSettings, 'verificationCommands' | 'failureOutput'> & Partial<Pick<EvidenceSettings, 'checks'>>): Classifier {
  // Anchored: `echo npm test` or `grep "npm test" README` must not count as running the tests.
  const commands: PatternSet = compilePatterns(settings.verificationCommands.map(p => `^(?:${p})`), true)
  const failures: PatternSet = compilePatterns(settings.failureOutput)
  const kindsOf = compileChecks(settings.checks ?? {})
  return {
    classify (command, output) {
      const parts = simpleCommands(command)
      const { kinds: all, first: checked, byPart } = kindsOf(parts)
      // `./gradlew` and `./mvnw` are the build tool, not the program: they run only what their task's kind says.
      const wrapped = all.includes('run') && parts.some(p => BUILD_WRAPPER.test(p.text))
      const own = wrapped && !kindsOf(parts.filter(p => !BUILD_WRAPPER.test(p.text))).kinds.includes('run') ? all.filter(k => k !== 'run') : all
      const script = scriptSteps(command, parts, output, kindsOf)
      const named = [...new Set([...own, ...script.kinds])]
      // A project script (`./scripts/ci-local.sh`) is a run; what it checked shows in what it printed.
      // What it printed adds to what its name says: `gradle build` runs the tests, `make ci` the linter too. Not a build:
      // every Gradle or Maven run prints BUILD SUCCESSFUL, a test run included.
      const printed = printedKinds(parts, output)
      const found = named.length === 0 || named.every(k => k === 'run') ? [...new Set([...named, ...printed])] : [...new Set([...named, ...printed.filter(k => k !== 'build')])]
      // A build run with its tests skipped is still the build: only a run that was nothing but its tests proves nothing.
      const checks = SKIPS_TESTS.test(command) && found.some(k => k !== 'tests') ? found.filter(k => k !== 'tests') : found
      const verifying = parts.map(p => commands.test(p.text))
      const first = verifying.indexOf(true)
      const ran = script.ran.length > 0 ? { ran: script.ran } : {}
      // What checks, by either list: `run` aside (curl, a script), whose status a pipe into `jq` may well hide.
      const checking = parts.map((p, i) => verifying[i]! || byPart[i]!.some(k => k !== 'run'))
      const from = first < 0 ? Math.max(checked, 0) : first
      return { verification: first >= 0, exitReliable: exitKept(parts.slice(from), checking.slice(from), command), checks, ...ran }
    },
    proof: (command, output, checks, exitReliable) => runProof(command, output, checks, exitReliable, failures),
    outputFails: (output) => failures.test(output.slice(-OUTPUT_WINDOW))
  }
}

const TRACED = /^(?:\+{1,3}|==>|-->|▶)\s(.{1,300})$/gm

// make echoes each recipe line as it runs it ("uv run pyright"), its own notes aside ("make[1]: Entering directory").
const RUNS_MAKE = /^\s*(?:g?make|mingw32-make)(?:\s|$)/
const MAKE_ECHOED = /^(?!g?make(?:\[\d+\])?:)([A-Za-z./][^\n]{0,300})$/gm
// Gradle names each task it runs ("> Task :app:detekt"), Maven each plugin goal ("[INFO] --- maven-checkstyle-plugin:3.3.1:check").
const BUILD_TOOL = /^\s*(?:\.\/)?(?:gradlew?|mvnw?)(?:\s|$)/
const TASKS = /^> Task :(?:[\w-]+:)*([\w-]+)|^\[INFO\] --- (?:maven-)?([\w.-]+?)(?:-maven)?-plugin:/gm
const MAX_RAN = 16
const MAX_STEPS = 64

/**
 * What a script checks, read from the lines it echoed: `npm run build` running `tsc` checks types, `make lint` running
 * pyright checks them too; and which checks those were, by name, with a build tool's tasks. Only a command that runs
 * something has steps to read: a diff's `+ cargo build` or a log shown by `cat` ran nothing.
 */
function scriptSteps (command: string, parts: SimpleCommand[], output: string | undefined, kindsOf: ReturnType<typeof compileChecks>) {
  if (!output || parts.some(p => SHOWS_OR_INLINE.test(p.text))) return { kinds: [], ran: [] }
  const head = output.slice(0, SCRIPT_WINDOW)
  // Other scripts say their steps by a shell trace (`set -x`: "+ cmd") or a banner ("==> cmd").
  // The first lines suffice: a script says its steps as it starts them, and a long log is not read line by line.
  const lines = [...head.matchAll(RUNS_SCRIPT.test(command) ? ECHOED : RUNS_MAKE.test(command) ? MAKE_ECHOED : TRACED)].slice(0, MAX_STEPS).map(m => m[1]!)
  const checks = lines.map(l => ({ line: l, kinds: kindsOf(simpleCommands(l)).kinds })).filter(c => c.kinds.length > 0)
  const tasks = BUILD_TOOL.test(command) ? [...head.matchAll(TASKS), ...output.slice(-SCRIPT_WINDOW).matchAll(TASKS)].map(m => m[1] ?? m[2]!) : []
  const ran = [...new Set([...checks.map(c => c.line), ...tasks].map(l => l.toLowerCase()))].slice(0, MAX_RAN)
  return { kinds: checks.flatMap(c => c.kinds), ran }
}
// A script's steps are announced as it goes: the first 16 KB hold them for any script a turn shows.
const SCRIPT_WINDOW = 16 * 1024

// A runner the patterns do not know is still known by what it printed: a test summary, a linter's or a type checker's
// all-clear. Not a command that only shows text (`cat results.txt`, `grep passed log`) or runs inline code (`python -c`).
// A type checker among pre-commit's hooks, run by `pre-commit run` or by a commit ("mypy.......Passed").
const TYPE_HOOK = /^(?:mypy|pyright|pytype|tsc|typecheck|type-check)\b[^\n]{0,60}\.{4,}Passed$/m
const PRINTED: ReadonlyArray<readonly [CheckKind, RegExp]> = [
  ['tests', /^\[==========\] [1-9][0-9]* tests? from [0-9]+ test (?:suites?|cases?) ran\b|\b[1-9][0-9]* (passed|passing|tests? passed)\b|\bExecuted [1-9][0-9]* tests\b|^(?:\[INFO\] )?Tests run: [1-9][0-9]*, Failures: 0, Errors: 0\b|\b[1-9][0-9]* (examples|tests|runs), 0 failures\b|^test result: ok\.|^All tests successful\.|\b[1-9][0-9]* successes \/ 0 failures\b|\bPassed:\s*[1-9][0-9]*,\s*Failed:\s*0\b|\b[1-9][0-9]* (?:tests?|specs?|cases|scenarios)?,?\s*(?:passed|succeeded|ok),\s+0 (?:failed|failures)\b|^\s*✓ ex_unit success\b|\b[1-9][0-9]* runs, [0-9]+ assertions, 0 failures, 0 errors\b/m],
  ['lint', /^\s*✓ Linting and checking validity of types\b|^> Task :(?:\S+:)?(?:ktlint\w*Check|detekt\w*|checkstyle\w*|spotless\w*Check|lint\w*|pmd\w*|spotbugs\w*)\s*$|\bYou have 0 Checkstyle violations\b|\bBugInstance size is 0\b|\bAll checks passed!|\bno offenses detected\b|\b0 problems\b|\bTotal: 0 warnings \/ 0 errors\b/m],
  ['types', /\bFound 0 errors\b|\bSuccess: no issues found\b|\b0 errors, 0 warnings\b|^\s*✓ Linting and checking validity of types\b/m],
  ['types', TYPE_HOOK],
  ['build', /\bBUILD SUCCE(SS(FUL)?|EDED)\b|\bSuccessfully built\b|\bCompiled successfully\b/]
]
const SHOWS_OR_INLINE = /^(echo|printf|cat|tac|tail|head|less|more|grep|egrep|rg|ag|sed|awk|jq|yq|wc|sort|uniq|tee|ls|find|diff|git|gh|curl|wget|true|:|((python|node|ruby|perl|php|bash|sh|zsh|deno|bun)[0-9.]*\s+(-\S+\s+)*-\w*[ce]))(\s|$)/
/** Whether a simple command only shows text (a file, a log, a string) or runs inline code: what it prints is no run's. */
export const showsOnly = (command: string): boolean => SHOWS_OR_INLINE.test(command)

// `git commit` runs the pre-commit hooks, which print one line each ("clang-format.......Passed").
const COMMIT = /^git\s+(?:-\S+\s+)*commit\b/
const HOOKS_PASSED = /^[^\n.]{2,80}\.{4,}Passed$/m
const HOOK_FAILED = /\.{4,}Failed$/m

// A GitHub Actions run watched to its end lists its jobs: one that deploys, publishes or releases, passed, is the deploy.
const GH_RUN = /^gh\s+run\s+(?:watch|view)\b/
const GH_DEPLOY_JOB = /^\s*✓ (?:[\w./()-]+ )*?(?:deploy|publish|release)\w*(?: [^\n]*)? in [0-9]/im

function printedKinds (parts: SimpleCommand[], output: string | undefined): CheckKind[] {
  if (output && parts.some(p => COMMIT.test(p.text)) && HOOKS_PASSED.test(output) && !HOOK_FAILED.test(output)) return ['lint', ...(TYPE_HOOK.test(output) ? ['types' as const] : [])]
  if (output && parts.some(p => GH_RUN.test(p.text)) && GH_DEPLOY_JOB.test(output.slice(-OUTPUT_WINDOW))) return ['deploy']
  // What the first command printed: `make ci | tail` shows make's summary; `cat results.txt | tail` shows a file.
  if (!output || parts.length === 0 || SHOWS_OR_INLINE.test(parts[0]!.text)) return []
  const tail = output.slice(-OUTPUT_WINDOW)
  return PRINTED.filter(([, re]) => re.test(tail)).map(([k]) => k)
}

/** The line's exit status is the first part's own only if nothing after it can replace it: `&&` chains keep a failure. */
function exitKept (parts: SimpleCommand[], checking: boolean[], command: string): boolean {
  // `unity … | tee log | tail; exit ${PIPESTATUS[0]}` ends with the first command's own status.
  const restored = parts.length > 1 && /^exit\s+"?\$\{?PIPESTATUS\[0\]\}?"?$/.test(parts.at(-1)!.text)
  const kept = restored ? parts.slice(0, -1) : parts
  const pipefail = restored || /\bpipefail\b/.test(command)
  // `helm template … | kubeconform -strict`: a pipeline's status is its last program's, so one that feeds a check what
  // it checks hides only the feeder's status, which is no check's.
  const feedsCheck = (i: number) => !checking[i] && checking[i + 1] === true
  // `… || exit 1` (in a loop too) ends the line with the failure: the status is kept.
  const exits = (i: number) => /^(?:exit|return)(?:\s+(?:[1-9][0-9]*|"?\$\?"?))?$/.test(kept[i + 1]?.text ?? '')
  const exiting = (p: SimpleCommand) => /^(?:exit|return)\b/.test(p.text)
  return kept.slice(0, -1).every((p, i) => p.next === '' || p.next === '&&' || exiting(p) || (p.next === '||' && exits(i)) || (p.next === '|' && (pipefail || feedsCheck(i))))
}

const ECHO = /^(?:echo|printf|Write-(?:Host|Output))\s+(?:-[neE]+\s+)*([\s\S]*)$/
const squeeze = (line: string) => line.replace(/\s+/g, ' ').trim()
/**
 * The output a command line's programs printed, without the lines its own `echo` / `printf` wrote: `go test ./x
 * >/dev/null; echo "ok  x"` printed no test result, whatever its output says.
 */
export function ownOutput (command: string, output: string): string {
  if (!/\b(?:echo|printf|Write-(?:Host|Output))\b/.test(command)) return output
  const echoed = new Set(simpleCommands(command.slice(0, 64 * 1024)).flatMap(p => {
    const text = ECHO.exec(p.text)?.[1]?.replace(/^(['"])([\s\S]*)\1$/, '$2')
    return text === undefined ? [] : text.split(/\\n|\n/).map(squeeze).filter(l => l !== '')
  }))
  return echoed.size === 0 ? output : output.split('\n').filter(l => !echoed.has(squeeze(l))).join('\n')
}

/** No verification patterns: every command is an ordinary one (evidence disabled, or tests that need no classification). */
export const NO_CLASSIFIER: Classifier = { classify: () => ({ verification: false, exitReliable: true, checks: [] }), proof: () => ({}), outputFails: () => false }
