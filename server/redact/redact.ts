/** createRedactor: masks secret values as [REDACTED:kind] (keys kept) with the built-in rules plus an optional gitleaks TOML. */
import { gitleaksRules } from './gitleaks.js'
import { keywordFinder, type KeywordHits } from './keywords.js'
import { type Budget, compileRule, type Rule, scan, type Span } from './redact-rule.js'
import { GENERIC_RULES, TOKEN_RULES } from './redact-rules.js'
import { chunked, keywordWindows, lineStarts, type Window } from './keyword-windows.js'

export interface Redaction { text: string, counts: Record<string, number> }
export type Redactor = (text: string) => Redaction

/** Characters the capturing matcher may read per message: ordinary messages need a few hundred. */
const MATCHER_BUDGET = 32768
/** Above this many windows the joined pre-test would be as long as the text; the per-window tests remain. */
const JOIN_LIMIT = 512
const MARK = '[REDACTED:'

/** Compiles everything once; throws ConfigError (every bad rule named) when the TOML or one of its regexes is unusable. */
export function createRedactor (opts: { gitleaksToml?: string, source?: string } = {}): Redactor {
  const user = opts.gitleaksToml === undefined ? [] : gitleaksRules(opts.gitleaksToml, opts.source)
  const rules = [...TOKEN_RULES, ...user, ...GENERIC_RULES].map((spec, rank) => compileRule(spec, rank))
  const words = [...new Set(rules.flatMap(r => r.keywords))].filter(w => w !== '')
  // An empty keyword occurs everywhere: such a rule simply always runs.
  const plan: Planned[] = rules.map(rule => ({ rule, ids: rule.keywords.includes('') ? [] : rule.keywords.map(k => words.indexOf(k)) }))
  const find = keywordFinder(words)
  return (text) => redactWith(plan, find, text)
}

interface Planned { rule: Rule, ids: number[] }

/** Lower case with the same indexes as the text (toLowerCase may lengthen a few non-ASCII letters). */
function lowerSameLength (text: string): string {
  const low = text.toLowerCase()
  if (low.length === text.length) return low
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    out += c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : text[i]
  }
  return out
}

/** End of the mask opening at `from` (just past its `]`), or -1; a kind is short, so the look-ahead is too. */
function markerEnd (text: string, from: number): number {
  for (let k = from; k < Math.min(text.length, from + 128); k++) {
    const c = text[k]
    if (c === ']') return k + 1
    if (c === '[' || c === ' ' || c === '\n' || c === '\t' || c === '\r') return -1
  }
  return -1
}

/** Ranges of masks already in the text: a second pass must leave them alone. */
function markers (text: string): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let i = text.indexOf(MARK); i >= 0; i = text.indexOf(MARK, i + 1)) {
    const end = markerEnd(text, i + MARK.length)
    if (end > 0) out.push([i, end])
  }
  return out
}

function mask (text: string, spans: Span[]): Redaction {
  const counts: Record<string, number> = {}
  if (spans.length === 0) return { text, counts }
  const done = text.includes(MARK) ? markers(text) : []
  spans.sort((a, b) => a.start - b.start || a.rank - b.rank)
  const merged: Span[] = []
  let d = 0
  for (const s of spans) {
    while (d < done.length && (done[d]?.[1] ?? 0) <= s.start) d++
    const mark = done[d]
    if (mark && s.start >= mark[0] && s.end <= mark[1]) continue
    const last = merged[merged.length - 1]
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end)
      if (s.rank < last.rank) Object.assign(last, { rank: s.rank, kind: s.kind })
    } else merged.push({ ...s })
  }
  const parts: string[] = []
  let pos = 0
  for (const s of merged) {
    parts.push(text.slice(pos, s.start), `${MARK}${s.kind}]`)
    pos = s.end
    counts[s.kind] = (counts[s.kind] ?? 0) + 1
  }
  parts.push(text.slice(pos))
  return { text: parts.join(''), counts }
}

function redactWith (plan: readonly Planned[], find: (lower: string) => KeywordHits, text: string): Redaction {
  const lower = lowerSameLength(text)
  const hits = find(lower)
  const spans: Span[] = []
  const budget: Budget = { left: MATCHER_BUDGET }
  let starts: number[] | undefined
  for (const { rule, ids } of plan) {
    if (ids.length > 0 && !ids.some(id => hits[id] !== undefined)) continue
    let wins: Window[] = [[0, text.length]]
    if (rule.lineLocal && ids.length > 0) {
      starts ??= lineStarts(text)
      wins = keywordWindows(ids.flatMap(id => hits[id] ?? []), lower, starts, rule.edge === true)
      // One DFA pass over the windows joined by newlines (a line-local rule cannot match across one) rules most out at once.
      if (wins.length > 1 && wins.length < JOIN_LIMIT && !rule.re.test(wins.map(([a, b]) => text.slice(a, b)).join('\n'))) continue
    }
    for (const [from, to] of chunked(wins)) scan(rule, text, from, to, spans, budget)
  }
  return mask(text, spans)
}
