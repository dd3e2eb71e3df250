/** People-readable eval output: one table row per hook, and the confusion listing; pure. */
import type { HookScore, Miss } from './score.js'
import type { Rate } from './wilson.js'

const pct = (x: number | null | undefined) => x === null || x === undefined ? '-' : `${(100 * x).toFixed(1)}%`
/** The Wilson 95 % interval in whole percents: "88–99". */
const interval = (r: Rate) => r.low === null || r.high === null ? '-' : `${Math.round(100 * r.low)}–${Math.round(100 * r.high)}`

/** Aligns columns: the first `left` ones to the left (names), the rest to the right (figures). */
export function table (rows: string[][], left = 1): string {
  const widths = (rows[0] ?? []).map((_, c) => Math.max(...rows.map(r => (r[c] ?? '').length)))
  return rows.map(r => r.map((cell, c) => c < left ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)).join('  ').trimEnd()).join('\n') + '\n'
}

export function evalTable (scores: Record<string, HookScore>): string {
  const head = ['hook', 'n', 'block', 'L1 hit', 'L1 recall', '95% CI', 'precision', 'recall', 'false-block', 'mean ms', 'p95 ms', 'calls', 'tokens']
  const rows = Object.entries(scores).map(([hook, s]) => [
    hook,
    String(s.n),
    String(s.positives),
    pct(s.layer1.hitRate),
    pct(s.layer1.recall),
    interval(s.layer1.recallInterval),
    pct(s.final?.precision),
    pct(s.final?.recall),
    pct(s.final?.falseBlockRate),
    s.meanMs.toFixed(2),
    s.p95Ms.toFixed(2),
    String(s.calls),
    String(s.tokens)
  ])
  return table([head, ...rows])
}

export function missListing (list: Miss[]): string {
  if (list.length === 0) return 'no misses\n'
  const rows = list.map(m => [m.kind, m.hook, m.id, `label=${m.label}`, `got=${m.got}`, `source=${m.source}`, JSON.stringify(m.text)])
  const fn = list.filter(m => m.kind === 'FN').length
  return `misses: ${fn} false negative(s), ${list.length - fn} false positive(s)\n` +
    table(rows, rows[0]?.length)
}
