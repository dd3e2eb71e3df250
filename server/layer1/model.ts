/** A Layer-1 scorer model: logistic regression over hashed features, int16-quantised; read and score; pure. */
import { bucketOf, featureIds } from './features.js'
import { CONCEPT_WEIGHT, reportFeatures } from './report-features.js'
import { proposalFeatures } from './window-features.js'

export type ModelKind = 'window' | 'topic'
/**
 * ngrams (the default): word uni- / bigrams and character 3-grams · report-split: words and bug-fix concepts at a fixed
 * scale (a concept weighs the same in a long reply) · report-strong-split: the concepts also among the words · proposal:
 * a window's n-grams and proposal / report concepts · proposal-split: those concepts at a fixed scale.
 */
export type FeatureSet = 'ngrams' | 'report-split' | 'report-strong-split' | 'proposal' | 'proposal-split'
export const FEATURES: Record<FeatureSet, (text: string, bits: number, whole?: string) => number[]> = {
  ngrams: featureIds, 'report-split': reportFeatures(0), 'report-strong-split': reportFeatures(CONCEPT_WEIGHT), proposal: proposalFeatures(false), 'proposal-split': proposalFeatures(true)
}
/** The scale of each feature set's fixed-scale ids (features.ts): a concept counts this much whatever the text's length. */
export const fixedScaleOf = (features: FeatureSet): number => ({ 'report-split': 0.5, 'report-strong-split': 0.5, 'proposal-split': 0.3 } as Partial<Record<FeatureSet, number>>)[features] ?? 0

export interface ModelFile {
  format: 'hookjudge-layer1/2'
  hook: string
  /** window: the sentences around a trigger hit are scored; topic: the whole reply is. */
  kind: ModelKind
  features?: FeatureSet
  bits: number
  scale: number
  bias: number
  /** Scores at or above it go on to the judge: the one number to move to make the hook more or less sensitive (docs/layer1.md). */
  threshold: number
  /** A window scorer that reads no markdown table row. */
  skipsTables?: true
  /** Base64 of the int16 weights (little-endian), one per bucket. */
  weights: string
  report?: Record<string, unknown>
}

/** score's `whole`: the reply a window was cut from, for the feature sets that read it too. */
export interface Scorer { hook: string, kind: ModelKind, bits: number, threshold: number, skipsTables?: true, score (text: string, whole?: string): number }

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

function weightsOf (m: ModelFile): Int16Array {
  const bytes = Buffer.from(m.weights, 'base64')
  const w = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length >> 1)
  if (w.length !== 1 << m.bits) throw new Error(`${w.length} weights, expected ${1 << m.bits}`)
  return w
}

/** A bound no score passes (loose, never too low): n free ids add at most the n largest weights over √n (features.ts),
 * the fixed-scale ids at most every positive weight once. */
export function highestScore (m: ModelFile, w = weightsOf(m)): number {
  const positive = [...w].filter(x => x > 0).sort((a, b) => b - a)
  let sum = 0
  let free = 0
  positive.forEach((x, i) => { sum += x; free = Math.max(free, sum / Math.sqrt(i + 1)) })
  return sigmoid(m.bias + m.scale * (free + sum * fixedScaleOf(m.features ?? 'ngrams')))
}

export function scorerFrom (m: ModelFile): Scorer {
  const w = weightsOf(m)
  // A threshold no score reaches turns the hook off without a word; that is `mode: off`'s job, not a model's.
  const top = highestScore(m, w)
  if (m.threshold >= 1 || m.threshold > top) throw new Error(`threshold ${m.threshold} is out of reach (no text scores above ${top.toFixed(4)})`)
  const features = FEATURES[m.features ?? 'ngrams']
  const fixed = fixedScaleOf(m.features ?? 'ngrams')
  return {
    hook: m.hook,
    kind: m.kind,
    bits: m.bits,
    threshold: m.threshold,
    ...(m.skipsTables === true ? { skipsTables: true } : {}),
    score (text, whole) {
      let free = 0
      let n = 0
      let pinned = 0
      for (const id of features(text, m.bits, whole)) {
        if (id >= 0) { free += w[id]!; n++ } else pinned += w[bucketOf(id)]!
      }
      return sigmoid(m.bias + m.scale * (free / Math.sqrt(Math.max(1, n)) + pinned * fixed))
    }
  }
}

/** Models written before one threshold per hook carry per-turn thresholds and factors: read, and no longer used. */
export function parseModel (json: unknown): ModelFile {
  const m = json as Partial<ModelFile>
  const bad = (why: string) => new Error(`not a hookjudge Layer-1 model: ${why}`)
  if (typeof m !== 'object' || m === null || m.format !== 'hookjudge-layer1/2') throw bad('format is not hookjudge-layer1/2')
  if (typeof m.hook !== 'string' || (m.kind !== 'window' && m.kind !== 'topic')) throw bad('hook or kind missing')
  if (m.features !== undefined && !Object.hasOwn(FEATURES, m.features)) throw bad(`features is not one of ${Object.keys(FEATURES).join(', ')}`)
  for (const k of ['bits', 'scale', 'bias', 'threshold'] as const) if (typeof m[k] !== 'number' || !Number.isFinite(m[k])) throw bad(`${k} is not a number`)
  if (m.skipsTables !== undefined && (m.skipsTables !== true || m.kind !== 'window')) throw bad('skipsTables is not true on a window model')
  if (m.bits! < 8 || m.bits! > 20 || typeof m.weights !== 'string') throw bad('bits out of 8..20 or weights missing')
  return m as ModelFile
}
