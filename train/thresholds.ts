/** Chooses a scorer's one threshold on the held-back split: the highest that still sends the target share of positives on; pure. */

// Just under a kept positive's score, so that positive is sent on.
const under = (s: number) => Math.max(0, s - 1e-6)

/** scores: the positives' best scores (those the triggers reach at all); positives: all of them, reached or not. */
export function pickThreshold (scores: number[], positives: number, target: number): number {
  const sorted = [...scores].sort((a, b) => b - a)
  const need = Math.ceil(target * positives)
  if (sorted.length === 0) return 0.5
  const at = sorted[Math.min(need, sorted.length) - 1] ?? sorted[sorted.length - 1]!
  return under(at)
}
