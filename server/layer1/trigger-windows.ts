/** Where a hook's learned scorer looks: each prose sentence a trigger matches, with one sentence either side; pure. */
import type { PatternSet } from '../judge/patterns.js'
import { prose, sentences } from './sentences.js'

/** A few windows are enough to judge a reply; more would only let a long one cost more. */
const MAX_WINDOWS = 8
/** A window past this is cut (a sentence without a full stop can run for kilobytes), into pieces that overlap. */
const MAX_WINDOW_CHARS = 1200
const OVERLAP = 200

/** A sentence longer than a window is read in overlapping pieces, so a trigger after kilobytes of padding is still seen. */
function pieces (text: string): string[] {
  if (text.length <= MAX_WINDOW_CHARS) return [text]
  const out: string[] = []
  for (let at = 0; at < text.length; at += MAX_WINDOW_CHARS - OVERLAP) out.push(text.slice(at, at + MAX_WINDOW_CHARS))
  return out
}

// Every scorer hook of a request reads the same text: split it into sentences once, not once per hook.
let last: { text: string, tables: boolean, list: string[] } | undefined

function readable (text: string, tables: boolean): string[] {
  if (last?.text !== text || last.tables !== tables) last = { text, tables, list: sentences(prose(text, tables)).flatMap(pieces) }
  return last.list
}

/** skipTables: leave markdown table rows out (a scorer whose model says so, model.ts `skipsTables`). */
export function triggerWindows (text: string, trigger: Pick<PatternSet, 'test'>, skipTables = false): string[] {
  const list = readable(text, !skipTables)
  const out: string[] = []
  for (let i = 0; i < list.length && out.length < MAX_WINDOWS; i++) {
    if (!trigger.test(list[i]!)) continue
    const before = i > 0 ? `${list[i - 1]} ` : ''
    const after = i + 1 < list.length ? ` ${list[i + 1]}` : ''
    out.push(before + list[i] + after)
  }
  return out
}
