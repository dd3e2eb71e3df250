/** A unified-style line diff for `install --dry-run`: small settings files, so a plain LCS table is enough; pure. */

const CONTEXT = 3
const MAX_CELLS = 4_000_000

type Op = [' ' | '-' | '+', string]

function ops (a: string[], b: string[]): Op[] {
  // Past the cell budget show a whole replacement rather than spend seconds on a huge file.
  if (a.length * b.length > MAX_CELLS) return [...a.map((l): Op => ['-', l]), ...b.map((l): Op => ['+', l])]
  const w = b.length + 1
  const lcs = new Uint32Array((a.length + 1) * w)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!)
    }
  }
  const out: Op[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) { out.push([' ', a[i]!]); i++; j++ } else if (i < a.length && (j === b.length || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) { out.push(['-', a[i]!]); i++ } else { out.push(['+', b[j]!]); j++ }
  }
  return out
}

const lines = (s: string) => s === '' ? [] : s.replace(/\n$/, '').split('\n')

/** '' when equal; otherwise ---/+++ headers and @@ hunks with 3 lines of context. */
export function unifiedDiff (before: string, after: string, fromLabel: string, toLabel: string): string {
  if (before === after) return ''
  const all = ops(lines(before), lines(after))
  const changed = all.map((o, k) => o[0] !== ' ' ? k : -1).filter(k => k >= 0)
  const out = [`--- ${fromLabel}`, `+++ ${toLabel}`]
  let k = 0
  while (k < changed.length) {
    const start = Math.max(0, changed[k]! - CONTEXT)
    let end = changed[k]!
    while (k < changed.length && changed[k]! <= end + 2 * CONTEXT) end = changed[k++]!
    const stop = Math.min(all.length, end + CONTEXT + 1)
    const prior = all.slice(0, start)
    const oldStart = prior.filter(o => o[0] !== '+').length + 1
    const newStart = prior.filter(o => o[0] !== '-').length + 1
    const hunk = all.slice(start, stop)
    out.push(`@@ -${oldStart},${hunk.filter(o => o[0] !== '+').length} +${newStart},${hunk.filter(o => o[0] !== '-').length} @@`)
    for (const [op, text] of hunk) out.push(op + text)
  }
  return out.join('\n') + '\n'
}
