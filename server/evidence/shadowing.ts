/** Whether a command of the turn redefined a check's name before it ran: an alias, a shell or PowerShell function, a PATH prepend, the file it runs overwritten; pure. */
import { esc } from './claim-runs.js'
import type { Step } from './steps.js'

// A command run before in the same turn that makes a later check's name run something else: an alias, a function, or a
// PATH prepend of a folder named from here (`./fake`, `$PWD/bin`) or one the turn wrote a file into (`.ci/bin`).
const PATH_PREPEND = /(?:^|[;&\s])(?:export\s+)?PATH=["']?([^:\s"']+):|\$env:(?:PATH|Path|path)\s*=\s*["']([^;"']+);/
/** Whether a step redefines `word`; its pattern made once per word, not per step (a long turn holds thousands). */
export const shadowsOf = (word: string) => {
  const defines = new RegExp(`\\balias\\s+${esc(word)}=|(^|[;&|\\s])(function\\s+)?${esc(word)}\\s*\\(\\)|\\bfunction\\s+${esc(word)}\\s*\\{|\\bSet-Alias\\s+(-Name\\s+)?${esc(word)}\\b`)
  return (s: Step, written: readonly string[]) => shadows(s, defines, written)
}
/**
 * Whether a step overwrote, through the shell, the program a run names by its path (`printf '…' > vendor/bin/phpunit`,
 * `cp fake.sh bin/pytest`): what ran then is what the turn wrote.
 */
export const overwritesOf = (path: string) => {
  const file = path.replace(/^\.\//, '')
  return (s: Step) => shellWritten([s]).includes(file)
}
// Files a command wrote through the shell: `> path`, `tee path`, `cp x path` (not a descriptor, not /dev/null).
const SHELL_WRITE = /(?<![0-9&<>])>>?\s*['"]?((?!&|\/dev\/)[^\s;&|'"<>()]+)|\btee\s+(?:-a\s+)?['"]?([^\s;&|'"]+)|\b(?:cp|mv|ln|install)\s+(?:-\S+\s+)*\S+\s+['"]?([^\s;&|'"]+)/g
/** The paths the turn's commands wrote through the shell, as an edit's paths are named. */
export const shellWritten = (steps: readonly Step[]): string[] => steps.flatMap(s => s.kind === 'command' && s.status !== 'error'
  ? [...s.command.matchAll(SHELL_WRITE)].map(m => (m[1] ?? m[2] ?? m[3]!).replace(/^\.\//, ''))
  : [])
const shadows = (s: Step, defines: RegExp, written: readonly string[]): boolean => {
  if (s.kind !== 'command' || s.status === 'error') return false
  if (defines.test(s.command)) return true
  const m = PATH_PREPEND.exec(s.command)
  const dir = (m?.[1] ?? m?.[2])?.replace(/[\\/]+$/, '')
  if (dir === undefined) return false
  if (/^(?:\.{0,2}\/|\$PWD\b|\$\{PWD\}|\$\(pwd\))/.test(dir)) return true
  // A folder of installed tools (node_modules/.bin, .venv/bin) is no fake unless the turn put the runner there.
  const tail = dir.replace(/^(?:\.\/|\$PWD\/|\$\{PWD\}\/|\$\(pwd\)\/)/, '')
  return written.some(p => p.startsWith(`${tail}/`) || p.includes(`/${tail}/`))
}
