/** The few lines of evidence a judge reads beside the agent's text: facts, then commands and edits in order; redacted, pure. */
import type { Redactor } from '../redact/redact.js'
import { defuse } from '../judge/wrap.js'
import { EVIDENCE_FACTS, type Facts, factsReason, lastVerification, type TurnEvidence } from './facts.js'
import type { Step } from './steps.js'

export interface Summary { lines: string[], counts: Record<string, number> }

export const MAX_STEPS = 12
const COMMAND_CHARS = 120
const PATH_CHARS = 80
const OUTPUT_CHARS = 120

const STATUS: Record<string, string> = {
  error: 'did not run (refused or errored before running)',
  pending: 'no result yet (still running or in the background)'
}

/**
 * Every agent-controlled string (command, path, output) is redacted, cut short, defused of marker look-alikes and then
 * JSON-quoted: it stays on its own line, inside quotes, and cannot end the block or pose as one of hookjudge's own lines.
 */
export function summarize (ev: TurnEvidence, redact: Redactor): Summary {
  const counts: Record<string, number> = {}
  const quote = (raw: string, max: number, fromEnd = false): string => {
    const r = redact(raw)
    for (const [k, n] of Object.entries(r.counts)) counts[k] = (counts[k] ?? 0) + n
    const flat = r.text.replace(/\s+/g, ' ').trim()
    const cut = flat.length <= max ? flat : fromEnd ? `…${flat.slice(-max)}` : `${flat.slice(0, max)}…`
    return JSON.stringify(defuse(cut))
  }
  const lines = [`facts: ${EVIDENCE_FACTS.map(f => `${f}=${ev.facts[f] === true}`).join(', ')}`]
  const shown = ev.steps.filter(s => s.kind !== 'tool')
  const others = new Map<string, number>()
  for (const s of ev.steps) if (s.kind === 'tool') others.set(toolName(s.tool), (others.get(toolName(s.tool)) ?? 0) + 1)
  if (ev.partial) lines.push('(the turn\'s earlier steps were not read)')
  if (shown.length > MAX_STEPS) lines.push(`(${shown.length - MAX_STEPS} earlier commands and edits not shown)`)
  shown.slice(-MAX_STEPS).forEach((s, i) => { lines.push(`${i + 1}. ${describeStep(s, quote)}`) })
  if (shown.length === 0) lines.push('no shell commands and no file edits in this turn')
  if (others.size > 0) lines.push(`other tool calls: ${[...others].map(([n, k]) => `${n} x${k}`).join(', ')}`)
  return { lines, counts }
}

function describeStep (s: Step, quote: (raw: string, max: number, fromEnd?: boolean) => string): string {
  if (s.kind === 'edit') {
    const what = s.paths.length > 0 ? s.paths.map(p => quote(p, PATH_CHARS, true)).join(', ') : 'a file'
    return s.status === 'error' ? `edit of ${what} failed (not applied)` : `edited ${what}`
  }
  if (s.kind !== 'command') return ''
  const role = s.verification ? ' [verification]' : ''
  const outcome = s.status === 'failed' && s.exitCode === 0
    ? 'exit 0 from a pipe, failed by its output'
    : s.status === 'passed' || s.status === 'failed' ? `exit ${s.exitCode ?? '?'}, ${s.status}` : STATUS[s.status] ?? s.status
  const tail = s.status === 'failed' && s.verification && s.tail ? `; output ends ${quote(s.tail.split('\n').at(-1) ?? '', OUTPUT_CHARS, true)}` : ''
  return `ran ${quote(s.command, COMMAND_CHARS)}${role} -> ${outcome}${tail}`
}

/** Tool names come from tool definitions (MCP servers name their own): kept to a safe alphabet and length. */
const toolName = (name: string) => name.replace(/[^\w.:-]/g, '_').slice(0, 40) || 'unnamed'

/** The facts' reason for a record and for feedback: what fell short, naming the last verification command (redacted). */
export function explainFacts (facts: Facts, steps: Step[], redact: Redactor): string {
  const last = lastVerification(steps)
  const command = last ? redact(last.command).text.replace(/\s+/g, ' ').trim() : undefined
  return factsReason(facts, command && command.length > COMMAND_CHARS ? `${command.slice(0, COMMAND_CHARS)}…` : command)
}
