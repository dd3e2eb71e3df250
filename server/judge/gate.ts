/** Layer 1: trigger patterns send the text to the judge, skip patterns allow it at once; pure. */
import type { HookPolicy } from '../config-schema.js'

/** 'miss': no trigger matched (allow) · 'skip': a skip pattern matched (allow) · 'hit': send to Layer 2. */
export type GateResult = 'miss' | 'skip' | 'hit'

export function gate (text: string, policy: Pick<HookPolicy, 'trigger' | 'skip'>): GateResult {
  if (text.length === 0 || !policy.trigger.test(text)) return 'miss'
  return policy.skip.test(text) ? 'skip' : 'hit'
}
