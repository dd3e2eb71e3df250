/** One redaction rule compiled for RE2, and gitleaks' per-match pipeline: secret group → entropy → allowlists. */
import { RE2JS } from 're2js'
import { shannon } from './entropy.js'

export type AllowTarget = 'secret' | 'match' | 'line'

export interface AllowSpec {
  regexes: readonly string[]
  target: AllowTarget
  stopwords: readonly string[]
  /** gitleaks `condition = "AND"`: every criterion given must hold. */
  and: boolean
  /** It also names paths or commits, which a message has not; under AND it can never hold. */
  unmatchable: boolean
}

export interface RuleSpec {
  kind: string
  regex: string
  /** Lower case; the rule runs only when one occurs in the text (none: always). */
  keywords: readonly string[]
  /** 0: the first non-empty group, else the whole match (gitleaks' rule). */
  secretGroup?: number
  entropy?: number
  allowlists?: readonly AllowSpec[]
  /** Built-in rules only: a last say on the secret; `before` is the character just ahead of it. */
  accept?: (secret: string, before: string) => boolean
  /** The regex never matches across a newline and reads one as an edge (like ^ and $), so it may run line by line. */
  lineLocal?: boolean
  /** Keywords count only where they start a word (the regex demands an edge there). */
  edge?: boolean
}

interface Allow extends Omit<AllowSpec, 'regexes'> { regexes: RE2JS[] }

export interface Rule extends Omit<RuleSpec, 'allowlists'> {
  re: RE2JS
  rank: number
  allow: Allow[]
}

/** A secret's place in the text; a lower rank names the kind when spans overlap. */
export interface Span { start: number, end: number, kind: string, rank: number }

export function compileRule (spec: RuleSpec, rank: number): Rule {
  const allow = (spec.allowlists ?? []).map(a => ({ ...a, regexes: a.regexes.map(r => RE2JS.compile(r)) }))
  return { ...spec, re: RE2JS.compile(spec.regex), rank, allow }
}

function isBlank (text: string, i: number): boolean {
  const c = text[i]
  return c === ' ' || c === '\t' || c === '\n' || c === '\r'
}

/** Secret bounds without surrounding blanks or literal `\n` escapes, so the mask leaves the layout alone. */
function trim (text: string, s: number, e: number): [number, number] {
  for (;;) {
    if (s < e && isBlank(text, s)) s++
    else if (s + 1 < e && text[s] === '\\' && 'nrt'.includes(text[s + 1] ?? '')) s += 2
    else break
  }
  for (;;) {
    if (e > s && isBlank(text, e - 1)) e--
    else if (e - 1 > s && text[e - 2] === '\\' && 'nrt'.includes(text[e - 1] ?? '')) e -= 2
    else break
  }
  return [s, e]
}

function secretBounds (m: ReturnType<RE2JS['matcher']>, group: number): [number, number] {
  if (group > 0) return [m.start(group), m.end(group)]
  for (let g = 1; g <= m.groupCount(); g++) {
    const s = m.start(g)
    const e = m.end(g)
    if (s >= 0 && e > s) return [s, e]
  }
  return [m.start(), m.end()]
}

/** The line around [s, e), looked for at most 4 KB either side so a giant line costs no more than that. */
function lineAround (text: string, s: number, e: number): string {
  const lo = Math.max(0, s - 4096)
  const before = text.slice(lo, s).lastIndexOf('\n')
  const after = text.slice(e, e + 4096).indexOf('\n')
  return text.slice(before < 0 ? lo : lo + before + 1, after < 0 ? Math.min(text.length, e + 4096) : e + after)
}

function holds (a: Allow, secret: string, target: () => string): boolean {
  if (a.and && a.unmatchable) return false
  const checks: boolean[] = []
  if (a.regexes.length > 0) {
    const t = target()
    checks.push(a.regexes.some(r => r.test(t)))
  }
  if (a.stopwords.length > 0) {
    const low = secret.toLowerCase()
    checks.push(a.stopwords.some(w => low.includes(w)))
  }
  return checks.length > 0 && (a.and ? checks.every(Boolean) : checks.some(Boolean))
}

/** How much more text the capturing matcher (RE2's NFA, the slow part) may read for this message. */
export interface Budget { left: number }

/**
 * Runs one rule on text[from, to) and adds the secrets it keeps to `out` (positions in the whole text).
 * Once the budget is spent, a window the DFA flags is masked whole: a flood of keywords costs time bounded
 * by the budget, and errs towards masking.
 */
export function scan (rule: Rule, text: string, from: number, to: number, out: Span[], budget: Budget): void {
  const win = from === 0 && to === text.length ? text : text.slice(from, to)
  if (!rule.re.test(win)) return
  if (win.length > budget.left) {
    const [s, e] = trim(win, 0, win.length)
    if (e > s) out.push({ start: from + s, end: from + e, kind: rule.kind, rank: rule.rank })
    return
  }
  budget.left -= win.length
  const m = rule.re.matcher(win)
  while (m.find()) {
    const [gs, ge] = secretBounds(m, rule.secretGroup ?? 0)
    if (gs < 0) continue
    const [s, e] = trim(win, gs, ge)
    if (e <= s) continue
    const secret = win.slice(s, e)
    if (rule.entropy !== undefined && rule.entropy > 0 && shannon(secret) < rule.entropy) continue
    if (rule.accept && !rule.accept(secret, win[gs - 1] ?? '')) continue
    const ms = m.start()
    const me = m.end()
    const targets: Record<AllowTarget, () => string> = {
      secret: () => secret, match: () => win.slice(ms, me), line: () => lineAround(text, from + ms, from + me)
    }
    if (rule.allow.some(a => holds(a, secret, targets[a.target]))) continue
    out.push({ start: from + s, end: from + e, kind: rule.kind, rank: rule.rank })
  }
}
