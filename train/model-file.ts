/** Quantises trained weights (what scorer.ts learns) into a model file the daemon reads (server/layer1/model.ts); pure. */
import type { FeatureSet, ModelFile, ModelKind } from '../server/layer1/model.js'

export function modelFile (hook: string, kind: ModelKind, bits: number, weights: Float64Array, bias: number, threshold: number, report?: Record<string, unknown>, features: FeatureSet = 'ngrams', skipsTables = false): ModelFile {
  let max = 0
  for (const x of weights) max = Math.max(max, Math.abs(x))
  // int16, not int8: with a few large weights, int8 rounds the many small ones to zero and the model forgets them.
  const scale = max > 0 ? max / 32767 : 1
  const q = new Int16Array(weights.length)
  for (let i = 0; i < weights.length; i++) q[i] = Math.round(weights[i]! / scale)
  return {
    format: 'hookjudge-layer1/2',
    hook,
    kind,
    ...(features === 'ngrams' ? {} : { features }),
    bits,
    scale,
    bias,
    threshold,
    ...(skipsTables ? { skipsTables: true } : {}),
    weights: Buffer.from(q.buffer, q.byteOffset, q.byteLength).toString('base64'),
    ...(report ? { report } : {})
  }
}
