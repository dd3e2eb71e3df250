/** Decision records newest first across the daily files, each with a stable id ("DAY:OFFSET"), within a read budget. */
import { systemClock } from '../core/clock.js'
import { DEFAULT_FILE_MS, openRegular } from '../core/safe-file.js'
import { join } from 'node:path'
import { dayFiles } from '../ops/decision-files.js'
import type { DecisionRecord } from '../core/record.js'
import { scanBack } from './scan-back.js'

export interface Found { id: string, record: DecisionRecord }
export interface Cursor { day: string, offset: number }

const ID = /^(\d{4}-\d{2}-\d{2}):(\d{1,15})$/
/** Bytes one page, chart or turn request may read from disk: a busy month is not read whole for one click. */
export const READ_BUDGET = 32 << 20

export function parseId (id: unknown): Cursor | null {
  const m = typeof id === 'string' ? ID.exec(id) : null
  return m ? { day: m[1]!, offset: Number(m[2]) } : null
}

const isRecord = (v: unknown): v is DecisionRecord =>
  typeof v === 'object' && v !== null && typeof (v as DecisionRecord).ts === 'string' && typeof (v as DecisionRecord).hook === 'string'

/** A log line as a record, or null when it is not one the daemon wrote. */
export function parseLine (text: string): DecisionRecord | null {
  try {
    const v: unknown = JSON.parse(text)
    return isRecord(v) ? v : null
  } catch {
    return null
  }
}

export interface WalkOptions {
  /** Start below this cursor (exclusive); default: the newest record. */
  before?: Cursor
  /** Oldest day to read (YYYY-MM-DD). */
  sinceDay?: string
  budget?: number
}

/**
 * Calls visit for each record, newest first, until it returns false. Returns the cursor the next walk starts
 * from, or null when the oldest file was read to its start.
 */
export async function walkDecisions (dir: string, opts: WalkOptions, visit: (f: Found) => boolean): Promise<Cursor | null> {
  let budget = opts.budget ?? READ_BUDGET
  const files = (await dayFiles(dir)).reverse()
  for (const f of files) {
    if (opts.before && f.day > opts.before.day) continue
    if (opts.sinceDay && f.day < opts.sinceDay) return null
    const end = opts.before && f.day === opts.before.day ? opts.before.offset : f.size
    let stopped = false
    const r = await scanBack(f.path, end, budget, ({ offset, text }) => {
      const record = parseLine(text)
      if (!record) return true
      stopped = !visit({ id: `${f.day}:${offset}`, record })
      return !stopped
    })
    budget -= r.bytesRead
    if (stopped || r.stoppedAt > 0) return { day: f.day, offset: r.stoppedAt }
  }
  return null
}

/** The record an id names, or null when the id does not point at the start of a record line. */
export async function recordAt (dir: string, id: unknown): Promise<Found | null> {
  const at = parseId(id)
  if (!at) return null
  const opened = await openRegular(join(dir, `decisions-${at.day}.jsonl`), { until: systemClock.now() + DEFAULT_FILE_MS })
  if (typeof opened === 'string') return null
  const { fh } = opened
  try {
    if (at.offset > 0) {
      const before = Buffer.alloc(1)
      await fh.read(before, 0, 1, at.offset - 1)
      if (before[0] !== 0x0a) return null
    }
    const parts: Buffer[] = []
    for (let pos = at.offset, n = 0; n < 64; n++) {
      const buf = Buffer.alloc(1 << 20)
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos)
      const nl = buf.subarray(0, bytesRead).indexOf(0x0a)
      parts.push(buf.subarray(0, nl === -1 ? bytesRead : nl))
      if (nl !== -1 || bytesRead === 0) break
      pos += bytesRead
    }
    const record = parseLine(Buffer.concat(parts).toString('utf8'))
    return record ? { id: `${at.day}:${at.offset}`, record } : null
  } finally {
    await fh.close()
  }
}
