/** Appends decision records to daily decisions-YYYY-MM-DD.jsonl files (0600); a failing disk never fails a hook answer. */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs'
import { join } from 'node:path'
import type { DecisionRecord } from '../core/record.js'

export interface DecisionLog {
  /** The records of one request (they share a day: one request, one timestamp), appended with the turn's others. */
  write (records: readonly DecisionRecord[]): void
  close (): Promise<void>
}

export interface DecisionLogOptions {
  dir: string
  onError: (err: Error) => void
  /** Bytes handed to the file and not yet written past which a batch of records is dropped (default 32 MiB). */
  maxBacklogBytes?: number
}

const MAX_BACKLOG_BYTES = 32 * 2 ** 20

export const NO_DECISION_LOG: DecisionLog = { write: () => {}, close: async () => {} }

/** The replica's own files, and every record also to the team's stream (state.redis.decisions): one place to review. */
export function alsoToTeam (files: DecisionLog, team: { append (lines: readonly string[]): void }): DecisionLog {
  return {
    write (records) {
      files.write(records)
      team.append(records.map(recordLine))
    },
    close: files.close
  }
}

// The text is most of a record's bytes and the same in every record of a request (six for a Stop): it is escaped once
// a request, not once a hook (six records of a 2–3 KB reply: ~30–48 → ~10–12 µs in process). The line then ends with it.
let lastText: string | undefined
let lastJson = ''

/** One record as its JSON line: JSON.stringify's own output, with `text` moved to the end and escaped once per text. */
export function recordLine (r: DecisionRecord): string {
  const text = r.text
  if (text === undefined) return JSON.stringify(r) + '\n'
  if (text !== lastText) { lastText = text; lastJson = JSON.stringify(text) }
  // The record without its text, without copying it: JSON.stringify leaves out a key whose value is undefined.
  let head: string
  try {
    r.text = undefined
    head = JSON.stringify(r)
  } finally {
    r.text = text
  }
  return `${head.length > 2 ? head.slice(0, -1) + ',' : '{'}"text":${lastJson}}\n`
}

export function createDecisionLog ({ dir, onError, maxBacklogBytes = MAX_BACKLOG_BYTES }: DecisionLogOptions): DecisionLog {
  let day = ''
  let stream: WriteStream | null = null
  // Streams ended at a day's turn still flushing: close waits for them too, or a shutdown just after midnight loses
  // the previous day's last records. end's callback also runs when the stream has failed.
  const ending = new Set<Promise<void>>()
  const end = (s: WriteStream) => {
    const p = new Promise<void>(resolve => { s.end(() => resolve()) })
    ending.add(p)
    p.then(() => ending.delete(p))
  }
  const open = (d: string): WriteStream | null => {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 })
    } catch (err) {
      onError(err as Error)
      return null
    }
    const s = createWriteStream(join(dir, `decisions-${d}.jsonl`), { flags: 'a', mode: 0o600 })
    s.on('error', (err) => {
      onError(err)
      // Forget the broken stream: the next record tries a fresh one.
      if (stream === s) { stream = null; day = '' }
    })
    return s
  }
  // The records of the requests answered in one turn of the event loop go out in one write (the after-reply work of
  // a turn runs in one batch): a string-to-buffer copy and a file write per request were ~10 % of the daemon's CPU at
  // 16 clients. The flush is a microtask, so a record is handed to the stream before anything awaiting it resumes.
  let pending = ''
  let scheduled = false
  const flush = () => {
    scheduled = false
    // A disk that stops taking writes (a stalled network mount) would otherwise hold every record since in memory:
    // past the bound a batch is dropped and reported like a failed write.
    if (pending !== '' && stream && stream.writableLength > maxBacklogBytes) {
      onError(new Error(`decision log ${stream.writableLength} bytes behind its file: records dropped`))
    } else if (pending !== '') stream?.write(pending)
    pending = ''
  }
  return {
    write (records) {
      if (records.length === 0) return
      const d = records[0]!.ts.slice(0, 10)
      if (d !== day || stream === null) {
        flush()
        if (stream) end(stream)
        stream = open(d)
        day = stream ? d : ''
      }
      if (!stream) return
      for (const r of records) pending += recordLine(r)
      if (!scheduled) { scheduled = true; queueMicrotask(flush) }
    },
    async close () {
      flush()
      if (stream) end(stream)
      stream = null
      await Promise.all(ending)
    }
  }
}
