/** Where a hook's learned scorer looks: each prose sentence a trigger matches, with one sentence either side; pure. */
import type { PatternSet } from '../judge/patterns.js'
import { prose, sentences } from './sentences.js'

/** A few windows are enough to judge a reply; more would only let a long one cost more. */
const MAX_WINDOWS = 8
/** A window past this is cut: a sentence without a full stop can run for kilobytes. */
const MAX_WINDOW_CHARS = 1200

export function triggerWindows (text: string, trigger: Pick<PatternSet, 'test'>): string[] {
  const list = sentences(prose(text))
  const out: string[] = []
  for (let i = 0; i < list.length && out.length < MAX_WINDOWS; i++) {
    if (!trigger.test(list[i]!.text)) continue
    const from = Math.max(0, i - 1)
    const to = Math.min(list.length, i + 2)
    out.push(list.slice(from, to).map(s => s.text).join(' ').slice(0, MAX_WINDOW_CHARS))
  }
  return out
}
