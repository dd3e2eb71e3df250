/** Trains one hook's Layer-1 scorer on labelled messages and picks its threshold on the held-back split; deterministic, pure. */
import type { PatternSet } from '../server/judge/patterns.js'
import { bucketOf } from '../server/layer1/features.js'
import { FEATURES, type FeatureSet, fixedScaleOf, type ModelFile, type ModelKind, scorerFrom } from '../server/layer1/model.js'
import { triggerWindows } from '../server/layer1/trigger-windows.js'
import { unreadLanguage } from '../server/layer1/languages.js'
import { modelFile } from './model-file.js'
import { pickThreshold } from './thresholds.js'

/** must: a canonical form the threshold keeps, whatever the target (corpus rows' `must`). */
export interface Example { id: string, text: string, block: boolean, relevant: boolean, synthetic: boolean, must?: true, split: 'train' | 'validation' }
/** skipsTables: a window scorer that reads no markdown table row (model.ts). */
export interface TrainOptions { kind: ModelKind, features?: FeatureSet, bits?: number, epochs?: number, targetRecall?: number, skipsTables?: boolean, l2?: number, margin?: number }

export interface SplitReport {
  messages: number
  positives: number
  /** Positives written for the corpus (labelling.md `synthetic`), reported apart from the real ones. */
  syntheticPositives: number
  triggerRecall: number | null
  recall: number | null
  realRecall: number | null
  syntheticRecall: number | null
  hitRate: number
  triggerHitRate: number
  /** Among real messages only: what an ordinary session would see. */
  realHitRate: number | null
}
export interface TrainReport { hook: string, kind: ModelKind, features?: FeatureSet, skipsTables?: boolean, threshold: number, train: SplitReport, validation: SplitReport }

/** A small deterministic PRNG (mulberry32): the same corpus always gives the same model. */
function rng (seed: number) {
  return () => {
    seed |= 0; seed = seed + 0x6d2b79f5 | 0
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}

/** A topic scorer reads the whole of a reply the triggers pass; a window scorer only the sentences around trigger hits. */
export function scorerInputs (text: string, kind: ModelKind, trigger: Pick<PatternSet, 'test'>, skipTables = false): string[] {
  if (kind === 'window') return triggerWindows(text, trigger, skipTables)
  return trigger.test(text) ? [text] : []
}

interface Row { ids: number[], y: number, message: number }

/**
 * AdaGrad logistic regression, classes weighted to balance. A blocked message's windows are not all the violation: after the
 * first epoch only its best-scoring window is a positive (multiple-instance learning), the rest sit out that epoch.
 */
// Chosen on the corpus's validation split (AUC): a smaller step and stronger L2 generalise better from few positives.
const LEARNING_RATE = 0.05
/** The share of the held-back positives a threshold keeps: recall first (a Layer-1 miss is silent), the judge decides the rest. */
export const TARGET_RECALL = 0.98
const L2 = 1e-2

/** fixed: the scale of the feature set's fixed-scale ids (features.ts, model.ts). */
function fit (rows: Row[], bits: number, epochs: number, fixed: number, lr = LEARNING_RATE, l2 = L2) {
  const w = new Float64Array(1 << bits)
  const g = new Float64Array(1 << bits).fill(1e-8)
  let bias = 0
  let gb = 1e-8
  const pos = rows.filter(r => r.y === 1).length
  const weight = (y: number) => y === 1 ? rows.length / (2 * Math.max(1, pos)) : rows.length / (2 * Math.max(1, rows.length - pos))
  // The factor each free (non-negative) id's weight is multiplied by: 1 / √(their count).
  const freeNorm = (ids: number[]) => { let n = 0; for (const id of ids) if (id >= 0) n++; return 1 / Math.sqrt(Math.max(1, n)) }
  const rand = rng(42)
  const order = rows.map((_, i) => i)
  const z = (ids: number[]) => {
    const norm = freeNorm(ids)
    let s = bias
    for (const id of ids) s += w[bucketOf(id)]! * (id >= 0 ? norm : fixed)
    return s
  }
  for (let epoch = 0; epoch < epochs; epoch++) {
    const best = new Map<number, number>()
    if (epoch > 0) {
      rows.forEach((r, i) => {
        if (r.y !== 1) return
        const at = best.get(r.message)
        if (at === undefined || z(r.ids) > z(rows[at]!.ids)) best.set(r.message, i)
      })
    }
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [order[i], order[j]] = [order[j]!, order[i]!] }
    for (const i of order) {
      const { ids, y, message } = rows[i]!
      if (y === 1 && epoch > 0 && best.get(message) !== i) continue
      const norm = freeNorm(ids)
      const zi = z(ids)
      const err = (1 / (1 + Math.exp(-zi)) - y) * weight(y)
      for (const id of ids) {
        const b = bucketOf(id)
        const grad = err * (id >= 0 ? norm : fixed) + l2 * w[b]!
        g[b]! += grad * grad
        w[b]! -= lr * grad / Math.sqrt(g[b]!)
      }
      gb += err * err
      bias -= lr * err / Math.sqrt(gb)
    }
  }
  return { w, bias }
}

export function trainScorer (hook: string, trigger: Pick<PatternSet, 'test'>, examples: Example[], opts: TrainOptions): { model: ModelFile, report: TrainReport } {
  const bits = opts.bits ?? 15
  const kind = opts.kind
  const features = opts.features ?? 'ngrams'
  const skipsTables = kind === 'window' && opts.skipsTables === true
  const ids = FEATURES[features]
  const label = (e: Example) => e.block ? 1 : 0
  const train = examples.filter(e => e.split === 'train')
  const rows = train.flatMap((e, message) => scorerInputs(e.text, kind, trigger, skipsTables).map(x => ({ ids: ids(x, bits, e.text), y: label(e), message })))
  const { w, bias } = fit(rows, bits, opts.epochs ?? 12, fixedScaleOf(features), LEARNING_RATE, opts.l2 ?? L2)
  const draft = scorerFrom(modelFile(hook, kind, bits, w, bias, 0, undefined, features, skipsTables))
  const scoreOf = (e: Example) => {
    const xs = scorerInputs(e.text, kind, trigger, skipsTables)
    return xs.length === 0 ? null : Math.max(...xs.map(x => draft.score(x, e.text)))
  }
  const validation = examples.filter(e => e.split === 'validation')
  const tuneOn = validation.some(e => e.block) ? validation : train
  const tunePositives = tuneOn.filter(e => e.block)
  const musts = examples.filter(e => e.must).map(scoreOf).filter((s): s is number => s !== null)
  // The pick on the validation split, lowered by the hook's margin: what text by writers the scorer never saw asks of it.
  const picked = pickThreshold(tunePositives.map(scoreOf).filter((s): s is number => s !== null), tunePositives.length, opts.targetRecall ?? TARGET_RECALL) * (opts.margin ?? 1)
  const threshold = Math.min(picked, ...musts.map(s => pickThreshold([s], 1, 1)))
  const describe = (set: Example[]): SplitReport => {
    const scored = set.map(e => ({ e, s: scoreOf(e) }))
    const pos = scored.filter(x => x.e.block)
    type X = typeof scored[number]
    const rate = (xs: X[], pass: (x: X) => boolean) => xs.length === 0 ? null : xs.filter(pass).length / xs.length
    // What serve sends on: a reply in a language Layer 1 does not read goes to the judge whatever its score (judge/layer1.ts).
    const sent = (x: X) => unreadLanguage(x.e.text) || (x.s !== null && x.s >= threshold)
    return {
      messages: set.length,
      positives: pos.length,
      syntheticPositives: pos.filter(x => x.e.synthetic).length,
      triggerRecall: rate(pos, x => x.s !== null),
      recall: rate(pos, sent),
      realRecall: rate(pos.filter(x => !x.e.synthetic), sent),
      syntheticRecall: rate(pos.filter(x => x.e.synthetic), sent),
      triggerHitRate: rate(scored, x => x.s !== null) ?? 0,
      hitRate: rate(scored, sent) ?? 0,
      realHitRate: rate(scored.filter(x => !x.e.synthetic), sent)
    }
  }
  const report: TrainReport = { hook, kind, ...(features === 'ngrams' ? {} : { features }), ...(skipsTables ? { skipsTables } : {}), threshold, train: describe(train), validation: describe(validation) }
  return { model: modelFile(hook, kind, bits, w, bias, threshold, { ...report }, features, skipsTables), report }
}
