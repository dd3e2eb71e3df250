/** More end-of-turn messages for the train split: from train repositories whose earlier share was capped, or from new ones. */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { baseRedactor, maskHexKeys } from './claude-code-redact.js'
import { endOfTurns } from './claude-code-turns.js'
import { gitPartial, mirrorDir, readVersion, sessionVersions } from './claude-code-git.js'
import { ROLLOUT, turnEnds } from './codex-turns.js'
import { VALIDATION_REPOS } from './claude-code-split.js'
import { VALIDATION } from './codex-split.js'
import { RESERVED } from './reserved.js'

// Usage: node --import tsx corpus/scripts/extra-extract.ts REPOS.txt OUT.jsonl
// REPOS.txt: "claude-code owner/repo" or "codex owner/repo" a line; snapshots in /work/.mirror (the `fetch` tool).
// Every repository named must be a train repository of the corpus or one the corpus does not hold at all (it joins
// train): the split stays by repository. Reserved repositories (labelling.md) are refused.
const NEW_PER_REPO = Number(process.env.EXTRA_CAP ?? 120)

const [reposFile, outFile] = process.argv.slice(2)
if (reposFile === undefined || outFile === undefined) throw new Error('usage: extra-extract REPOS.txt OUT.jsonl')
const corpus = ['corpus/claude-code.jsonl', 'corpus/codex.jsonl'].flatMap(f => readFileSync(f, 'utf8').split('\n').filter(Boolean))
  .map(l => JSON.parse(l) as { id: string, text: string, repo?: string, split: string })
// Compared without redaction marks and spacing: the two halves' redactors differ slightly, a message must not come twice.
const norm = (s: string): string => s.replace(/\[REDACTED[^\]]*\]/g, '').replace(/\s+/g, ' ').trim()
const known = new Set(corpus.map(r => norm(r.text)))
const trainRepos = new Set(corpus.filter(r => r.split === 'train' && r.repo !== undefined).map(r => r.repo))
const corpusRepos = new Set(corpus.map(r => r.repo))
const redact = baseRedactor()
const sha = (s: string): string => createHash('sha256').update(s).digest('hex')

interface Cand { id: string, agent: string, repo: string, origin: string, text: string }

function claudeCode (repo: string): Cand[] {
  const dir = mirrorDir(repo)
  const out: Cand[] = []
  for (const { commit, path } of sessionVersions(dir, true)) {
    const body = readVersion(dir, commit, path)
    if (body === undefined || !body.includes('"parentUuid"')) continue
    for (const m of endOfTurns(body)) {
      const base = redact(m.text)
      out.push({ id: `cc-${sha(base).slice(0, 12)}`, agent: 'claude-code', repo, origin: `${repo}@${commit}:${path}#L${m.line}`, text: maskHexKeys(base) })
    }
  }
  // Ids are content hashes: sorting by id is the same fixed pseudo-random order the first round sampled from.
  return out.sort((a, b) => a.id.localeCompare(b.id))
}

function codex (repo: string): Cand[] {
  const dir = mirrorDir(repo)
  const names = gitPartial(dir, 'log', '--all', '--name-only', '--format=')
  const out: Cand[] = []
  for (const path of [...new Set(names.split('\n').filter(p => ROLLOUT.test(p)))].sort()) {
    const commit = gitPartial(dir, 'log', '--all', '--format=%H', '-1', '--diff-filter=AM', '--', path).trim()
    const body = commit === '' ? undefined : readVersion(dir, commit, path)
    if (body === undefined) continue
    for (const end of turnEnds(body)) {
      const text = maskHexKeys(redact(end.text))
      out.push({ id: `codex-x-${sha(text).slice(0, 12)}`, agent: 'codex', repo, origin: `${repo}@${commit}:${path}#L${end.line}`, text })
    }
  }
  return out
}

const seen = new Set<string>()
const lines: string[] = []
for (const line of readFileSync(reposFile, 'utf8').split('\n').map(s => s.trim()).filter(s => s !== '' && !s.startsWith('#'))) {
  const [agent = '', repo = ''] = line.split(/\s+/)
  const usable = (trainRepos.has(repo) || !corpusRepos.has(repo)) && !VALIDATION_REPOS.has(repo) && !VALIDATION.has(repo) && !RESERVED.has(repo)
  if (!usable) { console.error(`skip ${repo}: a validation or reserved repository`); continue }
  const fresh: Cand[] = []
  for (const c of agent === 'codex' ? codex(repo) : claudeCode(repo)) {
    const key = norm(c.text)
    if (key === '' || known.has(key) || seen.has(key)) continue
    seen.add(key)
    fresh.push(c)
  }
  // Codex: evenly spaced picks keep every session of a large repository represented, as the first round did.
  const step = agent === 'codex' ? Math.max(1, fresh.length / NEW_PER_REPO) : 1
  const picked: Cand[] = []
  for (let k = 0; picked.length < NEW_PER_REPO && Math.floor(k * step) < fresh.length; k++) picked.push(fresh[Math.floor(k * step)]!)
  for (const c of picked) lines.push(JSON.stringify(c))
  console.error(`${repo}\t${fresh.length} new, ${picked.length} taken`)
}
writeFileSync(outFile, lines.join('\n') + '\n')
console.error(`total ${lines.length}`)
