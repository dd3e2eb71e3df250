/** Where the running daemon listens, in a private file beside its state: status and doctor find a daemon the config no longer points at. */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Env, stateDir } from '../core/paths.js'
import { readSmallFile } from '../core/safe-file.js'

export interface DaemonMark {
  pid: number
  url: string
  socket?: string
  label: string
  startedAt: string
  /** HOOKJUDGE_HOST / HOOKJUDGE_PORT as the daemon's shell set them: a CLI run from a shell without them looks elsewhere. */
  startedWith?: Record<string, string>
}

/** The environment variables that move the daemon's address. */
export const ADDRESS_ENV = ['HOOKJUDGE_HOST', 'HOOKJUDGE_PORT'] as const

const markPath = (env: Env) => join(stateDir(env), 'daemon.json')

/** Written once the daemon listens; a failure to write is only logged by the caller (status then cannot find a moved daemon). */
export function markDaemon (env: Env, mark: DaemonMark): void {
  const path = markPath(env)
  mkdirSync(stateDir(env), { recursive: true, mode: 0o700 })
  const tmp = `${path}.${mark.pid}.tmp`
  writeFileSync(tmp, JSON.stringify(mark) + '\n', { mode: 0o600 })
  renameSync(tmp, path)
}

/** Removed on a clean stop, and only by the daemon that wrote it (a second daemon may have replaced it). */
export async function unmarkDaemon (env: Env, pid: number): Promise<void> {
  if ((await readDaemonMark(env))?.pid === pid) rmSync(markPath(env), { force: true })
}

/** The mark, if it is a small regular file of the right shape and its process still exists. */
export async function readDaemonMark (env: Env): Promise<DaemonMark | null> {
  const read = await readSmallFile(markPath(env), 4096)
  if (typeof read === 'string' || !('text' in read)) return null
  let m: Partial<DaemonMark>
  try {
    m = JSON.parse(read.text)
  } catch {
    return null
  }
  if (!Number.isInteger(m.pid) || typeof m.url !== 'string' || typeof m.label !== 'string' || typeof m.startedAt !== 'string') return null
  if (m.socket !== undefined && typeof m.socket !== 'string') return null
  if (m.startedWith !== undefined && (typeof m.startedWith !== 'object' || m.startedWith === null ||
    Object.entries(m.startedWith).some(([k, v]) => !(ADDRESS_ENV as readonly string[]).includes(k) || typeof v !== 'string'))) return null
  try {
    process.kill(m.pid as number, 0)
  } catch {
    // EPERM: the process exists but belongs to someone else, so it is not this user's daemon.
    return null
  }
  return m as DaemonMark
}
