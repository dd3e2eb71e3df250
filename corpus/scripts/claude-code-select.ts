/** Caps candidates per repository and writes reading views (topic lines, first and last lines) for hand labelling. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { SECOND_ROUND, SHARED_WITH_CODEX } from './claude-code-split.js'
import { topicHooks, topicLines } from './claude-code-topics.js'

// Usage: node --import tsx corpus/scripts/claude-code-select.ts CANDIDATES.jsonl WORKDIR
const PER_REPO = 100
const PER_REPO_SECOND_ROUND = 40
const BATCH = 70

interface Cand { id: string, repo: string, origin: string, text: string }
const [candFile, work] = process.argv.slice(2)
if (candFile === undefined || work === undefined) throw new Error('usage: claude-code-select CANDIDATES.jsonl WORKDIR')
const all = readFileSync(candFile, 'utf8').split('\n').filter(l => l !== '').map(l => JSON.parse(l) as Cand)
const byRepo = new Map<string, Cand[]>()
for (const c of all) if (!SHARED_WITH_CODEX.has(c.repo)) byRepo.set(c.repo, [...(byRepo.get(c.repo) ?? []), c])
// Ids are content hashes, so sorting by id is a fixed pseudo-random sample across a repository's sessions.
const pool = [...byRepo].flatMap(([repo, cs]) =>
  cs.sort((a, b) => a.id.localeCompare(b.id)).slice(0, SECOND_ROUND.has(repo) ? PER_REPO_SECOND_ROUND : PER_REPO))
writeFileSync(`${work}/pool.jsonl`, pool.map(c => JSON.stringify(c)).join('\n') + '\n')

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n)}…` : s)
const hit = pool.filter(c => topicHooks(c.text).length > 0)
mkdirSync(`${work}/views`, { recursive: true })
for (let b = 0; b * BATCH < hit.length; b++) {
  const lines: string[] = []
  for (const c of hit.slice(b * BATCH, (b + 1) * BATCH)) {
    const all = c.text.split('\n').filter(l => l.trim() !== '')
    const shown = new Set([all[0] ?? '', ...topicLines(c.text).slice(0, 10), ...all.slice(-3)])
    lines.push(`### ${c.id} ${c.text.length}c [${topicHooks(c.text).map(h => h.slice(0, 7)).join(',')}]`)
    for (const l of shown) lines.push(`  ${clip(l.trim(), 240)}`)
  }
  writeFileSync(`${work}/views/view-${String(b).padStart(2, '0')}.txt`, lines.join('\n') + '\n')
}
console.error(`pool ${pool.length} from ${byRepo.size} repos; topic hits ${hit.length} in ${Math.ceil(hit.length / BATCH)} views`)
