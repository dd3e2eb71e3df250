/** One backwards pass over a transcript file for one turn (its assistant text and, given a classifier, its tool calls); file states. */
import { lstat } from 'node:fs/promises'
import { type Classifier, createStepLog, type Step } from '../evidence/steps.js'
import type { Clock } from '../core/clock.js'
import { beforeDeadline, openRegular } from '../core/safe-file.js'
import { CHUNK_BYTES, scanLinesBackwards, type ScanEnd } from './tail-lines.js'
import { createUtterances, type TurnReader, type Utterances } from './utterances.js'

export interface TurnScan {
  text: string
  end: Exclude<ScanEnd, 'timeout'> | 'malformed' | 'unreadable'
  bytesRead: number
  /** complete: the facts are sure (the turn's start was reached, or its latest verification was met); partial: steps missed. */
  steps?: { list: Step[], complete: boolean, partial: boolean }
}

/** clock: whose time until is in (the runtime's). */
export interface ScanLimits { maxReadBytes: number, maxTextBytes: number, classifier?: Classifier, clock: Clock }

/** until: the read gives 'unreadable' past it (a transcript named by the hook input may sit on a hung filesystem). */
export async function scanTurn (file: string, size: number, reader: TurnReader, limits: ScanLimits, until: number): Promise<TurnScan> {
  const { maxReadBytes, maxTextBytes, classifier, clock } = limits
  const opened = await openRegular(file, { until, noFollow: true, clock })
  if (typeof opened === 'string') return { text: '', end: 'unreadable', bytesRead: 0 }
  const { fh } = opened
  try {
    const out = createUtterances()
    const steps = classifier && createStepLog(classifier)
    // Past the text cap the scan goes on only for the steps; older text would be cut from the judge text anyway.
    const full: Utterances = { add: () => {}, get bytes () { return out.bytes }, text: () => out.text() }
    let malformed = false
    let boundary = false
    const { end, bytesRead } = await scanLinesBackwards(fh, size, maxReadBytes, (line, complete) => {
      const r = reader(line, out.bytes >= maxTextBytes ? full : out, steps, complete)
      // A final line without its newline may be mid-write: ignore it rather than call the file malformed.
      if (r === 'malformed') return complete ? (malformed = true) : false
      if (r === 'boundary') return (boundary = true)
      return out.bytes >= maxTextBytes && (!steps || steps.settled)
    }, CHUNK_BYTES, until, clock)
    if (end === 'timeout') return { text: '', end: 'unreadable', bytesRead }
    const whole = boundary || end === 'start'
    const read = steps && { list: steps.steps(), complete: whole || steps.settled, partial: !whole }
    return { text: out.text(), end: malformed ? 'malformed' : end, bytesRead, ...(read ? { steps: read } : {}) }
  } finally {
    // Not awaited: close() would wait for a read the deadline gave up on.
    fh.close().catch(() => {})
  }
}

export interface FileState { size: number, mtime: number }
/** How long a Stop waits for a transcript that lags behind the hook's last message (Claude Code flushes every 100 ms). */
export const FLUSH_WAIT_MS = 300
export const POLL_MS = 20

/**
 * The file's size and time, which key the scan cache: one lstat, not an open, an fstat and a close (each a round trip to
 * libuv's file threads, ~0.1 ms apiece on the benchmarks' machine). The scan itself opens the file with every check.
 */
export async function fileState (file: string, until: number, clock: Clock): Promise<FileState | 'missing' | 'unreadable'> {
  const st = await beforeDeadline(lstat(file).catch((err: NodeJS.ErrnoException) => err.code === 'ENOENT' || err.code === 'ENOTDIR' ? 'missing' as const : undefined), until, undefined, clock)
  if (st === 'missing') return 'missing'
  if (st === 'timeout' || st === undefined || !st.isFile()) return 'unreadable'
  return { size: st.size, mtime: st.mtimeMs }
}

/** The file's new state once it has changed, polling on the clock until waitEnd; undefined if it did not change in time. */
export async function grown (file: string, was: FileState, until: number, clock: Clock, waitEnd: number): Promise<FileState | undefined> {
  while (clock.now() < waitEnd) {
    await clock.sleep(POLL_MS)
    const st = await fileState(file, until, clock)
    if (typeof st === 'string') return undefined
    if (st.size !== was.size || st.mtime !== was.mtime) return st
  }
  return undefined
}
