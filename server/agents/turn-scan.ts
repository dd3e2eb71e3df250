/** One backwards pass over a transcript file for one turn (its assistant text and, given a classifier, its tool calls); file states. */
import { constants, open } from 'node:fs/promises'
import { type Classifier, createStepLog, type Step } from '../evidence/steps.js'
import { scanLinesBackwards, type ScanEnd } from './tail-lines.js'
import { createUtterances, type TurnReader, type Utterances } from './utterances.js'

export interface TurnScan {
  text: string
  end: ScanEnd | 'malformed' | 'unreadable'
  bytesRead: number
  /** complete: the facts are sure (the turn's start was reached, or its latest verification was met); partial: steps missed. */
  steps?: { list: Step[], complete: boolean, partial: boolean }
}

export interface ScanLimits { maxReadBytes: number, maxTextBytes: number, classifier?: Classifier }

export async function scanTurn (file: string, size: number, reader: TurnReader, limits: ScanLimits): Promise<TurnScan> {
  const { maxReadBytes, maxTextBytes, classifier } = limits
  const fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW)
  try {
    const out = createUtterances()
    const steps = classifier && createStepLog(classifier)
    // Past the text cap the scan goes on only for the steps; older text would be cut from the judge text anyway.
    const full: Utterances = { add: () => {}, get bytes () { return out.bytes }, text: () => out.text() }
    let malformed = false
    let boundary = false
    const { end, bytesRead } = await scanLinesBackwards(fh, size, maxReadBytes, (line, complete) => {
      const r = reader(line, out.bytes >= maxTextBytes ? full : out, steps)
      // A final line without its newline may be mid-write: ignore it rather than call the file malformed.
      if (r === 'malformed') return complete ? (malformed = true) : false
      if (r === 'boundary') return (boundary = true)
      return out.bytes >= maxTextBytes && (!steps || steps.settled)
    })
    const whole = boundary || end === 'start'
    const read = steps && { list: steps.steps(), complete: whole || steps.settled, partial: !whole }
    return { text: out.text(), end: malformed ? 'malformed' : end, bytesRead, ...(read ? { steps: read } : {}) }
  } finally {
    await fh.close()
  }
}

export interface FileState { size: number, mtime: number }
/** How long a Stop waits for a transcript that lags behind the hook's last message (Claude Code flushes every 100 ms). */
export const FLUSH_WAIT_MS = 300
export const POLL_MS = 20
export const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

export async function fileState (file: string): Promise<FileState | 'missing' | 'unreadable'> {
  try {
    const fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW)
    const st = await fh.stat().finally(() => fh.close())
    return st.isFile() ? { size: st.size, mtime: st.mtimeMs } : 'unreadable'
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable'
  }
}

/** The file's new state once it has changed, polling until the deadline; undefined if it did not change in time. */
export async function grown (file: string, was: FileState, until: number): Promise<FileState | undefined> {
  while (Date.now() < until) {
    await pause(POLL_MS)
    const st = await fileState(file)
    if (typeof st === 'string') return undefined
    if (st.size !== was.size || st.mtime !== was.mtime) return st
  }
  return undefined
}
