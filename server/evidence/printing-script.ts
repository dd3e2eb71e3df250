/** Whether a run executes a script that only prints (shown by a here-document or `cat`), or one the same turn edited; pure. */
import type { Step } from './steps.js'

// The script a command line runs: `./scripts/test.sh`, `sh scripts/test.sh`, `bash -e ci/check`, `pwsh -File build/t.ps1`.
const RUNS = /^\s*(?:(?:(?:ba|z|da)?sh|pwsh|powershell)(?:\s+-\S+)*\s+)?(\.{0,2}\/?[\w./-]*\/[\w.-]+|[\w.-]+\.sh)(?:\s|$)/
const PRINTS = /^\s*(#|echo\b|printf\b|true\b|exit\s+0\b|:\s*$|$)/
// npm, pnpm and yarn print the script a package script runs: "> app@1.0.0 test" then "> sh scripts/ci-test.sh".
const PACKAGE_SCRIPT = /^> \S+@\S* [\w:-]+\r?\n> (.{1,300})$/gm
const SHOWS = /^\s*(cat|head|tail|less|more|ls|echo|chmod)\b/

const name = (path: string) => path.replace(/^\.\//, '')
const same = (a: string, b: string) => name(a) === name(b) || a.endsWith(`/${name(b)}`) || b.endsWith(`/${name(a)}`)

/** The scripts a run executes: the first command of its line that does not only show or prepare one, and the script a
 * package runner said it ran. */
function scriptsRun (run: Extract<Step, { kind: 'command' }>): string[] {
  const first = run.command.split(/&&|\|\||;/).find(part => !SHOWS.test(part)) ?? ''
  const own = RUNS.exec(first)?.[1]
  return [...(own ? [own] : []), ...(run.script ? [run.script] : [])]
}

/** The body of a here-document that wrote `path` (`cat > path <<'EOF' … EOF`), if a command of the turn did. */
function hereDocBody (command: string, path: string): string[] | undefined {
  const m = /(?:^|[;&|\s])cat\s+>\s*(\S+)\s*<<-?\s*['"]?(\w+)['"]?[^\n]*\n([^]*?)\n\s*\2\s*(?:\n|$)/.exec(command.slice(0, 64 * 1024))
  return m && name(m[1]!) === name(path) ? m[3]!.split('\n') : undefined
}

/** The path of a script the command showed (`cat path`, alone or before running it on the same line) whose body only prints. */
function shownPrinting (command: string, output: string): string | undefined {
  const shown = /(?:^|[;&|]\s*)cat\s+([\w./-]+)\s*(?:$|&&|;)/.exec(command)?.[1]
  if (!shown || !/^\s*#!/.test(output)) return undefined
  const lines = output.trimStart().slice(0, 16 * 1024).split('\n')
  const end = lines.findIndex(l => !PRINTS.test(l))
  const body = end < 0 ? lines : lines.slice(0, end)
  // Shown and run on one line: the script ends where its output starts, and every line after is one it echoes.
  const echoed = new Set(body.map(l => /^\s*(?:echo|printf)\s+(['"]?)(.*)\1\s*$/.exec(l)?.[2]?.trim()).filter(t => t))
  const whole = end < 0 || (/(?:&&|;)/.test(command) && lines.slice(end).every(l => l.trim() === '' || echoed.has(l.trim())))
  return whole && echoed.size > 0 ? shown : undefined
}

/** What a command's whole output says of scripts: the one a package runner ran, a shown one that only prints. */
export function scriptFacts (command: string, output: string): { script?: string, printing?: string } {
  const script = /^\s*(?:npm|pnpm|yarn|bun)\b/.test(command) ? [...output.slice(0, 4096).matchAll(PACKAGE_SCRIPT)].map(m => RUNS.exec(m[1]!)?.[1]).find(p => p !== undefined) : undefined
  const printing = /\bcat\s/.test(command) ? shownPrinting(command, output) : undefined
  return { ...(script ? { script } : {}), ...(printing ? { printing } : {}) }
}

/** The script `run` executes only prints (echo / printf / exit 0), as a here-document or a `cat` of the turn shows it. */
export function runsPrintingScript (run: Extract<Step, { kind: 'command' }>, before: readonly Step[]): boolean {
  for (const path of scriptsRun(run)) {
    for (const s of [run, ...[...before].reverse()]) {
      if (s.kind !== 'command') continue
      if (s.printing !== undefined && same(s.printing, path)) return true
      const body = s === run ? undefined : hereDocBody(s.command, path)
      if (body) return body.every(l => PRINTS.test(l))
    }
  }
  return false
}

/** The script `run` executes (`./scripts/test.sh`, `bash ci/check.sh`, `npm test` → `sh scripts/ci.sh`) is a file an edit of the turn wrote or changed. */
export function runsEditedScript (run: Extract<Step, { kind: 'command' }>, before: readonly Step[]): string | undefined {
  return scriptsRun(run).map(name).find(own => before.some(s => s.kind === 'edit' && s.status !== 'error' && s.paths.some(p => same(p, own))))
}
