/** Token files: read only when private to their owner, and what a token may look like. */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs'
import type { ConfigProblem } from '../core/errors.js'

/** Visible ASCII only: the token travels in a header and in a shell here-document. */
export const TOKEN_RE = /^[\x21-\x7e]{16,512}$/

/** The text of a file only its owner may read, or the problem with it (missing, not private, not ours); never its text in a message. */
export function readPrivateFile (path: string, key: string): { text: string } | { problem: ConfigProblem } {
  const problem = (expected: string, got: string) => ({ problem: { path: key, expected, got } })
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (err) {
    return problem(`a readable token file at ${path}`, (err as NodeJS.ErrnoException).code ?? String(err))
  }
  try {
    const st = fstatSync(fd)
    if (!st.isFile()) return problem(`a regular file at ${path}`, 'something else')
    if ((st.mode & 0o077) !== 0) {
      return problem(`a token file only its owner can read (chmod 600 ${path})`, `mode ${(st.mode & 0o777).toString(8)}`)
    }
    if (process.getuid && st.uid !== process.getuid()) return problem(`a token file owned by this user (uid ${process.getuid()})`, `uid ${st.uid}`)
    return { text: readFileSync(fd, 'utf8') }
  } finally {
    closeSync(fd)
  }
}
