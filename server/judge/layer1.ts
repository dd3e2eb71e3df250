/** Layer 1: trigger patterns (and, where the hook has one, its learned scorer) send the text to the judge; skip patterns allow it at once; pure. */
import type { HookPolicy } from '../config/config-schema.js'
import { type Scorer, thresholdFor, thresholdRange, type TurnClass } from '../layer1/model.js'
import { triggerWindows } from '../layer1/trigger-windows.js'

/** 'miss': no trigger matched, or the scorer found it ordinary (allow) · 'skip': a skip pattern matched (allow) · 'hit': send to Layer 2. */
export type GateResult = 'miss' | 'skip' | 'hit'

export type Layer1Policy = Pick<HookPolicy, 'trigger' | 'skip'> & { scorer?: Scorer }

/** Given as a function, the turn's class is asked only where it can change the outcome. */
export type TurnClassOf = TurnClass | (() => TurnClass | undefined)

/**
 * A hook's best score on the text (Infinity for a trigger hit of a hook without a scorer), or why it has none: 'miss'
 * (no trigger matched) or 'skip' (a skip pattern matched). The costly part of Layer 1; the turn's class is not needed.
 */
export function bestScore (text: string, policy: Layer1Policy): number | 'miss' | 'skip' {
  if (text.length === 0) return 'miss'
  const { scorer } = policy
  if (!scorer) {
    if (!policy.trigger.test(text)) return 'miss'
    return policy.skip.test(text) ? 'skip' : Infinity
  }
  // A topic scorer reads the whole of a reply the triggers pass (the bug-fix hooks' decision needs all of it); a window
  // scorer only the prose sentences around trigger hits. Either way the triggers are the recall signals.
  const windows = scorer.kind === 'topic' ? (policy.trigger.test(text) ? [text] : []) : triggerWindows(text, policy.trigger, scorer.skipsTables)
  if (windows.length === 0) return 'miss'
  if (policy.skip.test(text)) return 'skip'
  return Math.max(...windows.map(w => scorer.score(w, text)))
}

/**
 * A best score over the threshold the turn's class asks (1: at it). The class is asked only for a score whose side of
 * `range` (the relative scores the caller compares with, joint.ts) it could change.
 */
export function relativeTo (score: number, scorer: Scorer | undefined, turn?: TurnClassOf, range: readonly [number, number] = [1, 1]): number {
  if (!scorer) return score
  if (typeof turn !== 'function') return score / thresholdFor(scorer, turn)
  // Past these bounds every class's threshold puts the score on the same side of the range: the plain one says which.
  const [lowest, highest] = thresholdRange(scorer)
  if (score < range[0] * lowest || score >= range[1] * highest) return score / scorer.threshold
  return score / thresholdFor(scorer, turn())
}

/** bestScore relative to the threshold of the turn's class (relativeTo), or why there is none. */
export function relativeScore (text: string, policy: Layer1Policy, turn?: TurnClassOf, range?: readonly [number, number]): number | 'miss' | 'skip' {
  const score = bestScore(text, policy)
  return typeof score === 'number' ? relativeTo(score, policy.scorer, turn, range) : score
}

/** One hook on its own: a hit when its score reaches its threshold for the turn's class. */
export function gate (text: string, policy: Layer1Policy, turn?: TurnClassOf): GateResult {
  const rel = relativeScore(text, policy, turn)
  return typeof rel === 'number' ? (rel >= 1 ? 'hit' : 'miss') : rel
}
