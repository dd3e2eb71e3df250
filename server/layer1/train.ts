/** Trains one hook's Layer-1 scorer on labelled messages and picks its threshold on the held-back split; deterministic, pure. */
import type { PatternSet } from '../judge/patterns.js'
import { featureIds } from './features.js'
import { type ModelFile, modelFile, type ModelKind, scorerFrom } from './model.js'
import { triggerWindows } from './trigger-windows.js'

export interface Example { id: string, text: string, block: boolean, relevant: boolean, split: 'train' | 'validation' }
export interface TrainOptions { kind: ModelKind, bits?: number, epochs?: number, targetRecall?: number }

export interface SplitReport { messages: number, positives: number, triggerRecall: number | null, recall: number | null, hitRate: number, triggerHitRate: number }
export interface TrainReport { hook: string, kind: ModelKind, threshold: number, train: SplitReport, validation: SplitReport }

/** A small deterministic PRNG (mulberry32): the same corpus always gives the same model. */
function rng (seed: number) {
  return () => {
    seed |= 0; seed = seed + 0x6d2b79f5 | 0
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}

const inputs = (e: Example, kind: ModelKind, trigger: Pick<PatternSet, 'test'>) => {
  const windows = triggerWindows(e.text, trigger)
  return windows.length === 0 ? [] : kind === 'topic' ? [e.text] : windows
}

/** AdaGrad logistic regression, classes weighted to balance; a window counts as its message's label. */
function fit (rows: Array<{ ids: number[], y: number }>, bits: number, epochs: number) {
  const w = new Float64Array(1 << bits)
  const g = new Float64Array(1 << bits).fill(1e-8)
  let bias = 0
  let gb = 1e-8
  const pos = rows.filter(r => r.y === 1).length
  const weight = (y: number) => y === 1 ? rows.length / (2 * Math.max(1, pos)) : rows.length / (2 * Math.max(1, rows.length - pos))
  const rand = rng(42)
  const order = rows.map((_, i) => i)
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [order[i], order[j]] = [order[j]!, order[i]!] }
    for (const i of order) {
      const { ids, y } = rows[i]!
      const norm = 1 / Math.sqrt(Math.max(1, ids.length))
      let z = bias
      for (const id of ids) z += w[id]! * norm
      const err = (1 / (1 + Math.exp(-z)) - y) * weight(y)
      for (const id of ids) {
        const grad = err * norm + 1e-5 * w[id]!
        g[id]! += grad * grad
        w[id]! -= 0.5 * grad / Math.sqrt(g[id]!)
      }
      gb += err * err
      bias -= 0.5 * err / Math.sqrt(gb)
    }
  }
  return { w, bias }
}

/** The highest threshold that still sends targetRecall of the positives to the judge (those the triggers reach at all). */
function pickThreshold (scores: number[], positives: number, target: number): number {
  const sorted = [...scores].sort((a, b) => b - a)
  const need = Math.ceil(target * positives)
  if (sorted.length === 0) return 0.5
  const at = sorted[Math.min(need, sorted.length) - 1] ?? sorted[sorted.length - 1]!
  return Math.max(0, at - 1e-6)
}

export function trainScorer (hook: string, trigger: Pick<PatternSet, 'test'>, examples: Example[], opts: TrainOptions): { model: ModelFile, report: TrainReport } {
  const bits = opts.bits ?? 15
  const kind = opts.kind
  const label = (e: Example) => (kind === 'topic' ? e.block || e.relevant : e.block) ? 1 : 0
  const train = examples.filter(e => e.split === 'train')
  const rows = train.flatMap(e => inputs(e, kind, trigger).map(x => ({ ids: featureIds(x, bits), y: label(e) })))
  const { w, bias } = fit(rows, bits, opts.epochs ?? 12)
  const draft = scorerFrom(modelFile(hook, kind, bits, w, bias, 0.5))
  const scoreOf = (e: Example) => {
    const xs = inputs(e, kind, trigger)
    return xs.length === 0 ? null : Math.max(...xs.map(x => draft.score(x)))
  }
  const validation = examples.filter(e => e.split === 'validation')
  const tuneOn = validation.some(e => e.block) ? validation : train
  const reached = tuneOn.filter(e => e.block).map(scoreOf).filter((s): s is number => s !== null)
  const threshold = pickThreshold(reached, tuneOn.filter(e => e.block).length, opts.targetRecall ?? 0.97)
  const describe = (set: Example[]): SplitReport => {
    const scored = set.map(e => ({ e, s: scoreOf(e) }))
    const pos = scored.filter(x => x.e.block)
    const rate = (xs: typeof scored, pass: (s: number | null) => boolean) => xs.length === 0 ? null : xs.filter(x => pass(x.s)).length / xs.length
    return {
      messages: set.length,
      positives: pos.length,
      triggerRecall: rate(pos, s => s !== null),
      recall: rate(pos, s => s !== null && s >= threshold),
      triggerHitRate: rate(scored, s => s !== null) ?? 0,
      hitRate: rate(scored, s => s !== null && s >= threshold) ?? 0
    }
  }
  const report: TrainReport = { hook, kind, threshold, train: describe(train), validation: describe(validation) }
  return { model: modelFile(hook, kind, bits, w, bias, threshold, { ...report }), report }
}
