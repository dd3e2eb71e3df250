/** A count the claim quotes ("243/243", "48 passed, 0 failed") that a run's last lines print, with no failure there: the claim reports that run; pure. */
import { NONE_FAILED } from './outcome-words.js'

// A number standing alone: not a version (0.9.0), a time (6.904s), a line (ingress.yaml:18), a date, a share (100%) or a hash.
const COUNT = /(?<![\w.,:/#@$-])[0-9]{1,6}(?![\w.%:-]|,[0-9])/g
// Under 2 is no count a reader would copy: "1 file", "0 failed".
const counts = (text: string): Set<number> => new Set([...text.matchAll(COUNT)].map(m => Number(m[0])).filter(n => n >= 2))

// What a runner's last lines say when something failed; a count of none ("0 failures", "Failed: 0") says nothing failed.
const SAYS_FAILED = /\bfail(?:s|ed|ing|ures?)?\b|\berrors?\b|\[FAIL/i
export const saysFailed = (tail: string): boolean => SAYS_FAILED.test(tail.replace(NONE_FAILED, ' '))

// `… | grep -c PASS`, `… | wc -l`: the number printed counts lines, not what the runner tallied.
const COUNTS_LINES = /\|\s*(?:grep\s+(?:-\w+\s+)*-\w*c\w*\b|wc\s+-l\b)[^|]*$/
const split = (text: string) => text.replace(/\/(?=[0-9])/g, ' / ')

/**
 * A count the claim quotes that the run's last lines print, when those lines report no failure. A count the command line
 * itself holds (`echo "41 passed"`) is the agent's own writing, not the tool's.
 */
export function quotedCount (claim: string, run: { command: string, tail?: string }): number | undefined {
  if (run.tail === undefined || saysFailed(run.tail) || COUNTS_LINES.test(run.command)) return undefined
  const printed = counts(split(run.tail))
  const written = counts(split(run.command))
  return [...counts(split(claim))].find(n => printed.has(n) && !written.has(n))
}
