/** Reads a file's lines backwards from a given end offset in chunks, never more than a byte cap: transcripts reach hundreds of MB. */
import type { FileHandle } from 'node:fs/promises'
import { type Clock, systemClock } from '../core/clock.js'
import { beforeDeadline } from '../core/safe-file.js'

/** timeout: a read did not finish by the caller's deadline (the scan stops there). */
export type ScanEnd = 'stopped' | 'start' | 'cap' | 'timeout'
export interface Scan { end: ScanEnd, bytesRead: number }
/**
 * Gets one line as bytes (last first, without its newline; decoding is left to the visitor, which can skip most lines
 * undecoded); complete=false only for a final line with no newline yet. True stops the scan.
 */
export type LineVisitor = (line: Buffer, complete: boolean) => boolean

const NL = 0x0a
interface Chunk { chunk: Buffer, len: number, at: number, done: Promise<number> }
export const CHUNK_BYTES = 16 * 1024
// Chunks double up to this: most turns end within the first chunk, and a long one then costs few reads.
const MAX_CHUNK_BYTES = 1024 * 1024
const READS_BEFORE_AHEAD = 4

export async function scanLinesBackwards (fh: FileHandle, size: number, maxBytes: number, visit: LineVisitor, chunkBytes = CHUNK_BYTES, until = Infinity, clock: Clock = systemClock): Promise<Scan> {
  let pos = size
  let bytesRead = 0
  // The leftmost, still unterminated piece of a line, as chunks in file order (joined once its start is found: no quadratic copying).
  let pending: Buffer[] = []
  let tail = true
  const emit = (parts: Buffer[]): boolean => {
    const complete = !tail
    tail = false
    const line = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
    return line.length > 0 && visit(line, complete)
  }
  const read = (len: number): Chunk => {
    const chunk = Buffer.allocUnsafe(len)
    const done = fh.read(chunk, 0, len, pos - len).then(r => r.bytesRead)
    // A read started ahead may be left behind (the scan stopped): its failure is nobody's.
    done.catch(() => {})
    return { chunk, len, at: pos - len, done }
  }
  let ahead: Chunk | undefined
  let reads = 0
  while (pos > 0) {
    if (bytesRead >= maxBytes) return { end: 'cap', bytesRead }
    const len = Math.min(chunkBytes, pos, maxBytes - bytesRead)
    chunkBytes = Math.min(chunkBytes * 2, Math.max(MAX_CHUNK_BYTES, chunkBytes))
    const { chunk, done } = ahead?.len === len && ahead.at === pos - len ? ahead : read(len)
    const n = until === Infinity ? await done : await beforeDeadline(done, until, undefined, clock)
    if (n === 'timeout') return { end: 'timeout', bytesRead }
    if (n !== len) throw new Error(`short read (${n} of ${len} bytes)`)
    pos -= len
    bytesRead += len
    // Four chunks in (240 KB by default), the turn is a long one: the next chunk is read on a file thread while this one
    // is split and visited. Still one read in flight at a time: a hung filesystem holds no more file threads than before.
    ahead = ++reads >= READS_BEFORE_AHEAD && pos > 0 && bytesRead < maxBytes ? read(Math.min(chunkBytes, pos, maxBytes - bytesRead)) : undefined
    let end = len
    if (tail && pending.length === 0 && chunk[len - 1] === NL) {
      // The file ends with a newline: its last line is complete.
      tail = false
      end = len - 1
    }
    while (end > 0) {
      const nl = chunk.lastIndexOf(NL, end - 1)
      if (nl < 0) break
      const line = chunk.subarray(nl + 1, end)
      if (emit(pending.length === 0 ? [line] : [line, ...pending])) return { end: 'stopped', bytesRead }
      pending = []
      end = nl
    }
    pending = [chunk.subarray(0, end), ...pending]
  }
  if (pending.length > 0 && emit(pending)) return { end: 'stopped', bytesRead }
  return { end: 'start', bytesRead }
}
