/** Copies every Codex rollout a fetched mirror ever held (newest version of each path) into corpus/work/raw with its origin. */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync, existsSync, readdirSync } from 'node:fs'
import { join, basename } from 'node:path'
import { ROLLOUT } from './codex-turns.js'

const MIRRORS = '/work/.mirror'
const OUT = new URL('../work/raw/', import.meta.url).pathname

function git (dir: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] })
  } catch { return undefined }
}

/** Owner+name folders to read: the command line, or every mirror. */
const wanted = process.argv.slice(2)
const dirs = wanted.length > 0 ? wanted : readdirSync(MIRRORS)
let files = 0
for (const d of dirs) {
  const repoDir = join(MIRRORS, d, 'repo')
  if (!existsSync(repoDir)) continue
  const paths = [...new Set((git(repoDir, ['log', '--all', '--name-only', '--format=']) ?? '').split('\n').filter(p => ROLLOUT.test(p)))]
  for (const path of paths) {
    // The newest commit that added or changed the path still holds the file.
    const shas = (git(repoDir, ['log', '--all', '--format=%H', '--diff-filter=AM', '--', path]) ?? '').split('\n').filter(Boolean)
    for (const sha of shas) {
      const body = git(repoDir, ['show', `${sha}:${path}`])
      if (body === undefined) continue
      const dir = join(OUT, d)
      mkdirSync(dir, { recursive: true })
      const name = basename(path)
      writeFileSync(join(dir, name), body)
      writeFileSync(join(dir, name + '.origin'), JSON.stringify({ repo: d.replace('+', '/'), commit: sha, path }) + '\n')
      files++
      break
    }
  }
}
console.log(`collected ${files} rollout files`)
