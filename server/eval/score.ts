/** Eval arithmetic: per-message outcomes → per-hook Layer-1 and final figures, and the confusion listing; pure. */
import type { GateResult } from '../judge/layer1.js'
import type { Source } from '../pipeline/turn.js'
import type { Label } from './corpus.js'
import { type Rate, wilson } from './wilson.js'

/** What happened to one labelled message under one hook. `got` is absent in Layer-1-only runs. */
export interface Outcome {
  id: string
  hook: string
  label: Label
  gate: GateResult
  /** The judge's verdict: 'block' when it would block (enforce or shadow), 'ask' on a fail-safe fallback. */
  got?: 'block' | 'allow' | 'ask'
  source?: Source
  ms: number
  calls: number
  tokens: number
  text: string
}

export interface HookScore {
  n: number
  positives: number
  /** recallInterval: the Wilson 95 % interval of the recall (how many positives it rests on, and how far it can be trusted). */
  layer1: { hitRate: number, recall: number | null, recallInterval: Rate }
  /** null in Layer-1-only runs: Layer 1 alone never blocks, so there is no final verdict to score. */
  final: { precision: number | null, recall: number | null, falseBlockRate: number | null } | null
  meanMs: number
  p95Ms: number
  calls: number
  tokens: number
  /** Messages whose verdict came from the hook's fail mode (backend error or deadline). */
  fallbacks: number
}

export interface Miss { kind: 'FN' | 'FP', id: string, hook: string, label: Label, got: string, source: string, text: string }

const round = (x: number) => Math.round(x * 10000) / 10000
const ratio = (num: number, den: number): number | null => den === 0 ? null : round(num / den)

/** Nearest-rank percentile of the samples (0 for none). */
export function percentile (samples: number[], p: number): number {
  if (samples.length === 0) return 0
  const s = [...samples].sort((a, b) => a - b)
  return s[Math.max(0, Math.ceil(p * s.length) - 1)] ?? 0
}

export function scoreHook (outcomes: Outcome[], layer1Only: boolean): HookScore {
  const positives = outcomes.filter(o => o.label === 'block')
  const negatives = outcomes.length - positives.length
  const hits = outcomes.filter(o => o.gate === 'hit').length
  const hitPositives = positives.filter(o => o.gate === 'hit').length
  const blocked = outcomes.filter(o => o.got === 'block')
  const truePositives = blocked.filter(o => o.label === 'block').length
  const ms = outcomes.map(o => o.ms)
  return {
    n: outcomes.length,
    positives: positives.length,
    layer1: { hitRate: ratio(hits, outcomes.length) ?? 0, recall: ratio(hitPositives, positives.length), recallInterval: wilson(hitPositives, positives.length) },
    final: layer1Only
      ? null
      : {
          precision: ratio(truePositives, blocked.length),
          recall: ratio(truePositives, positives.length),
          falseBlockRate: ratio(blocked.length - truePositives, negatives)
        },
    meanMs: round(ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length)),
    p95Ms: round(percentile(ms, 0.95)),
    calls: outcomes.reduce((a, o) => a + o.calls, 0),
    tokens: outcomes.reduce((a, o) => a + o.tokens, 0),
    fallbacks: outcomes.filter(o => o.source === 'fallback').length
  }
}

/** Per hook, in the order given; hooks with no labelled message are left out. */
export function scoreAll (outcomes: Outcome[], hooks: string[], layer1Only: boolean): Record<string, HookScore> {
  const out: Record<string, HookScore> = {}
  for (const h of hooks) {
    const mine = outcomes.filter(o => o.hook === h)
    if (mine.length > 0) out[h] = scoreHook(mine, layer1Only)
  }
  return out
}

/**
 * False negatives, then false positives. In Layer-1-only runs a false negative is a violation Layer 1 did not send
 * to Layer 2 and a false positive an allowed message it did send; otherwise they are the final verdict's errors.
 */
export function misses (outcomes: Outcome[], layer1Only: boolean): Miss[] {
  const miss = (kind: Miss['kind'], o: Outcome): Miss => ({
    kind,
    id: o.id,
    hook: o.hook,
    label: o.label,
    got: layer1Only ? o.gate : o.got ?? 'allow',
    source: layer1Only ? 'layer1' : o.source ?? 'layer1',
    text: o.text.slice(0, 100)
  })
  const predicted = (o: Outcome) => layer1Only ? o.gate === 'hit' : o.got === 'block'
  return [
    ...outcomes.filter(o => o.label === 'block' && !predicted(o)).map(o => miss('FN', o)),
    ...outcomes.filter(o => o.label === 'allow' && predicted(o)).map(o => miss('FP', o))
  ]
}
