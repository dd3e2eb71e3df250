/** The daemon's figures for `status`: counts by decision and source, cache hit rate and latency quantiles, read from its metrics. */
import type { Metrics } from './metrics.js'

export interface Figures {
  decisions: { total: number, byDecision: Record<string, number>, bySource: Record<string, number> }
  cache: { hit: number, miss: number, coalesced: number, hitRate: number | null }
  latency: { p50Ms: number | null, p99Ms: number | null }
}

/** Like PromQL's histogram_quantile: linear inside the bucket that holds the rank; null without observations. */
export function quantile (buckets: [le: number, cumulative: number][], q: number): number | null {
  const sorted = [...buckets].sort((a, b) => a[0] - b[0])
  const total = sorted[sorted.length - 1]?.[1] ?? 0
  if (total === 0) return null
  const rank = q * total
  let lower = 0
  let below = 0
  for (const [le, count] of sorted) {
    if (count >= rank) {
      // Past the last finite bound there is no upper edge: answer that bound, as Prometheus does.
      if (!Number.isFinite(le)) return lower
      return lower + (le - lower) * (count === below ? 0 : (rank - below) / (count - below))
    }
    if (Number.isFinite(le)) lower = le
    below = count
  }
  return lower
}

const add = (into: Record<string, number>, key: string | number | undefined, n: number) => {
  const k = String(key)
  into[k] = (into[k] ?? 0) + n
}

export async function readFigures (metrics: Metrics): Promise<Figures> {
  const byDecision: Record<string, number> = {}
  const bySource: Record<string, number> = {}
  let total = 0
  for (const v of (await metrics.requests.get()).values) {
    add(byDecision, v.labels.decision, v.value)
    add(bySource, v.labels.source, v.value)
    total += v.value
  }
  const lookups: Record<string, number> = {}
  for (const v of (await metrics.cacheLookups.get()).values) add(lookups, v.labels.result, v.value)
  const hit = lookups.hit ?? 0
  const miss = lookups.miss ?? 0
  const coalesced = lookups.coalesced ?? 0
  const looked = hit + miss + coalesced
  const byLe = new Map<number, number>()
  for (const v of (await metrics.duration.get()).values) {
    if (!v.metricName?.endsWith('_bucket')) continue
    const raw = (v.labels as Record<string, string | number | undefined>).le
    const le = raw === '+Inf' ? Infinity : Number(raw)
    byLe.set(le, (byLe.get(le) ?? 0) + v.value)
  }
  const ms = (s: number | null) => s === null ? null : Math.round(s * 1e6) / 1e3
  return {
    decisions: { total, byDecision, bySource },
    cache: { hit, miss, coalesced, hitRate: looked === 0 ? null : hit / looked },
    latency: { p50Ms: ms(quantile([...byLe], 0.5)), p99Ms: ms(quantile([...byLe], 0.99)) }
  }
}
