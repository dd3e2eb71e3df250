/** The wait bench's arithmetic: a seeded log-normal judge delay, and mean, p95 and share-waited of the waits; pure. */
import { createHash } from 'node:crypto'

// The daemon wraps each text in a fresh 24-hex nonce: left in, it would give the same turn a new delay on every run.
const NONCE = /[0-9a-f]{24}/g

/** Two uniforms in (0, 1) from a SHA-256 of seed and key: the same request draws the same delay in every run, in any order. */
export function uniforms (seed: string, key: string): [number, number] {
  const h = createHash('sha256').update(seed).update('\0').update(key.replace(NONCE, '')).digest()
  return [(h.readUInt32BE(0) + 0.5) / 2 ** 32, (h.readUInt32BE(4) + 0.5) / 2 ** 32]
}

/** A log-normal draw (Box–Muller): median × e^(σ·z), z standard normal; σ = 0 is the median itself. */
export function logNormal (median: number, sigma: number, [u1, u2]: [number, number]): number {
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)
  return median * Math.exp(sigma * z)
}

/** The nearest-rank percentile (p in 0–1) of xs; NaN for none. */
export function percentile (xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? NaN : s[Math.max(0, Math.ceil(p * s.length) - 1)]!
}

export interface WaitSummary { turns: number, meanS: number, p95S: number, waited: number }

/**
 * Waits in ms, one per turn, to seconds: mean, p95, and the share of turns held at least `floorMs` — a wait one
 * notices (a model call), not the hook's own start-up.
 */
export function summarize (waitsMs: number[], floorMs: number): WaitSummary {
  const n = waitsMs.length
  return {
    turns: n,
    meanS: n === 0 ? NaN : waitsMs.reduce((a, b) => a + b, 0) / n / 1000,
    p95S: percentile(waitsMs, 0.95) / 1000,
    waited: n === 0 ? NaN : waitsMs.filter(w => w >= floorMs).length / n
  }
}
