/** An agent's hooks settings file: where it is, reading it (refusing what it cannot parse), and writing it atomically with a backup. */
import { constants } from 'node:fs'
import { copyFile, mkdir, readFile, realpath, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { Env } from '../core/paths.js'
import type { InstallAgent } from './entries.js'
import { type Scope, TARGETS } from './targets.js'

export type { Scope }
export interface SettingsText { path: string, text?: string, doc: Record<string, unknown>, mode?: number }

/** Each agent's user or project hooks file (server/install/targets.ts). */
export function settingsPath (agent: InstallAgent, scope: Scope, env: Env, cwd: string): string {
  return TARGETS[agent].path(scope, env, cwd)
}

/** The file's text and JSON; a missing or blank file is {}. A string return is why it must not be touched. */
export async function readSettings (path: string): Promise<SettingsText | string> {
  // A symlinked settings file (dotfile managers) is edited where it lives, so the link survives.
  const real = await realpath(path).catch(() => path)
  let text: string
  try {
    text = await readFile(real, 'utf8')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return code === 'ENOENT' ? { path: real, doc: {} } : `cannot read ${path} (${code ?? String(err)})`
  }
  const mode = (await stat(real)).mode & 0o777
  if (text.trim() === '') return { path: real, text, doc: {}, mode }
  try {
    const doc: unknown = JSON.parse(text)
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return `${path} is not a JSON object; left untouched`
    return { path: real, text, doc: doc as Record<string, unknown>, mode }
  } catch (err) {
    return `${path} is not valid JSON (${(err as Error).message}); left untouched, fix it first`
  }
}

/** Same indentation as the file had (2 spaces for a new one), and its final newline. */
export function serialize (doc: Record<string, unknown>, previous?: string): string {
  const indent = /\n(\t|[ ]+)"/.exec(previous ?? '')?.[1] ?? '  '
  const eol = previous === undefined || previous.trim() === '' || previous.endsWith('\n') ? '\n' : ''
  return JSON.stringify(doc, null, indent) + eol
}

export const backupPath = (path: string) => `${path}.hookjudge.bak`

/** Keeps the file as it was before hookjudge first changed it: written once, never overwritten. */
export async function backupOnce (path: string): Promise<string | undefined> {
  try {
    await copyFile(path, backupPath(path), constants.COPYFILE_EXCL)
    return backupPath(path)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EEXIST' || code === 'ENOENT') return undefined
    throw err
  }
}

/**
 * Temp file in the same folder, fsynced, then renamed over (write-file-atomic): a crash leaves the old file or the
 * new one, never half. `mode`: set exactly (the replaced file's); without it a new file gets the usual 0666 less umask.
 */
export async function writeAtomic (path: string, text: string, mode?: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFileAtomic(path, text, { fsync: true, ...(mode === undefined ? {} : { mode }) })
}
