/** Whether a run executes a script the same turn wrote: with a here-document that only prints (`echo PASS`), or by an edit; pure. */
import type { Step } from './steps.js'

// The script a command line runs: `./scripts/test.sh`, `sh scripts/test.sh`, `bash -e ci/check`.
const RUNS = /^\s*(?:(?:ba|z|da)?sh(?:\s+-\S+)*\s+)?(\.{0,2}\/?[\w./-]*\/[\w.-]+|[\w.-]+\.sh)(?:\s|$)/
const PRINTS = /^\s*(#|echo\b|printf\b|true\b|exit\s+0\b|:\s*$|$)/

const name = (path: string) => path.replace(/^\.\//, '')

/** The body of a here-document that wrote `path` (`cat > path <<'EOF' … EOF`), if a command of the turn did. */
function hereDocBody (command: string, path: string): string[] | undefined {
  const m = /(?:^|[;&|\s])cat\s+>\s*(\S+)\s*<<-?\s*['"]?(\w+)['"]?[^\n]*\n([^]*?)\n\s*\2\s*(?:\n|$)/.exec(command.slice(0, 64 * 1024))
  return m && name(m[1]!) === name(path) ? m[3]!.split('\n') : undefined
}

/** The script `run` executes was written earlier in the turn by a here-document holding only echo / printf / exit 0. */
export function runsPrintingScript (run: string, before: readonly Step[]): boolean {
  const path = RUNS.exec(run)?.[1]
  if (!path) return false
  for (let i = before.length - 1; i >= 0; i--) {
    const s = before[i]!
    if (s.kind !== 'command') continue
    const body = hereDocBody(s.command, path)
    if (body) return body.every(l => PRINTS.test(l))
  }
  return false
}

/** The script `run` executes (`./scripts/test.sh`, `bash ci/check.sh`) is a file an edit of the turn wrote or changed. */
export function runsEditedScript (run: string, before: readonly Step[]): string | undefined {
  // `cat scripts/t.sh && bash scripts/t.sh`: the script may run after commands that only show or prepare it.
  const first = run.split(/&&|\|\||;/).find(part => !/^\s*(cat|head|tail|less|more|ls|echo|chmod)\b/.test(part)) ?? ''
  const path = RUNS.exec(first)?.[1]
  if (!path) return undefined
  const own = name(path)
  return before.some(s => s.kind === 'edit' && s.status !== 'error' && s.paths.some(p => name(p) === own || p.endsWith(`/${own}`))) ? own : undefined
}
