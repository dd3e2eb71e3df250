/** Reads fetched snapshots: every Claude Code session file a repository ever committed, at its newest version. */
import { execFileSync } from 'node:child_process'

const MAX_FILE = 64 * 1024 * 1024

export const mirrorDir = (repo: string): string => `/work/.mirror/${repo.replace('/', '+')}/repo`

export const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: MAX_FILE, stdio: ['ignore', 'pipe', 'ignore'] })

/** What git printed before it failed: a snapshot lacks its largest objects, and a history walk stops at the first. */
export function gitPartial (dir: string, ...args: string[]): string {
  try { return git(dir, ...args) } catch (err) { return String((err as { stdout?: unknown }).stdout ?? '') }
}

/** Main-session files only (sub-agent transcripts are not turns a Stop hook sees), each at the newest commit that added or changed it. */
export function sessionVersions (dir: string, partial = false): Array<{ commit: string, path: string }> {
  let log: string
  const args = ['log', '--all', '--format=@%H', '--name-only', '--diff-filter=AM', '--', '*.jsonl']
  // A history whose file list does not fit the buffer (or a broken snapshot) yields nothing rather than a crash; partial:
  // what was listed before it broke (the first rounds were read without it, and stay as they were).
  if (partial) log = gitPartial(dir, ...args)
  else try { log = git(dir, ...args) } catch { return [] }
  const seenPath = new Set<string>()
  const out: Array<{ commit: string, path: string }> = []
  let commit = ''
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) { commit = line.slice(1); continue }
    const path = line.trim()
    if (path === '' || seenPath.has(path) || path.includes('/subagents/') || /(^|\/)agent-[^/]*\.jsonl$/.test(path)) continue
    seenPath.add(path)
    out.push({ commit, path })
  }
  return out
}

/** The file's text, or undefined when the snapshot lacks it (files of 4 MiB and more are listed but absent). */
export function readVersion (dir: string, commit: string, path: string): string | undefined {
  try { return git(dir, 'show', `${commit}:${path}`) } catch { return undefined }
}
