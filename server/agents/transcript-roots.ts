/** Which files a transcript may be read from: the agents' own data folders and the configured roots, symlinks resolved. */
import { realpathSync } from 'node:fs'
import { realpath } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import { type Env, userHome } from '../core/paths.js'
import { agentHomes } from './homes.js'

interface Root { path: string, real?: string }

/** The agents' own data dirs plus configured roots; from the daemon's env, once. */
export function transcriptRoots (env: Env, configured: string[]): string[] {
  const dirs = [
    ...agentHomes('claude-code', env).map(d => join(d, 'projects')),
    ...agentHomes('codex', env).map(d => join(d, 'sessions')),
    ...agentHomes('copilot', env).map(d => join(d, 'session-state')),
    ...agentHomes('droid', env).map(d => join(d, 'sessions')),
    ...agentHomes('gemini', env).map(d => join(d, 'tmp'))
  ]
  for (const r of configured) dirs.push(r.startsWith('~/') ? join(userHome(env), r.slice(2)) : r)
  return [...new Set(dirs.map(d => resolve(d)))]
}

// Both sides are resolved (absolute, normalized): a prefix test on a separator boundary, not path.relative (which
// resolves both again, on every Stop).
const inside = (root: string, file: string) => {
  const base = root.endsWith(sep) ? root : root + sep
  return file.length > base.length && file.startsWith(base)
}
const realOrNot = (p: string) => { try { return realpathSync(p) } catch { return undefined } }

export type Located = string | 'outside-roots' | 'missing' | 'unreadable'

/** The real path of a transcript under the roots, or why not; the roots' own real paths are resolved once, here. */
export function rootCheck (paths: string[]): (path: string) => Promise<Located> {
  const roots: Root[] = paths.map(path => ({ path, real: realOrNot(path) }))
  // A symlink-free path under a root's literal path is under the root itself; a symlinked root matches by its target.
  const under = (file: string) => file.endsWith('.jsonl') && roots.some(r => inside(r.path, file) || (r.real !== undefined && inside(r.real, file)))

  async function allowed (file: string): Promise<boolean> {
    if (!file.endsWith('.jsonl')) return false
    if (under(file)) return true
    // A root created after startup (e.g. a first session) may be a symlink: resolve it now, on this rare path only.
    for (const r of roots) if (!r.real) r.real = await realpath(r.path).catch(() => undefined)
    return under(file)
  }

  // A path that names no file is still refused when outside.
  return async function located (path: string): Promise<Located> {
    // Agents name their transcripts by a path under their own data dir: one that is not, even literally, is refused
    // without a file-system call (a symlink from outside into a root is refused too: the safe direction).
    if (!under(resolve(path))) return 'outside-roots'
    try {
      const file = await realpath(path)
      return await allowed(file) ? file : 'outside-roots'
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable'
    }
  }
}
