/** One turn's view: every hook's record of the request a decision came from, by `turn`, else by session and time. */
import type { Redactor } from '../redact/redact.js'
import type { DecisionRecord } from '../core/record.js'
import { shown } from './decision-page.js'
import type { Found } from './decision-walk.js'
import type { DecisionStore } from './decision-store.js'

export interface TurnView {
  /** How the records were grouped: the shared `turn` key, or (records from before it existed) session and time. */
  by: 'turn' | 'session-time'
  turn: string | null
  items: Found[]
}

/** Records of one request are written within its deadline of each other; the fallback window is generous. */
export const FALLBACK_WINDOW_MS = 2000
const MAX_ITEMS = 50

const turnOf = (r: DecisionRecord): string | null => {
  const t = (r as { turn?: unknown }).turn
  return typeof t === 'string' && t !== '' ? t : null
}

export async function turnView (store: DecisionStore, id: string, redact: Redactor): Promise<TurnView | null> {
  const anchor = await store.at(id)
  if (!anchor) return null
  const turn = turnOf(anchor.record)
  const t0 = Date.parse(anchor.record.ts)
  const same = (r: DecisionRecord) => turn !== null
    ? turnOf(r) === turn
    : r.sessionId === anchor.record.sessionId && r.event === anchor.record.event && Math.abs(Date.parse(r.ts) - t0) <= FALLBACK_WINDOW_MS
  // The turn's records sit next to each other in the log: read from a minute after it back to a minute before.
  const after = new Date(t0 + 60_000).toISOString()
  const before = new Date(t0 - 60_000).toISOString()
  const items: Found[] = []
  await store.walk({ from: after, sinceDay: before.slice(0, 10) }, (f) => {
    if (f.record.ts > after) return true
    if (f.record.ts < before) return false
    if (same(f.record)) items.push({ id: f.id, record: shown(f.record, redact) })
    return items.length < MAX_ITEMS
  })
  // Side by side in the order the hooks ran.
  items.reverse()
  return { by: turn !== null ? 'turn' : 'session-time', turn, items }
}
