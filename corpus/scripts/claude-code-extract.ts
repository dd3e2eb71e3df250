/** Collects redacted, de-duplicated end-of-turn messages from fetched repositories' Claude Code sessions. */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { baseRedactor, maskHexKeys } from './claude-code-redact.js'
import { endOfTurns } from './claude-code-turns.js'
import { mirrorDir, readVersion, sessionVersions } from './claude-code-git.js'
import { RESERVED } from './reserved.js'

// Usage: node --import tsx corpus/scripts/claude-code-extract.ts REPOS.txt OUT.jsonl
// REPOS.txt: one "owner/repo" a line; its snapshot is /work/.mirror/owner+repo/repo.
const [reposFile, outFile] = process.argv.slice(2)
if (reposFile === undefined || outFile === undefined) throw new Error('usage: claude-code-extract REPOS.txt OUT.jsonl')
const redact = baseRedactor()
const seen = new Set<string>()
const out: string[] = []
for (const repo of readFileSync(reposFile, 'utf8').split('\n').map(s => s.trim()).filter(s => s !== '' && !s.startsWith('#'))) {
  if (RESERVED.has(repo)) { console.error(`skip reserved ${repo}`); continue }
  const dir = mirrorDir(repo)
  if (!existsSync(dir)) { console.error(`no snapshot ${repo}`); continue }
  let n = 0
  for (const { commit, path } of sessionVersions(dir)) {
    const body = readVersion(dir, commit, path)
    if (body === undefined) { console.error(`absent ${repo}:${path}`); continue }
    if (!body.includes('"parentUuid"')) continue
    for (const m of endOfTurns(body)) {
      const base = redact(m.text)
      const key = createHash('sha256').update(base).digest('hex')
      const text = maskHexKeys(base)
      if (seen.has(key)) continue
      seen.add(key)
      out.push(JSON.stringify({ id: `cc-${key.slice(0, 12)}`, repo, origin: `${repo}@${commit}:${path}#L${m.line}`, text }))
      n++
    }
  }
  console.error(`${repo}\t${n}`)
}
writeFileSync(outFile, out.join('\n') + '\n')
console.error(`total ${out.length}`)
