/** A message that reports, as a result, words the turn printed itself with echo or printf ("echo 'HTTP/2 200'"); pure. */
import type { CheckedClaim } from './claim-check.js'
import type { Step } from './steps.js'
import { simpleCommands } from './verification.js'

const PRINTS = /^(?:echo|printf)\b/
// Writing to a file (`echo x > notes.txt`) prints nothing the agent then reads back as output.
const REDIRECT = /(?:^|[^0-9&])>{1,2}\s*(?!&)\S/
const MIN_CHARS = 8
// Bounds, so a turn of many long echoes costs little: the last few echo commands, a few words a run.
const MAX_ECHOES = 20
const MAX_WORDS = 6
const MAX_LINE_WORDS = 40

/** A run of two or more of the printed words, at least MIN_CHARS long, that the text repeats. */
function repeats (printed: string, text: string): string | undefined {
  for (const line of printed.split('\n')) {
    const words = line.trim().split(/\s+/).filter(Boolean).slice(0, MAX_LINE_WORDS)
    for (let i = 0; i + 1 < words.length; i++) {
      for (let j = Math.min(words.length, i + MAX_WORDS); j >= i + 2; j--) {
        const run = words.slice(i, j).join(' ')
        if (run.length >= MIN_CHARS && /[0-9]|pass|ok|success|green|healthy/i.test(run) && text.includes(run)) return run
      }
    }
  }
  return undefined
}

/**
 * When the message makes a claim the wording found and backs it, or is excused, but quotes as its result words that only
 * an echo or printf of the turn produced: the claim rests on text the agent wrote, not on a run (RULES: `echo "42 passed"`).
 */
export function echoedEvidence (text: string, steps: Step[], checked: readonly CheckedClaim[]): CheckedClaim[] {
  if (checked.length === 0 || checked.some(c => c.outcome === 'unsupported')) return []
  const echoes = steps.filter((s): s is Extract<Step, { kind: 'command' }> => s.kind === 'command' && s.status === 'passed' && PRINTS.test(s.command.trim()) && !REDIRECT.test(s.command))
  for (const s of echoes.slice(-MAX_ECHOES)) {
    const parts = simpleCommands(s.command)
    if (parts.length === 0 || !parts.every(p => PRINTS.test(p.text))) continue
    const quoted = repeats(s.tail ?? '', text)
    if (quoted) return checked.map(c => ({ ...c, outcome: 'unsupported' as const, evidence: `the message reports "${quoted}", which the turn printed itself (\`${s.command.slice(0, 80)}\`)`, command: s.command }))
  }
  return []
}
