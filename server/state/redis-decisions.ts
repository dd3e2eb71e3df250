/** The team's decision log and labels as two capped Redis streams: every replica appends, the page and `logs` read. */
import type { RedisClientType } from 'redis'
import type { RedisLink } from './redis-link.js'
import { PREFIX } from './redis-verdicts.js'
import type { TeamEntry, TeamLog } from './state.js'

export const DECISIONS_KEY = `${PREFIX}decisions`
export const LABELS_KEY = `${PREFIX}labels`

export interface TeamLogOptions {
  /** Entries the decision stream keeps (XADD MAXLEN ~): the oldest go first. */
  maxEntries: number
  /** Both streams expire this long after the last append, like every hookjudge key (volatile-lru evicts only ours). */
  ttlSeconds: number
}

/** A page or a label read waits longer than a hook's op: it is a person's click, and its entries are larger. */
const READ_MS = 2000
/** Labels are given by hand: far more than a team gives, and a bound on one read. */
const MAX_LABELS = 100_000
// Labels are training data given by hand: they outlive the decisions they name (a year after the last one given).
const LABELS_TTL_S = 365 * 86400
const LABEL_BATCH = 1000
const STREAM_ID = /^\d{1,15}-\d{1,15}$/

export const isStreamId = (s: unknown): s is string => typeof s === 'string' && STREAM_ID.test(s)

type Raw = Array<{ id: string, message: Record<string, string> }>
// An entry another writer planted without our field is skipped: the reader parses and checks each line anyway.
const entries = (raw: Raw): TeamEntry[] => raw.flatMap(e => typeof e.message?.r === 'string' ? [{ id: e.id, line: e.message.r }] : [])

export function createRedisTeamLog (link: RedisLink, o: TeamLogOptions): TeamLog {
  const trim = (threshold: number) => ({ TRIM: { strategy: 'MAXLEN' as const, strategyModifier: '~' as const, threshold } })
  const read = async (op: 'decisions_read' | 'labels_read', key: string, fn: (c: RedisClientType) => Promise<Raw>) => {
    const got = await link.run(op, fn, key, READ_MS)
    return got.ok ? entries(got.value) : null
  }
  return {
    append (lines) {
      if (lines.length === 0) return
      // Not awaited: the answer has gone; the link bounds each write and close() waits for those still running.
      link.run('decisions_add', async c => {
        const m = c.multi()
        for (const line of lines) m.xAdd(DECISIONS_KEY, '*', { r: line }, trim(o.maxEntries))
        return await m.expire(DECISIONS_KEY, o.ttlSeconds).exec()
      }, DECISIONS_KEY)
    },
    back: (below, count) => read('decisions_read', DECISIONS_KEY, c => c.xRevRange(DECISIONS_KEY, below === undefined ? '+' : `(${below}`, '-', { COUNT: count }) as Promise<Raw>),
    forward: (above, count) => read('decisions_read', DECISIONS_KEY, c => c.xRange(DECISIONS_KEY, above === '0' ? '-' : `(${above}`, '+', { COUNT: count }) as Promise<Raw>),
    async at (id) {
      if (!isStreamId(id)) return undefined
      const got = await read('decisions_read', DECISIONS_KEY, c => c.xRange(DECISIONS_KEY, id, id) as Promise<Raw>)
      return got === null ? null : got[0]
    },
    async addLabel (line) {
      const got = await link.run('labels_add', c => c.multi().xAdd(LABELS_KEY, '*', { r: line }, trim(MAX_LABELS)).expire(LABELS_KEY, Math.max(o.ttlSeconds, LABELS_TTL_S)).exec(), LABELS_KEY, READ_MS)
      return got.ok
    },
    async labels () {
      const lines: string[] = []
      let above = '0'
      while (lines.length < MAX_LABELS) {
        const got = await read('labels_read', LABELS_KEY, c => c.xRange(LABELS_KEY, above === '0' ? '-' : `(${above}`, '+', { COUNT: LABEL_BATCH }) as Promise<Raw>)
        if (got === null) return null
        for (const e of got) lines.push(e.line)
        if (got.length < LABEL_BATCH) break
        above = got[got.length - 1]!.id
      }
      return lines
    }
  }
}
