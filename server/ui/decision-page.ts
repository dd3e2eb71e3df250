/** One page of the timeline: filtered decision records, newest first, and the cursor of the next (older) page. */
import type { Redactor } from '../redact/redact.js'
import type { DecisionRecord } from '../core/record.js'
import type { Found } from './decision-walk.js'
import type { DecisionStore } from './decision-store.js'
import { isStreamId } from '../state/redis-decisions.js'
import { parseId } from './decision-walk.js'

export interface Filters {
  hook?: string
  decision?: string
  source?: string
  session?: string
  /** Only this person's decisions (server.tokensFile): a reviewer's filter, or the page of anyone who may see only theirs. */
  user?: string
  /** ISO times: since inclusive, until exclusive. */
  since?: string
  until?: string
}

export interface PageQuery extends Filters { before?: string, limit: number }
export interface Page { items: Found[], next: string | null }

const TIME = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/

/** The query string as filters; anything malformed is a message for a 400, never a thrown error. */
export function parsePageQuery (q: Record<string, unknown>): PageQuery | string {
  const s = (k: string): string | undefined => typeof q[k] === 'string' && q[k] !== '' ? (q[k] as string).slice(0, 200) : undefined
  for (const k of ['since', 'until']) {
    const v = s(k)
    if (v !== undefined && (!TIME.test(v) || Number.isNaN(Date.parse(v)))) return `${k} must be an ISO date or time (2026-05-01, 2026-05-01T12:00:00Z)`
  }
  const before = s('before')
  if (before !== undefined && !parseId(before) && !isStreamId(before)) return 'before must be a decision id (DAY:OFFSET, or a team log id MS-SEQ)'
  const limit = s('limit') === undefined ? 50 : Number(s('limit'))
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) return 'limit must be a whole number from 1 to 200'
  const iso = (v?: string) => v === undefined ? undefined : new Date(Date.parse(v)).toISOString()
  return { hook: s('hook'), decision: s('decision'), source: s('source'), session: s('session'), user: s('user'), since: iso(s('since')), until: iso(s('until')), before, limit }
}

export function matches (r: DecisionRecord, f: Filters): boolean {
  return (f.hook === undefined || r.hook === f.hook) &&
    (f.decision === undefined || r.decision === f.decision || (f.decision === 'would-block' && r.wouldBlock && r.decision === 'allow')) &&
    (f.source === undefined || r.source === f.source) &&
    (f.session === undefined || r.sessionId === f.session) &&
    (f.user === undefined || r.user === f.user) &&
    (f.since === undefined || r.ts >= f.since) &&
    (f.until === undefined || r.ts < f.until)
}

export async function decisionPage (store: DecisionStore, q: PageQuery, redact: Redactor): Promise<Page> {
  const items: Found[] = []
  if (q.before !== undefined && !store.isId(q.before)) return { items, next: null }
  const next = await store.walk({ before: q.before, sinceDay: q.since?.slice(0, 10) }, (f) => {
    if (q.until !== undefined && f.record.ts >= q.until) return true
    if (!matches(f.record, q)) return true
    items.push({ id: f.id, record: shown(f.record, redact) })
    return items.length < q.limit
  })
  return { items, next }
}

/** What the page may show of a record: its text masked again, in case the log was written by an older redactor. */
export function shown (r: DecisionRecord, redact: Redactor): DecisionRecord {
  return typeof r.text === 'string' ? { ...r, text: redact(r.text).text } : r
}
