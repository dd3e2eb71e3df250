/** The decision log folder, read side: list the daily files, prune by age and size, read records (whole, tail or from an offset). */
import { open, readdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { DecisionRecord } from '../core/record.js'

export interface DayFile { name: string, day: string, path: string, size: number }

const DAY_FILE = /^decisions-(\d{4}-\d{2}-\d{2})\.jsonl$/

/** The daily files, oldest first; a missing folder has none. */
export async function dayFiles (dir: string): Promise<DayFile[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return []
  }
  const files: DayFile[] = []
  for (const name of names.sort()) {
    const day = DAY_FILE.exec(name)?.[1]
    if (!day) continue
    const path = join(dir, name)
    const s = await stat(path).catch(() => null)
    if (s?.isFile()) files.push({ name, day, path, size: s.size })
  }
  return files
}

/** Which files retention (days) and the size cap (bytes) remove; 0 disables either. Today's file is never removed. */
export function filesToPrune (files: DayFile[], opts: { retentionDays: number, maxBytes: number }, now: Date): DayFile[] {
  const today = now.toISOString().slice(0, 10)
  const oldest = new Date(now.getTime() - opts.retentionDays * 86400_000).toISOString().slice(0, 10)
  const gone = opts.retentionDays > 0 ? files.filter(f => f.day < oldest && f.day !== today) : []
  let total = files.filter(f => !gone.includes(f)).reduce((n, f) => n + f.size, 0)
  for (const f of files) {
    if (opts.maxBytes === 0 || total <= opts.maxBytes) break
    if (gone.includes(f) || f.day === today) continue
    gone.push(f)
    total -= f.size
  }
  return gone
}

export async function pruneDecisionFiles (dir: string, opts: { retentionDays: number, maxBytes: number }, now: Date): Promise<string[]> {
  const gone = filesToPrune(await dayFiles(dir), opts, now)
  await Promise.all(gone.map(f => unlink(f.path).catch(() => {})))
  return gone.map(f => f.name)
}

/** Records in bytes [from, end) of a file; a torn last line (still being written) is left for the next read. */
export async function readRecords (path: string, from = 0): Promise<{ records: DecisionRecord[], next: number }> {
  const fh = await open(path, 'r').catch(() => null)
  if (!fh) return { records: [], next: from }
  try {
    const { size } = await fh.stat()
    if (size <= from) return { records: [], next: size < from ? 0 : from }
    const buf = Buffer.alloc(size - from)
    await fh.read(buf, 0, buf.length, from)
    const end = buf.lastIndexOf(0x0a) + 1
    const records: DecisionRecord[] = []
    for (const line of buf.subarray(0, end).toString('utf8').split('\n')) {
      if (!line.trim()) continue
      try {
        records.push(JSON.parse(line))
      } catch {
        // A line that is not JSON was not written by the daemon: skip it rather than stop reading.
      }
    }
    return { records, next: from + end }
  } finally {
    await fh.close()
  }
}

/** The newest record in the folder, reading only the tail of the newest non-empty file. */
export async function lastRecord (dir: string): Promise<DecisionRecord | null> {
  const files = await dayFiles(dir)
  for (const f of files.reverse()) {
    const { records } = await readRecords(f.path, Math.max(0, f.size - 65536))
    const last = records[records.length - 1]
    if (last) return last
  }
  return null
}
