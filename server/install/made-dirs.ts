/** The agent folders `install` created, remembered in hookjudge's state so `uninstall` removes those and no folder of the user's. */
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type Env, stateDir } from '../core/paths.js'
import { readSmallFileSync } from '../core/safe-file.js'

const recordPath = (env: Env) => join(stateDir(env), 'made-dirs.json')

function read (env: Env): string[] {
  const file = readSmallFileSync(recordPath(env), 1 << 20)
  if (!('text' in file)) return []
  try {
    const list: unknown = JSON.parse(file.text)
    return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : []
  } catch {
    return []
  }
}

function write (env: Env, list: string[]): void {
  mkdirSync(stateDir(env), { recursive: true, mode: 0o700 })
  writeFileSync(recordPath(env), JSON.stringify([...new Set(list)]) + '\n', { mode: 0o600 })
}

/** The folders above `file` that do not exist yet: the ones writing it will create (deepest first). */
export function missingDirs (file: string): string[] {
  const out: string[] = []
  for (let d = dirname(file); !existsSync(d) && dirname(d) !== d; d = dirname(d)) out.push(d)
  return out
}

/** After install wrote its file: the folders it created, remembered. */
export function rememberMade (env: Env, dirs: string[]): void {
  const made = dirs.filter(d => existsSync(d))
  if (made.length > 0) write(env, [...read(env), ...made])
}

/** After uninstall removed its file: the folders install made above it go, when nothing else is in them. */
export function removeMade (env: Env, file: string): string[] {
  const made = read(env)
  const removed: string[] = []
  for (let d = dirname(file); made.includes(d); d = dirname(d)) {
    try { rmdirSync(d) } catch { break }
    removed.push(d)
  }
  if (removed.length > 0) write(env, made.filter(d => !removed.includes(d)))
  return removed
}
