/** Per hook and hour: blocks, shadow would-blocks, fallbacks, Layer-1 hits and judge latency, for the page's charts. */
import { percentile } from '../eval/score.js'
import type { DecisionRecord } from '../core/record.js'
import type { DecisionStore } from './decision-store.js'

export interface HookHours {
  total: number[]
  blocks: number[]
  wouldBlocks: number[]
  fallbacks: number[]
  /** Layer-1 hits: the text went on to Layer 2 (judged, cached, fell back, shadowed or turned by the loop guard). */
  hits: number[]
  /** Median and p95 of `ms` over the hour's judge calls (source judge); null for an hour without any. */
  judgeMsP50: (number | null)[]
  judgeMsP95: (number | null)[]
}

export interface Hourly { start: string, hours: number, hooks: Record<string, HookHours>, truncated: boolean }

const HOUR = 3600_000
const HIT_SOURCES = new Set(['judge', 'cache', 'fallback', 'shadow', 'guard'])
// Records are appended in arrival order, give or take a request still running: read a little past the window.
const SLACK_MS = 5 * 60_000

/** user: count only this person's decisions (server.tokensFile). */
export async function hourly (store: DecisionStore, hours: number, now: Date, user?: string): Promise<Hourly> {
  const end = Math.ceil(now.getTime() / HOUR) * HOUR
  const start = end - hours * HOUR
  const sinceIso = new Date(start).toISOString()
  const stopIso = new Date(start - SLACK_MS).toISOString()
  const hooks: Record<string, HookHours> = {}
  const ms: Record<string, number[][]> = {}
  const zeros = () => new Array<number>(hours).fill(0)
  const add = (r: DecisionRecord) => {
    const i = Math.floor((Date.parse(r.ts) - start) / HOUR)
    if (!(i >= 0 && i < hours)) return
    const h = (hooks[r.hook] ??= { total: zeros(), blocks: zeros(), wouldBlocks: zeros(), fallbacks: zeros(), hits: zeros(), judgeMsP50: [], judgeMsP95: [] })
    h.total[i]!++
    if (r.decision === 'block' || r.decision === 'deny') h.blocks[i]!++
    if (r.decision === 'allow' && r.wouldBlock) h.wouldBlocks[i]!++
    if (r.source === 'fallback') h.fallbacks[i]!++
    if (HIT_SOURCES.has(r.source)) h.hits[i]!++
    if (r.source === 'judge' && typeof r.ms === 'number') ((ms[r.hook] ??= Array.from({ length: hours }, () => []))[i]!).push(r.ms)
  }
  let edge = false
  const next = await store.walk({ sinceDay: stopIso.slice(0, 10) }, ({ record }) => {
    if (record.ts < stopIso) { edge = true; return false }
    if (record.ts >= sinceIso && (user === undefined || record.user === user)) add(record)
    return true
  })
  for (const [name, h] of Object.entries(hooks)) {
    const samples = ms[name] ?? Array.from({ length: hours }, () => [])
    h.judgeMsP50 = samples.map(s => s.length ? Math.round(percentile(s, 0.5)) : null)
    h.judgeMsP95 = samples.map(s => s.length ? Math.round(percentile(s, 0.95)) : null)
  }
  // A walk that stopped for its read budget, not at the window's edge, left older hours partly uncounted.
  const truncated = next !== null && !edge
  return { start: sinceIso, hours, hooks, truncated }
}
