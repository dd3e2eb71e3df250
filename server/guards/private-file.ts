/** Token files: read only when a regular file private to its owner, and what a token may look like. */
import { closeSync } from 'node:fs'
import type { ConfigProblem } from '../core/errors.js'
import { openRegularSync, readCappedSync } from '../core/safe-file.js'

/** Visible ASCII only: the token travels in a header and in a shell here-document. */
export const TOKEN_RE = /^[\x21-\x7e]{16,512}$/

// Thousands of `name token` lines fit; more than that is not a token file, and would be read on every reload.
const MAX_BYTES = 1 << 20

/**
 * The text of a regular file only its owner may read, or the problem with it (missing, a FIFO or device, not
 * private, not ours, too large); never its text in a message. A FIFO is refused, not waited on: the read is sync.
 */
export function readPrivateFile (path: string, key: string): { text: string } | { problem: ConfigProblem } {
  const problem = (expected: string, got: string) => ({ problem: { path: key, expected, got } })
  const opened = openRegularSync(path)
  if ('unopened' in opened) {
    return problem(opened.unopened === 'not-a-file' ? `a regular file at ${path}` : `a readable token file at ${path}`, opened.got)
  }
  const { fd, stat } = opened
  try {
    if ((stat.mode & 0o077) !== 0) {
      return problem(`a token file only its owner can read (chmod 600 ${path})`, `mode ${(stat.mode & 0o777).toString(8)}`)
    }
    if (process.getuid && stat.uid !== process.getuid()) return problem(`a token file owned by this user (uid ${process.getuid()})`, `uid ${stat.uid}`)
    const tooLarge = (size: number | string) => problem(`a token file of at most ${MAX_BYTES} bytes at ${path}`, `${size} bytes`)
    if (stat.size > MAX_BYTES) return tooLarge(stat.size)
    const read = readCappedSync(fd, MAX_BYTES)
    return read === 'too-large' ? tooLarge(`more than ${MAX_BYTES}`) : read
  } finally {
    closeSync(fd)
  }
}
