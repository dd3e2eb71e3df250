/** The agent hook files self-protection guards in given agent folders, and which of them hold hookjudge's entries. */
import { basename, dirname } from 'node:path'
import { AGENTS, type AgentName } from '../agents/event.js'
import { hookFiles, PROJECT_DIRS } from '../agents/homes.js'
import { readSmallFile } from '../core/safe-file.js'

export type AgentDirs = Partial<Record<AgentName, readonly string[]>>

/** A hook file, and the files whose hookjudge entries changing it could switch off (itself first). */
export interface GuardedFile { file: string, holders: string[] }

// An http hook entry names only the daemon URL, so its /judge/ path counts as a hookjudge entry too.
const MARKER = /hookjudge|\/judge\/[a-z0-9]/i
const MAX_SETTINGS_BYTES = 1 << 20
// Droid reads only the first of its hook files that exists: creating hooks.json hides the entries in settings.json.
const FIRST_ONE_READ: ReadonlySet<AgentName> = new Set(['droid'])

/** Every hook file (homes.ts hookFiles: where install writes) of each agent folder given. */
export function guardedFiles (dirs: AgentDirs): GuardedFile[] {
  const out: GuardedFile[] = []
  for (const agent of AGENTS) {
    for (const dir of new Set(dirs[agent])) {
      const files = hookFiles(agent, dir)
      files.forEach((file, k) => out.push({ file, holders: FIRST_ONE_READ.has(agent) ? files.slice(k) : [file] }))
    }
  }
  return out
}

/** The agent folders a path's own place names, so a hook file of another project (…/.gemini/settings.json) counts too. */
export function foldersAround (path: string): AgentDirs {
  const out: Partial<Record<AgentName, string[]>> = {}
  for (const dir of [dirname(path), dirname(dirname(path))]) {
    for (const agent of AGENTS) if (basename(dir) === PROJECT_DIRS[agent]) (out[agent] ??= []).push(dir)
  }
  return out
}

// A settings file too big, or too slow, to read counts as holding entries; one that is missing or no file holds none.
async function readsHookjudgeEntries (file: string): Promise<boolean> {
  const r = await readSmallFile(file, MAX_SETTINGS_BYTES)
  return typeof r === 'string' ? r === 'too-large' || r === 'timeout' : MARKER.test(r.text)
}

/** For one call: the first of the files given that holds hookjudge entries, if any; each file is read once. */
export function entryReader (): (files: readonly string[]) => Promise<string | undefined> {
  const read = new Map<string, Promise<boolean>>()
  const holds = (file: string) => read.get(file) ?? read.set(file, readsHookjudgeEntries(file)).get(file)!
  return async files => {
    for (const f of files) if (await holds(f)) return f
    return undefined
  }
}
