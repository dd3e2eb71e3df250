/** Reads a JSONL file backwards from a byte offset, one line at a time with its start offset, within a byte budget. */
import { systemClock } from '../core/clock.js'
import { DEFAULT_FILE_MS, openRegular } from '../core/safe-file.js'

export interface Line { offset: number, text: string }
export interface ScanEnd {
  /** Where the scan stopped: the next scan of older lines ends here (0: the file's start was reached). */
  stoppedAt: number
  bytesRead: number
}

const CHUNK = 1 << 20

/**
 * Visits the complete lines ending at or before `end`, newest first, until visit returns false (stop after that
 * line) or `budget` bytes were read (at least one line is always visited). A torn last line (still being written) is not visited.
 */
export async function scanBack (path: string, end: number, budget: number, visit: (line: Line) => boolean): Promise<ScanEnd> {
  const opened = await openRegular(path, { until: systemClock.now() + DEFAULT_FILE_MS })
  if (typeof opened === 'string') return { stoppedAt: 0, bytesRead: 0 }
  const { fh } = opened
  try {
    let pos = Math.min(end, opened.size)
    let carry: Buffer = Buffer.alloc(0)
    let bytesRead = 0
    let first = true
    let visited = 0
    while (pos > 0) {
      // Over budget, stop, but only after one whole line: a line longer than the budget must not stall paging.
      if (bytesRead >= budget && visited > 0) return { stoppedAt: pos + carry.length, bytesRead }
      const start = Math.max(0, pos - CHUNK)
      const chunk = Buffer.alloc(pos - start)
      await fh.read(chunk, 0, chunk.length, start)
      bytesRead += chunk.length
      let data = carry.length > 0 ? Buffer.concat([chunk, carry]) : chunk
      if (first) {
        // Bytes after the last newline belong to a line not yet finished.
        const nl = data.lastIndexOf(0x0a)
        if (nl === -1 && start > 0) { carry = data; pos = start; continue }
        data = data.subarray(0, nl + 1)
        first = false
      }
      let j = data.length - 1 // the newline that ends the current line
      while (j >= 0) {
        const i = j === 0 ? -1 : data.lastIndexOf(0x0a, j - 1)
        if (i === -1 && start > 0) break // the line starts in an older chunk
        const offset = start + i + 1
        const text = data.subarray(i + 1, j).toString('utf8')
        if (text.trim() !== '') {
          visited++
          if (!visit({ offset, text })) return { stoppedAt: offset, bytesRead }
        }
        j = i
      }
      carry = data.subarray(0, j + 1)
      pos = start
    }
    return { stoppedAt: 0, bytesRead }
  } finally {
    await fh.close()
  }
}
