/** The judge text of a Stop: the assistant's utterances of the current turn, read from the tail of the agent's own transcript. */
import { realpathSync } from 'node:fs'
import { constants, open, realpath } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { LRUCache } from 'lru-cache'
import type { Env } from '../paths.js'
import { claudeTurn } from './claude-transcript.js'
import { codexTurn } from './codex-rollout.js'
import type { HookEvent } from './event.js'
import { scanLinesBackwards, type ScanEnd } from './tail-lines.js'
import { createUtterances, SEPARATOR, type TurnReader } from './utterances.js'

export interface TranscriptSettings { enabled: boolean, roots: string[], maxReadBytes: number }

/** Why the transcript was not (fully) used; 'cap' means the turn's start lay beyond maxReadBytes. */
export type TranscriptNote = 'off' | 'no-path' | 'outside-roots' | 'missing' | 'unreadable' | 'malformed' | 'no-text' | 'cap'
export interface TurnText { text: string, source: 'transcript' | 'message', note?: TranscriptNote, bytesRead?: number }
export interface TranscriptReader {
  turnText (event: HookEvent): Promise<TurnText>
  /** File scans started so far (concurrent hooks of one Stop share one). */
  readonly scans: number
}

interface Root { path: string, real?: string }
interface Read { text: string, end: ScanEnd | 'malformed' | 'unreadable', bytesRead: number }

/** The agents' own data dirs plus configured roots; from the daemon's env, once. */
export function transcriptRoots (env: Env, configured: string[]): string[] {
  const home = env.HOME || homedir()
  const dirs = [join(home, '.claude', 'projects'), join(home, '.codex', 'sessions')]
  if (env.CLAUDE_CONFIG_DIR) dirs.push(join(env.CLAUDE_CONFIG_DIR, 'projects'))
  if (env.CODEX_HOME) dirs.push(join(env.CODEX_HOME, 'sessions'))
  for (const r of configured) dirs.push(r.startsWith('~/') ? join(home, r.slice(2)) : r)
  return [...new Set(dirs.map(d => resolve(d)))]
}

const inside = (root: string, file: string) => {
  const rel = relative(root, file)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}
const realOrNot = (p: string) => { try { return realpathSync(p) } catch { return undefined } }

/** Appends the hook's last message when the file did not have it yet (a write still in flight). */
export function withLastMessage (turn: string, last: string): string {
  const tail = last.trim()
  return tail === '' || turn.includes(tail) ? turn : `${turn}${SEPARATOR}${last}`
}

export function createTranscriptReader (cfg: TranscriptSettings, env: Env, maxTextBytes: number): TranscriptReader {
  const roots: Root[] = transcriptRoots(env, cfg.roots).map(path => ({ path, real: realOrNot(path) }))
  // Several hooks judge the same Stop at once: one read per file state and turn serves them all.
  const reads = new LRUCache<string, Promise<Read>>({ max: 64, ttl: 30_000 })
  let scans = 0

  async function allowed (file: string): Promise<boolean> {
    if (!file.endsWith('.jsonl')) return false
    // A symlink-free path under a root's literal path is under the root itself; a symlinked root matches by its target.
    const under = () => roots.some(r => inside(r.path, file) || (r.real !== undefined && inside(r.real, file)))
    if (under()) return true
    // A root created after startup (e.g. a first session) may be a symlink: resolve it now, on this rare path only.
    for (const r of roots) if (!r.real) r.real = await realpath(r.path).catch(() => undefined)
    return under()
  }

  async function scan (file: string, size: number, reader: TurnReader): Promise<Read> {
    const fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW)
    try {
      const out = createUtterances()
      let malformed = false
      const { end, bytesRead } = await scanLinesBackwards(fh, size, cfg.maxReadBytes, (line, complete) => {
        const r = reader(line, out)
        // A final line without its newline may be mid-write: ignore it rather than call the file malformed.
        if (r === 'malformed') return complete ? (malformed = true) : false
        return r === 'boundary' || out.bytes >= maxTextBytes
      })
      return { text: out.text(), end: malformed ? 'malformed' : end, bytesRead }
    } finally {
      await fh.close()
    }
  }

  return {
    get scans () { return scans },
    async turnText (event) {
      const message = (note?: TranscriptNote, bytesRead?: number): TurnText => ({ text: event.text, source: 'message', note, bytesRead })
      if (event.event !== 'Stop' && event.event !== 'SubagentStop') return message()
      if (!cfg.enabled) return message('off')
      const subagent = event.event === 'SubagentStop'
      const path = subagent ? event.agentTranscriptPath : event.transcriptPath
      if (!path) return message('no-path')
      let file: string
      let size: number
      let mtime: number
      if (!isAbsolute(path)) return message('outside-roots')
      try {
        file = await realpath(path)
      } catch (err) {
        // A path that names no file is still refused (and logged) as outside when it is outside.
        if (!await allowed(resolve(path))) return message('outside-roots')
        return message((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable')
      }
      if (!await allowed(file)) return message('outside-roots')
      try {
        const fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW)
        const st = await fh.stat().finally(() => fh.close())
        if (!st.isFile()) return message('unreadable')
        size = st.size
        mtime = st.mtimeMs
      } catch (err) {
        return message((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable')
      }
      const reader = event.agent === 'codex' ? codexTurn(event.turnId) : claudeTurn({ promptId: event.turnId, subagent })
      const key = JSON.stringify([event.agent, file, size, mtime, event.turnId, subagent])
      let read = reads.get(key)
      if (!read) {
        scans++
        read = scan(file, size, reader).catch((): Read => ({ text: '', end: 'unreadable', bytesRead: 0 }))
        reads.set(key, read)
      }
      const r = await read
      if (r.end === 'unreadable') return message('unreadable')
      if (r.end === 'malformed') return message('malformed', r.bytesRead)
      if (r.text === '') return message(r.end === 'cap' ? 'cap' : 'no-text', r.bytesRead)
      return { text: withLastMessage(r.text, event.text), source: 'transcript', bytesRead: r.bytesRead, ...(r.end === 'cap' ? { note: 'cap' as const } : {}) }
    }
  }
}
