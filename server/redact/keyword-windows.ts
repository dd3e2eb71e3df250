/** Where a rule must look: the lines holding its keywords, windows of giant lines, and bounded chunks; pure. */

export type Window = [start: number, end: number]

/** Past this length a line is cut into windows around each keyword, so one giant line costs what its keywords need. */
const LONG_LINE = 16384
const REACH_BEFORE = 256
const REACH_AFTER = 4096
/** Matcher input is cut to this size; the overlap keeps any secret shorter than it whole in one chunk. */
const CHUNK = 32768
const OVERLAP = 8192

const isWordChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57)

export function lineStarts (text: string): number[] {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}

/** The line holding position i, without its newline. */
function lineOf (starts: readonly number[], i: number, length: number): Window {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] ?? 0) <= i) lo = mid
    else hi = mid - 1
  }
  const next = starts[lo + 1]
  return [starts[lo] ?? 0, next === undefined ? length : next - 1]
}

/**
 * The merged windows around keyword positions `at`; with `edge`, a keyword glued to a preceding
 * ASCII letter or digit does not count (CJK before it does).
 */
export function keywordWindows (at: readonly number[], lower: string, starts: readonly number[], edge: boolean): Window[] {
  const found: Window[] = []
  for (const i of at) {
    if (edge && i > 0 && isWordChar(lower.charCodeAt(i - 1))) continue
    const [ls, le] = lineOf(starts, i, lower.length)
    found.push(le - ls > LONG_LINE ? [Math.max(ls, i - REACH_BEFORE), Math.min(le, i + REACH_AFTER)] : [ls, le])
  }
  found.sort((a, b) => a[0] - b[0])
  const merged: Window[] = []
  for (const w of found) {
    const last = merged[merged.length - 1]
    if (last && w[0] < last[1]) last[1] = Math.max(last[1], w[1])
    else merged.push([w[0], w[1]])
  }
  return merged
}

/** Windows longer than CHUNK become overlapping chunks, so no single matcher run is unbounded. */
export function chunked (wins: readonly Window[]): Window[] {
  const out: Window[] = []
  for (const [s, e] of wins) {
    if (e - s <= CHUNK) {
      out.push([s, e])
      continue
    }
    for (let a = s; ; a += CHUNK - OVERLAP) {
      const b = Math.min(e, a + CHUNK)
      out.push([a, b])
      if (b === e) break
    }
  }
  return out
}
