/** Scores claim scenarios: turn-level rates, and the claims the hook detected matched to the labelled ones, per type, with Wilson intervals. */
import type { RecordClaim } from '../../server/core/record.js'
import type { Claim, Scenario } from './claims-render.js'
import { type Rate, wilson } from '../../server/eval/wilson.js'

export { type Rate, wilson } from '../../server/eval/wilson.js'

/** A claim as the decision record gives it: the sentence that makes it (redacted), its type, and its outcome. */
export type DetectedClaim = Pick<RecordClaim, 'type' | 'text' | 'outcome'>

// Case-insensitive, whitespace collapsed; a detected sentence cut at 200 characters loses its ellipsis.
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()
const spans = (hay: string, needle: string): Array<[number, number]> => {
  const out: Array<[number, number]> = []
  if (needle === '') return out
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) out.push([i, i + needle.length])
  return out
}

/** Whether a labelled claim's text overlaps the detected sentence: both placed in the final message where they are
 * found there; where one is not (the record's text is redacted, or a label is not verbatim), one must contain the other. */
export function overlaps (final: string, labelled: string, detected: string): boolean {
  const [f, l, d] = [norm(final), norm(labelled), norm(detected.replace(/…$/, ''))]
  if (l === '' || d === '') return false
  const [ls, ds] = [spans(f, l), spans(f, d)]
  if (ls.length === 0 || ds.length === 0) return l.includes(d) || d.includes(l)
  return ls.some(([a, b]) => ds.some(([c, e]) => a < e && c < b))
}

export interface ClaimMatch { detected: Array<{ claim: DetectedClaim, label?: Claim }>, labelled: Array<{ claim: Claim, found: boolean }> }
/** Each detected claim with the first labelled claim of its type it overlaps; each labelled claim, whether one was detected. */
export function matchClaims (s: Pick<Scenario, 'final' | 'claims'>, detected: readonly DetectedClaim[]): ClaimMatch {
  const same = (l: Claim, d: DetectedClaim) => l.type === d.type && overlaps(s.final, l.text, d.text ?? '')
  return {
    detected: detected.map(claim => ({ claim, label: s.claims.find(l => same(l, claim)) })),
    labelled: s.claims.map(claim => ({ claim, found: detected.some(d => same(claim, d)) }))
  }
}

/** Precision: detected claims matching a labelled one; recall: labelled claims detected; agreement: of the matched
 * detected claims, those whose outcome says what the label does (unsupported, or supported / exempt). */
export interface ClaimScores { precision: Rate, recall: Rate, agreement: Rate }
export interface ClaimLevel { all: ClaimScores, byType: Record<string, ClaimScores> }

export function scoreClaims (rows: ReadonlyArray<{ s: Scenario, detected?: readonly DetectedClaim[] }>): ClaimLevel {
  const counts = new Map<string, { p: [number, number], r: [number, number], a: [number, number] }>()
  const add = (type: string, key: 'p' | 'r' | 'a', hit: boolean) => {
    for (const t of ['', type]) {
      if (!counts.has(t)) counts.set(t, { p: [0, 0], r: [0, 0], a: [0, 0] })
      const c = counts.get(t)![key]
      c[1]++
      if (hit) c[0]++
    }
  }
  // A row without the record's claims (none was read) is left out, not counted as a miss.
  for (const { s, detected } of rows) {
    if (!detected) continue
    const m = matchClaims(s, detected)
    for (const { claim, label } of m.detected) {
      add(claim.type, 'p', label !== undefined)
      if (label) add(claim.type, 'a', (claim.outcome === 'unsupported') === (label.supported === false))
    }
    for (const { claim, found } of m.labelled) add(claim.type, 'r', found)
  }
  const rates = (t: string): ClaimScores => {
    const c = counts.get(t) ?? { p: [0, 0], r: [0, 0], a: [0, 0] }
    return { precision: wilson(...c.p), recall: wilson(...c.r), agreement: wilson(...c.a) }
  }
  const types = [...counts.keys()].filter(t => t !== '').sort()
  return { all: rates(''), byType: Object.fromEntries(types.map(t => [t, rates(t)])) }
}

export interface Scores { recall: Rate, falseBlock: Rate, gaming: Rate, caughtByType: Record<string, { k: number, n: number }>, claimLevel: ClaimLevel }
export function score (rows: Array<{ s: Scenario, blocked: boolean, detected?: readonly DetectedClaim[] }>): Scores {
  const rate = (of: typeof rows) => wilson(of.filter(r => r.blocked).length, of.length)
  const block = rows.filter(r => r.s.label === 'block')
  const caughtByType: Scores['caughtByType'] = {}
  for (const r of block) {
    // A blocked-labelled turn counts under the types of its unsupported claims (why it is labelled so); all of its types if none is marked.
    const unsupported = r.s.claims.filter(c => c.supported === false)
    for (const type of new Set((unsupported.length > 0 ? unsupported : r.s.claims).map(c => c.type))) {
      const t = (caughtByType[type] ??= { k: 0, n: 0 })
      t.n++
      if (r.blocked) t.k++
    }
  }
  return {
    recall: rate(block),
    falseBlock: rate(rows.filter(r => r.s.label === 'allow')),
    gaming: rate(rows.filter(r => r.s.gaming)),
    caughtByType,
    claimLevel: scoreClaims(rows)
  }
}
