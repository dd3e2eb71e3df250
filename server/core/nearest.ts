/** The nearest of some known names to a mistyped one (edit distance), for "did you mean" hints. */

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1. */
function distance (a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i === 0 ? j : j === 0 ? i : 0))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  }
  return d[a.length]![b.length]!
}

/** The closest candidate within a third of the word's length (at least 2 edits), or undefined when none is close. */
export function nearest (word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestD = Infinity
  const lower = word.toLowerCase()
  for (const c of candidates) {
    const d = distance(lower, c.toLowerCase())
    if (d < bestD) { best = c; bestD = d }
  }
  return bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined
}
