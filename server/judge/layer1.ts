/** Layer 1: trigger patterns (and, where the hook has one, its learned scorer) send the text to the judge; skip patterns allow it at once; pure. */
import type { HookPolicy } from '../config/config-schema.js'
import type { Scorer } from '../layer1/model.js'
import { triggerWindows } from '../layer1/trigger-windows.js'
import { unreadLanguage } from '../layer1/languages.js'

/** 'miss': no trigger matched, or the scorer found it ordinary (allow) · 'skip': a skip pattern matched (allow) · 'hit': send to Layer 2. */
export type GateResult = 'miss' | 'skip' | 'hit'

export type Layer1Policy = Pick<HookPolicy, 'trigger' | 'skip'> & { scorer?: Scorer }

/** A hook's best score on the text (Infinity for a trigger hit of a hook without a scorer), or why it has none. */
export function bestScore (text: string, policy: Layer1Policy): number | 'miss' | 'skip' {
  if (text.length === 0) return 'miss'
  const { scorer } = policy
  if (!scorer) {
    if (!policy.trigger.test(text)) return 'miss'
    return policy.skip.test(text) ? 'skip' : Infinity
  }
  // A reply in a language the triggers and scorers were not written for is not theirs to clear: the judge reads it.
  if (unreadLanguage(text)) return policy.skip.test(text) ? 'skip' : Infinity
  // A topic scorer reads the whole of a reply the triggers pass (the bug-fix hooks' decision needs all of it); a window
  // scorer only the prose sentences around trigger hits. Either way the triggers are the recall signals.
  const windows = scorer.kind === 'topic' ? (policy.trigger.test(text) ? [text] : []) : triggerWindows(text, policy.trigger, scorer.skipsTables)
  if (windows.length === 0) return 'miss'
  if (policy.skip.test(text)) return 'skip'
  return Math.max(...windows.map(w => scorer.score(w, text)))
}

/** One hook: a hit when its best score reaches its threshold. */
export function gate (text: string, policy: Layer1Policy): GateResult {
  const score = bestScore(text, policy)
  if (typeof score !== 'number') return score
  return score >= (policy.scorer?.threshold ?? 0) ? 'hit' : 'miss'
}
