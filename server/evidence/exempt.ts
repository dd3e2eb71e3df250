/** When a turn is not held to "run the tests": it touched only docs, config or notes, or its project has no tests; pure. */
import { shellEffects } from '../approvals/shell-effects.js'
import { changesSharedState } from './committed.js'
import type { Step } from './steps.js'

// By extension or name: prose, notes and configuration, which no test suite checks (.txt only by name: notes.txt, not a.txt).
const NOTE_EXTENSIONS = new Set(['md', 'mdx', 'markdown', 'rst', 'adoc', 'org', 'json', 'jsonc', 'yaml', 'yml', 'toml', 'ini', 'cfg', 'conf', 'env', 'properties', 'editorconfig', 'gitignore'])
const NOTE_NAMES = new Set(['readme', 'changelog', 'license', 'notes', 'todo', 'authors', 'contributing', 'codeowners', '.env', '.gitignore', '.editorconfig', '.npmrc', '.nvmrc'])
const NOTE_DIRS = ['docs', 'doc', 'notes', '.github']

/** A path's file name (lower case), its stem and extension, and its folders (lower case). */
function pathParts (path: string) {
  const parts = path.split('/').filter(p => p !== '' && p !== '.')
  const name = (parts.at(-1) ?? '').toLowerCase()
  const dot = name.lastIndexOf('.')
  return { name, stem: dot > 0 ? name.slice(0, dot) : name, ext: dot >= 0 ? name.slice(dot + 1) : '', dirs: parts.slice(0, -1).map(d => d.toLowerCase()) }
}

export function isNotesPath (path: string): boolean {
  const { name, stem, ext, dirs } = pathParts(path)
  if (name === '') return false
  if (dirs.some(d => NOTE_DIRS.includes(d))) return true
  // A .txt of notes by its name or folder: release_notes.txt, changelogs/500.txt, fastlane/metadata/…
  const notesTxt = ext === 'txt' && /note|changelog|release|metadata/.test([...dirs, stem].join('/'))
  return NOTE_NAMES.has(name) || NOTE_NAMES.has(stem) || (ext !== '' && NOTE_EXTENSIONS.has(ext)) || notesTxt
}

/** The paths a turn changed: edit tools' paths and the files its shell commands wrote or removed; undefined if one is unknown. */
function touched (steps: Step[]): string[] | undefined {
  const paths: string[] = []
  for (const s of steps) {
    if (s.kind === 'edit' && s.status !== 'error') {
      if (s.paths.length === 0) return undefined
      paths.push(...s.paths)
    } else if (s.kind === 'command' && s.status !== 'error') {
      const fx = shellEffects(s.command)
      paths.push(...fx.writes.filter(w => !w.startsWith('/dev/')), ...fx.removes)
    }
  }
  return paths
}

const sharingFailed = (steps: Step[]) => steps.some(s => s.kind === 'command' && s.status === 'failed' && changesSharedState(s.command))

const changedOnly = (steps: Step[], kind: (path: string) => boolean) => {
  if (sharingFailed(steps)) return false
  const paths = touched(steps)
  return paths !== undefined && paths.every(kind)
}

/** The turn changed nothing but docs, config or notes (nothing at all counts), and no commit, push or pull request failed. */
export const changedOnlyNotes = (steps: Step[]): boolean => changedOnly(steps, isNotesPath)

// Prose only: what a "fixed" or "works" may be said of without a run (a typo in the README, a changelog entry; .txt only by
// name, as for notes: requirements.txt is not prose).
const PROSE_EXTENSIONS = new Set(['md', 'mdx', 'markdown', 'rst', 'adoc', 'org'])
export const isProsePath = (path: string): boolean => {
  const { name, stem, ext, dirs } = pathParts(path)
  // A spec folder's data files (specs/001-x/contracts/api.yaml) are documents too; its code is not.
  return name !== '' && (dirs.some(d => ['docs', 'doc', 'notes'].includes(d)) || (dirs.includes('specs') && NOTE_EXTENSIONS.has(ext)) ||
    NOTE_NAMES.has(stem) || PROSE_EXTENSIONS.has(ext))
}

/** The turn changed nothing but prose (nothing at all counts), and no commit, push or pull request failed. */
export const changedOnlyProse = (steps: Step[]): boolean => changedOnly(steps, isProsePath)

/**
 * verification_exempt: the turn changed only docs / config / notes, or its project has no test command (hasTests false;
 * undefined when unknown) and no check ran. Never when a commit, push or pull request of the turn failed: a claim of success then
 * contradicts the transcript whatever was edited.
 */
export function verificationExempt (steps: Step[], hasTests?: boolean): boolean {
  if (sharingFailed(steps)) return false
  const paths = touched(steps)
  if (paths === undefined) return false
  if (paths.length > 0 && paths.every(isNotesPath)) return true
  const checked = steps.some(s => s.kind === 'command' && s.verification)
  return hasTests === false && !checked
}
