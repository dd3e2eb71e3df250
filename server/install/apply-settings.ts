/** Reads an agent's hooks file, merges hookjudge's entries in (or out), and writes it with a backup, or only diffs it. */
import { readFile, rm } from 'node:fs/promises'
import type { Entry, InstallAgent } from './entries.js'
import { unifiedDiff } from './diff.js'
import { mergeHooks, shapeProblem } from './merge.js'
import { backupOnce, backupPath, readSettings, serialize, writeAtomic } from './settings-file.js'
import { TARGETS } from './targets.js'

export interface SettingsChange {
  agent: InstallAgent
  path: string
  /** Only these hooks' events are rewired (install --hooks); otherwise every event of ours is replaced. */
  names?: string[]
  dryRun: boolean
}

/** What happened to the file: the change as a unified diff ('' when none), the backup made (or removed), the entries taken out. */
export interface Applied { changed: boolean, removed: number, diff: string, backup?: string, backupRemoved?: string, deleted: boolean }

/** The backup's document, or undefined when there is none (or it is not one a settings file could be). */
async function backupDoc (path: string): Promise<string | undefined> {
  try { return JSON.stringify(JSON.parse(await readFile(backupPath(path), 'utf8'))) } catch { return undefined }
}

/** The change made (or, dry, the one that would be); a string when the file must not be touched, and why. */
export async function applyEntries (c: SettingsChange, entries: Entry[], verb: string): Promise<Applied | string> {
  const spec = TARGETS[c.agent]
  const current = await readSettings(c.path)
  if (typeof current === 'string') return current
  // A file whose events sit at the top is merged as if they were under `hooks`, and written back the same way.
  const top = spec.eventsAtTop?.(c.path) === true
  const asHooks = top ? { hooks: current.doc } : current.doc
  const problem = shapeProblem(asHooks, spec.layout)
  if (problem) return `${c.path}: ${problem}; left untouched`
  const merged = mergeHooks(asHooks, entries, () => c.names === undefined, spec.layout, spec.header)
  const removed = merged.removed
  const doc = top ? (merged.doc.hooks as Record<string, unknown> | undefined) ?? {} : merged.doc
  // Compare documents, not bytes: a no-op never rewrites the user's formatting.
  if (JSON.stringify(doc) === JSON.stringify(current.doc)) return { changed: false, removed, diff: '', deleted: false }
  const before = await backupDoc(c.path)
  // An empty file hookjudge made (no backup of a file of the user's) goes with its last entry, rather than stay as `{}`.
  const gone = Object.keys(doc).length === 0 && (spec.ownFile === true || before === undefined)
  const next = gone ? '' : serialize(doc, current.text)
  const diff = unifiedDiff(current.text ?? '', next, current.text === undefined ? '/dev/null' : c.path, `${c.path} (after hookjudge ${verb})`)
  if (c.dryRun) return { changed: true, removed, diff, deleted: gone }
  // A file already holding hookjudge's entries is not the user's original: backing it up would keep ours for good.
  const backup = current.text === undefined || gone || removed > 0 ? undefined : await backupOnce(current.path)
  if (gone) await rm(current.path, { force: true })
  else await writeAtomic(current.path, next, current.mode)
  // The file is the user's original again: a backup of it restores nothing.
  const restored = entries.length === 0 && before !== undefined && (gone || before === JSON.stringify(doc))
  if (restored) await rm(backupPath(c.path), { force: true })
  return { changed: true, removed, diff, deleted: gone, ...(backup ? { backup } : {}), ...(restored ? { backupRemoved: backupPath(c.path) } : {}) }
}
