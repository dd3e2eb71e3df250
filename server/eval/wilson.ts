/** The Wilson 95 % interval of k successes in n trials: what a rate measured on a few dozen cases can be trusted to; pure. */
export interface Rate { k: number, n: number, rate: number | null, low: number | null, high: number | null }

export function wilson (k: number, n: number): Rate {
  if (n === 0) return { k, n, rate: null, low: null, high: null }
  const z = 1.959964
  const p = k / n
  const d = 1 + z * z / n
  const mid = (p + z * z / (2 * n)) / d
  const half = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
  return { k, n, rate: p, low: Math.max(0, mid - half), high: Math.min(1, mid + half) }
}

/** "0.95 [0.88–0.98]" or "—" for no trials. */
export const showRate = (r: Rate, digits = 2): string => r.rate === null ? '—' : `${r.rate.toFixed(digits)} [${r.low!.toFixed(digits)}–${r.high!.toFixed(digits)}]`
