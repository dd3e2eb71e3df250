/** Opens and reads files that agent input or config names: regular files only, never blocking on a FIFO, capped, within a deadline. */
import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs'
import { constants, type FileHandle, open } from 'node:fs/promises'
import { type Clock, systemClock } from './clock.js'

export type Unopened = 'missing' | 'not-a-file' | 'unreadable' | 'timeout'
export interface Opened { fh: FileHandle, size: number, mtime: number }
export interface OpenOptions {
  /** The clock's time (clock.now()) after which the open gives 'timeout' (a hung filesystem must not hold the request). */
  until: number
  /** Refuse a symlink at the last component (transcripts are located by realpath first). */
  noFollow?: boolean
  /** Whose time until is in (the runtime's clock; tests drive it). */
  clock?: Clock
}

// When no caller deadline is given: bounds a hung filesystem well inside the shipped judge.deadlineMs (8 s).
export const DEFAULT_FILE_MS = 3000

/** Resolves to the value, or 'timeout' at until; whatever arrives late is handed to late() (to close a handle). */
export async function beforeDeadline<T> (work: Promise<T>, until: number, late: (v: T) => void = () => {}, clock: Clock = systemClock): Promise<T | 'timeout'> {
  const ms = until - clock.now()
  if (ms <= 0) { work.then(late, () => {}); return 'timeout' }
  let cancel = () => {}
  let timedOut = false
  const timeout = new Promise<'timeout'>(resolve => { cancel = clock.after(ms, () => { timedOut = true; resolve('timeout') }) })
  try {
    return await Promise.race([work.then(v => { if (timedOut) late(v); return v }), timeout])
  } finally { cancel() }
}

// O_NONBLOCK: opening a FIFO would otherwise wait for a writer, holding a libuv file thread (or, sync, the whole process) for good.
const REGULAR_ONLY = constants.O_RDONLY | constants.O_NONBLOCK

const reason = (err: unknown): 'missing' | 'unreadable' => (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'missing' : 'unreadable'

/** fstat on the open handle, not stat on the path, so the file checked is the file read. */
export async function openRegular (path: string, opts: OpenOptions): Promise<Opened | Unopened> {
  const flags = REGULAR_ONLY | (opts.noFollow ? constants.O_NOFOLLOW : 0)
  const closeLate = (fh: FileHandle | Unopened) => { if (typeof fh !== 'string') fh.close().catch(() => {}) }
  const fh = await beforeDeadline(open(path, flags).catch(reason), opts.until, closeLate, opts.clock)
  if (typeof fh === 'string') return fh
  const st = await beforeDeadline(fh.stat().catch(() => undefined), opts.until, undefined, opts.clock)
  if (st === 'timeout' || st === undefined || !st.isFile()) {
    await fh.close().catch(() => {})
    return st === 'timeout' ? 'timeout' : st === undefined ? 'unreadable' : 'not-a-file'
  }
  return { fh, size: st.size, mtime: st.mtimeMs }
}

/** A small regular file's text; 'too-large' past maxBytes (as it was opened, or grown since). */
export async function readSmallFile (path: string, maxBytes: number, until?: number, clock: Clock = systemClock): Promise<{ text: string } | Unopened | 'too-large'> {
  const end = until ?? clock.now() + DEFAULT_FILE_MS
  const opened = await openRegular(path, { until: end, clock })
  if (typeof opened === 'string') return opened
  const { fh, size } = opened
  try {
    if (size > maxBytes) return 'too-large'
    // One byte more than allowed tells a file that grew past the cap from one that is exactly at it.
    const buf = Buffer.allocUnsafe(maxBytes + 1)
    let filled = 0
    while (filled < buf.length) {
      const r = await beforeDeadline(fh.read(buf, filled, buf.length - filled, filled).catch(() => undefined), end, undefined, clock)
      if (r === 'timeout') return 'timeout'
      if (r === undefined) return 'unreadable'
      if (r.bytesRead === 0) break
      filled += r.bytesRead
    }
    return filled > maxBytes ? 'too-large' : { text: buf.toString('utf8', 0, filled) }
  } finally {
    // Not awaited: close() waits for a read still in flight, which is what the deadline gave up on.
    fh.close().catch(() => {})
  }
}

/** What a path that is not a regular file is, for a message that says why it was refused. */
export function kindOf (st: Stats): string {
  if (st.isFIFO()) return 'a FIFO'
  if (st.isCharacterDevice()) return 'a character device'
  if (st.isBlockDevice()) return 'a block device'
  if (st.isDirectory()) return 'a directory'
  return st.isSocket() ? 'a socket' : 'not a regular file'
}

export interface OpenedSync { fd: number, stat: Stats }
export interface UnopenedSync { unopened: Exclude<Unopened, 'timeout'>, got: string }

/**
 * openRegular for the few files a synchronous caller reads while the config loads (token files): the same open and
 * fstat, without a deadline. got is the errno code or what the path is; the caller closes fd.
 */
export function openRegularSync (path: string): OpenedSync | UnopenedSync {
  let fd: number
  try {
    fd = openSync(path, REGULAR_ONLY)
  } catch (err) {
    return { unopened: reason(err), got: (err as NodeJS.ErrnoException).code ?? String(err) }
  }
  let stat: Stats
  try {
    stat = fstatSync(fd)
  } catch (err) {
    closeSync(fd)
    return { unopened: 'unreadable', got: (err as NodeJS.ErrnoException).code ?? String(err) }
  }
  if (stat.isFile()) return { fd, stat }
  closeSync(fd)
  return { unopened: 'not-a-file', got: kindOf(stat) }
}

/** The text of an fd opened by openRegularSync, or 'too-large' past maxBytes (it may have grown since its fstat). */
export function readCappedSync (fd: number, maxBytes: number): { text: string } | 'too-large' {
  const buf = Buffer.allocUnsafe(maxBytes + 1)
  let filled = 0
  while (filled < buf.length) {
    const n = readSync(fd, buf, filled, buf.length - filled, filled)
    if (n === 0) break
    filled += n
  }
  return filled > maxBytes ? 'too-large' : { text: buf.toString('utf8', 0, filled) }
}

/**
 * A config-named file's text (the user config, a rules file, a Layer-1 model): a regular file only, opened non-blocking,
 * at most maxBytes; else got says why (an errno code, what the path is, or its size), for the ConfigError.
 */
export function readSmallFileSync (path: string, maxBytes: number): { text: string } | { got: string } {
  const opened = openRegularSync(path)
  if ('unopened' in opened) return { got: opened.got }
  try {
    const read = opened.stat.size > maxBytes ? 'too-large' : readCappedSync(opened.fd, maxBytes)
    return read === 'too-large' ? { got: `larger than ${maxBytes} bytes` } : read
  } finally {
    closeSync(opened.fd)
  }
}
