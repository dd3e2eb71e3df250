/** Where the review page and `logs` read decisions and labels: this replica's files, or the team's streams in Redis. */
import type { TeamLog } from '../state/state.js'
import { isStreamId } from '../state/redis-decisions.js'
import { type Found, parseId, parseLine, READ_BUDGET, recordAt, walkDecisions } from './decision-walk.js'
import { appendLabel, foldLabels, type LabelRow, readLabels } from './labels-store.js'

export interface WalkFrom {
  /** Start below this id (exclusive). */
  before?: string
  /** Start at about this ISO time (its day's end, for files). */
  from?: string
  /** Oldest day to read (YYYY-MM-DD). */
  sinceDay?: string
  budget?: number
}

export interface DecisionStore {
  /** Said in messages: the folder, or the team's log. */
  where: string
  isId (id: string): boolean
  /** Calls visit newest first until it returns false; the id the next walk starts below, or null at the oldest. */
  walk (opts: WalkFrom, visit: (f: Found) => boolean): Promise<string | null>
  at (id: unknown): Promise<Found | null>
  labels (): Promise<LabelRow[]>
  addLabel (row: LabelRow): Promise<void>
}

/** The team's log did not answer: the request gets 503 and says so (the link has counted and logged the outage). */
export class TeamLogUnreachable extends Error {
  readonly statusCode = 503
  constructor () { super("the team's decision log (Redis) did not answer; try again, or read one replica's own files with `hookjudge logs --local`") }
}

export function fileStore (dir: string): DecisionStore {
  return {
    where: dir,
    isId: id => parseId(id) !== null,
    async walk (o, visit) {
      const before = parseId(o.before) ?? (o.from ? { day: o.from.slice(0, 10), offset: Number.MAX_SAFE_INTEGER } : undefined)
      const next = await walkDecisions(dir, { before: before ?? undefined, sinceDay: o.sinceDay, budget: o.budget }, visit)
      return next ? `${next.day}:${next.offset}` : null
    },
    at: id => recordAt(dir, id),
    labels: () => readLabels(dir),
    addLabel: row => appendLabel(dir, row)
  }
}

const BATCH = 100
const msOf = (id: string) => Number(id.slice(0, id.indexOf('-')))

/** dir: the replica's own folder, which keeps a copy of each label given here (a label is never only in Redis). */
export function teamStore (team: TeamLog, dir: string): DecisionStore {
  return {
    where: "the team's decision log in Redis",
    isId: isStreamId,
    async walk (o, visit) {
      // A stream id is the append time in ms: "at or before `from`" is below the next millisecond.
      let below = o.before ?? (o.from ? `${Date.parse(o.from) + 1}-0` : undefined)
      const oldest = o.sinceDay ? Date.parse(`${o.sinceDay}T00:00:00Z`) : -Infinity
      let budget = o.budget ?? READ_BUDGET
      for (;;) {
        const got = await team.back(below, BATCH)
        if (got === null) throw new TeamLogUnreachable()
        for (const e of got) {
          if (msOf(e.id) < oldest) return null
          budget -= e.line.length
          const record = parseLine(e.line)
          if (record && !visit({ id: e.id, record })) return e.id
          if (budget <= 0) return e.id
        }
        if (got.length < BATCH) return null
        below = got[got.length - 1]!.id
      }
    },
    async at (id) {
      if (!isStreamId(id)) return null
      const e = await team.at(id)
      if (e === null) throw new TeamLogUnreachable()
      const record = e ? parseLine(e.line) : null
      return record ? { id, record } : null
    },
    async labels () {
      const lines = await team.labels()
      if (lines === null) throw new TeamLogUnreachable()
      return foldLabels(lines)
    },
    async addLabel (row) {
      await appendLabel(dir, row)
      if (!await team.addLabel(JSON.stringify(row))) throw new TeamLogUnreachable()
    }
  }
}
