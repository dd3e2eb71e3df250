/** Layer 1: trigger patterns (and, where the hook has one, its learned scorer) send the text to the judge; skip patterns allow it at once; pure. */
import type { HookPolicy } from '../config/config-schema.js'
import { type Scorer, thresholdFor, thresholdRange, type TurnClass } from '../layer1/model.js'
import { triggerWindows } from '../layer1/trigger-windows.js'

/** 'miss': no trigger matched, or the scorer found it ordinary (allow) · 'skip': a skip pattern matched (allow) · 'hit': send to Layer 2. */
export type GateResult = 'miss' | 'skip' | 'hit'

export type Layer1Policy = Pick<HookPolicy, 'trigger' | 'skip'> & { scorer?: Scorer }

/**
 * turn: the turn's class (server/evidence/turn-class.ts); a scorer with a threshold for that class applies it. Given as a
 * function, it is asked only when the score falls between the scorer's thresholds, where the class decides.
 */
export function gate (text: string, policy: Layer1Policy, turn?: TurnClass | (() => TurnClass | undefined)): GateResult {
  if (text.length === 0) return 'miss'
  const { scorer } = policy
  if (!scorer) {
    if (!policy.trigger.test(text)) return 'miss'
    return policy.skip.test(text) ? 'skip' : 'hit'
  }
  // A topic scorer reads the whole of a reply the triggers pass (the bug-fix hooks' decision needs all of it); a window
  // scorer only the prose sentences around trigger hits. Either way the triggers are the recall signals.
  const windows = scorer.kind === 'topic' ? (policy.trigger.test(text) ? [text] : []) : triggerWindows(text, policy.trigger, scorer.skipsTables)
  if (windows.length === 0) return 'miss'
  if (policy.skip.test(text)) return 'skip'
  const score = Math.max(...windows.map(w => scorer.score(w, text)))
  if (typeof turn !== 'function') return score >= thresholdFor(scorer, turn) ? 'hit' : 'miss'
  const [lowest, highest] = thresholdRange(scorer)
  if (score < lowest || score >= highest) return score >= highest ? 'hit' : 'miss'
  return score >= thresholdFor(scorer, turn()) ? 'hit' : 'miss'
}
