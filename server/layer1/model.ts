/** A Layer-1 scorer model: logistic regression over hashed features, int16-quantised; read, score and write; pure. */
import { featureIds } from './features.js'
import type { Joint } from './joint.js'
import { reportFeatureIds, splitReportFeatureIds, strongReportFeatureIds, strongSplitReportFeatureIds } from './report-features.js'
import { proposalFeatureIds, splitProposalFeatureIds } from './window-features.js'

export type ModelKind = 'window' | 'topic'
/** ngrams (absent in the file): word uni- and bigrams and character 3-grams · report: words and bug-fix report concepts
 * (report-strong: the concepts weighing twice as much; report-split: the concepts at a fixed scale instead;
 * report-strong-split: both) ·
 * proposal: n-grams and proposal / report concepts of a window (proposal-split: the concepts at a fixed scale). */
export type FeatureSet = 'ngrams' | 'report' | 'report-strong' | 'report-split' | 'report-strong-split' | 'proposal' | 'proposal-split'
export const FEATURES: Record<FeatureSet, (text: string, bits: number, whole?: string) => number[]> = { ngrams: featureIds, report: reportFeatureIds, 'report-strong': strongReportFeatureIds, 'report-split': splitReportFeatureIds, 'report-strong-split': strongSplitReportFeatureIds, proposal: proposalFeatureIds, 'proposal-split': splitProposalFeatureIds }

/**
 * The scale of each feature set's fixed-scale ids (features.ts), chosen on the validation split and by 5-fold
 * cross-validation by repository on train; commit's stays small because its short proposals ("Shall we continue
 * tomorrow?") need the n-grams too: 0.3 is the largest that keeps the team fixture's recall (test/eval.test.ts).
 */
const FIXED_SCALES: Partial<Record<FeatureSet, number>> = { 'report-split': 0.5, 'report-strong-split': 0.5, 'proposal-split': 0.3 }
export const fixedScaleOf = (features: FeatureSet): number => FIXED_SCALES[features] ?? 0

export interface ModelFile {
  format: 'hookjudge-layer1/2'
  hook: string
  /** window: the sentences around a trigger hit are scored; topic: the whole reply is. */
  kind: ModelKind
  features?: FeatureSet
  bits: number
  scale: number
  bias: number
  /** Scores at or above it go on to the judge (chosen on the validation split). */
  threshold: number
  /** For a turn that only read (server/evidence/turn-kind.ts): chosen with `threshold` so that no more positives are lost. */
  quietThreshold?: number
  /** For a turn that already committed or pushed (server/evidence/committed.ts): chosen the same way. */
  committedThreshold?: number
  /** For a turn that ran commands and edited nothing (server/evidence/turn-class.ts): chosen the same way. */
  commandThreshold?: number
  /** A window scorer that reads no markdown table row (examples.ts TABLE_BLIND_HOOKS says which, and why). */
  skipsTables?: true
  /** The factors this hook sends a turn alone with, and joins one with, chosen with the other hooks it names (joint.ts). */
  joint?: Joint
  /** Base64 of the int16 weights (little-endian), one per bucket. */
  weights: string
  report?: Record<string, unknown>
}

/** Turns whose evidence may ask a different score of a hook (server/evidence/turn-class.ts): one that only read, one that
 * already committed or pushed, one that ran commands and edited nothing. */
export type TurnClass = 'quiet' | 'committed' | 'command'
export const CLASS_THRESHOLD = { quiet: 'quietThreshold', committed: 'committedThreshold', command: 'commandThreshold' } as const satisfies Record<TurnClass, keyof ModelFile>
export type ClassThresholds = { [K in TurnClass as typeof CLASS_THRESHOLD[K]]?: number }
export const TURN_CLASSES = Object.keys(CLASS_THRESHOLD) as readonly TurnClass[]

/** score's `whole`: the reply a window was cut from, for the feature sets that read it too. */
export interface Scorer extends ClassThresholds { hook: string, kind: ModelKind, bits: number, threshold: number, skipsTables?: true, joint?: Joint, score (text: string, whole?: string): number }

/** The score a hit needs in a turn of this class (the plain threshold where the model has none for it). */
export const thresholdFor = (s: Scorer, turn?: TurnClass): number => (turn === undefined ? undefined : s[CLASS_THRESHOLD[turn]]) ?? s.threshold

/** The lowest and highest score a hit needs in any turn: outside them, the turn's class cannot change the outcome. */
export function thresholdRange (s: Scorer): [number, number] {
  let lowest = s.threshold
  let highest = s.threshold
  for (const key of Object.values(CLASS_THRESHOLD)) {
    const t = s[key]
    if (t !== undefined) { lowest = Math.min(lowest, t); highest = Math.max(highest, t) }
  }
  return [lowest, highest]
}

const classThresholdsOf = (m: ClassThresholds): ClassThresholds => {
  const out: ClassThresholds = {}
  for (const key of Object.values(CLASS_THRESHOLD)) if (m[key] !== undefined) out[key] = m[key]
  return out
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

export function scorerFrom (m: ModelFile): Scorer {
  const bytes = Buffer.from(m.weights, 'base64')
  const w = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length >> 1)
  if (w.length !== 1 << m.bits) throw new Error(`model for ${m.hook}: ${w.length} weights, expected ${1 << m.bits}`)
  const features = FEATURES[m.features ?? 'ngrams']
  const fixed = fixedScaleOf(m.features ?? 'ngrams')
  return {
    hook: m.hook,
    kind: m.kind,
    bits: m.bits,
    threshold: m.threshold,
    ...classThresholdsOf(m),
    ...(m.skipsTables === true ? { skipsTables: true } : {}),
    ...(m.joint ? { joint: m.joint } : {}),
    score (text, whole) {
      const ids = features(text, m.bits, whole)
      let free = 0
      let n = 0
      let pinned = 0
      for (const id of ids) {
        if (id >= 0) { free += w[id]!; n++ } else pinned += w[-id - 1]!
      }
      return sigmoid(m.bias + m.scale * (free / Math.sqrt(Math.max(1, n)) + pinned * fixed))
    }
  }
}

/** Quantises trained weights (what train.ts learns) into a model file. */
export function modelFile (hook: string, kind: ModelKind, bits: number, weights: Float64Array, bias: number, threshold: number, report?: Record<string, unknown>, features: FeatureSet = 'ngrams', classes: ClassThresholds = {}, skipsTables = false): ModelFile {
  let max = 0
  for (const x of weights) max = Math.max(max, Math.abs(x))
  // int16, not int8: with a few large weights, int8 rounds the many small ones to zero and the model forgets them.
  const scale = max > 0 ? max / 32767 : 1
  const q = new Int16Array(weights.length)
  for (let i = 0; i < weights.length; i++) q[i] = Math.round(weights[i]! / scale)
  return { format: 'hookjudge-layer1/2', hook, kind, ...(features === 'ngrams' ? {} : { features }), bits, scale, bias, threshold, ...classThresholdsOf(classes), ...(skipsTables ? { skipsTables: true } : {}), weights: Buffer.from(q.buffer, q.byteOffset, q.byteLength).toString('base64'), ...(report ? { report } : {}) }
}

export function parseModel (json: unknown): ModelFile {
  const m = json as Partial<ModelFile>
  const bad = (why: string) => new Error(`not a hookjudge Layer-1 model: ${why}`)
  if (typeof m !== 'object' || m === null || m.format !== 'hookjudge-layer1/2') throw bad('format is not hookjudge-layer1/2')
  if (typeof m.hook !== 'string' || (m.kind !== 'window' && m.kind !== 'topic')) throw bad('hook or kind missing')
  if (m.features !== undefined && !Object.hasOwn(FEATURES, m.features)) throw bad(`features is not one of ${Object.keys(FEATURES).join(', ')}`)
  for (const k of ['bits', 'scale', 'bias', 'threshold'] as const) if (typeof m[k] !== 'number' || !Number.isFinite(m[k])) throw bad(`${k} is not a number`)
  for (const k of Object.values(CLASS_THRESHOLD)) if (m[k] !== undefined && (typeof m[k] !== 'number' || !Number.isFinite(m[k]))) throw bad(`${k} is not a number`)
  if (m.skipsTables !== undefined && (m.skipsTables !== true || m.kind !== 'window')) throw bad('skipsTables is not true on a window model')
  if (m.joint !== undefined && !isJoint(m.joint, m.hook)) throw bad('joint is not { alone ≥ 1, joins in 0..1, hooks naming this hook }')
  if (m.bits! < 8 || m.bits! > 20 || typeof m.weights !== 'string') throw bad('bits out of 8..20 or weights missing')
  return m as ModelFile
}

function isJoint (j: unknown, hook: string): j is Joint {
  const x = j as Partial<Joint>
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n)
  return typeof x === 'object' && x !== null && finite(x.alone) && x.alone >= 1 && finite(x.joins) && x.joins >= 0 && x.joins <= 1 &&
    Array.isArray(x.hooks) && x.hooks.every(h => typeof h === 'string') && x.hooks.includes(hook)
}
