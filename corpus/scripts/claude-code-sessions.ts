/** Stores whole redacted Claude Code sessions from validation repositories for the replay bench, with a MANIFEST. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { VALIDATION_REPOS } from './claude-code-split.js'
import { mirrorDir, readVersion, sessionVersions } from './claude-code-git.js'
import { baseRedactor, maskHexKeys } from './claude-code-redact.js'
import { countTurns } from './claude-code-turns.js'

// Usage: node --import tsx corpus/scripts/claude-code-sessions.ts OUT_DIR
const MAX_BYTES = 2_000_000
const PER_REPO = 3
const WANT = 24
const MIN_TURNS = 3

const redact = baseRedactor()
const clean = (s: string): string => maskHexKeys(redact(s))

/** Redacts every string value, so the masks can never break the JSON around them. */
function deep (v: unknown): unknown {
  if (typeof v === 'string') return clean(v)
  if (Array.isArray(v)) return v.map(deep)
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)]))
  return v
}

function redactSession (body: string): string {
  return body.split('\n').map(line => {
    if (line.trim() === '') return line
    try { return JSON.stringify(deep(JSON.parse(line))) } catch { return clean(line) }
  }).join('\n')
}

interface Pick { repo: string, commit: string, path: string, turns: number, text: string }
const out = process.argv[2]
if (out === undefined) throw new Error('usage: claude-code-sessions OUT_DIR')
mkdirSync(out, { recursive: true })
const picks: Pick[] = []
for (const repo of [...VALIDATION_REPOS].sort()) {
  const dir = mirrorDir(repo)
  const found: Pick[] = []
  for (const { commit, path } of sessionVersions(dir)) {
    const body = readVersion(dir, commit, path)
    // Current format only: version 2.x records with parentUuid chains.
    if (body === undefined || !body.includes('"parentUuid"') || !/"version":"2\./.test(body)) continue
    const turns = countTurns(body)
    if (turns < MIN_TURNS) continue
    const text = redactSession(body)
    if (Buffer.byteLength(text) <= MAX_BYTES) found.push({ repo, commit, path, turns, text })
  }
  picks.push(...found.sort((a, b) => b.turns - a.turns).slice(0, PER_REPO))
}
const chosen = picks.sort((a, b) => b.turns - a.turns).slice(0, WANT).sort((a, b) => a.repo.localeCompare(b.repo))
const rows = chosen.map((p, i) => {
  const name = `${p.repo.split('/')[1]?.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i + 1}.jsonl`
  writeFileSync(`${out}/${name}`, p.text.endsWith('\n') ? p.text : p.text + '\n')
  return `| ${name} | ${p.repo}@${p.commit}:${p.path} | ${p.turns} | ${Buffer.byteLength(p.text)} | validation |`
})
const total = chosen.reduce((n, p) => n + Buffer.byteLength(p.text), 0)
writeFileSync(`${out}/MANIFEST.md`, [
  '# Claude Code sessions for the replay bench',
  '',
  'Whole main-session transcripts (Claude Code 2.x JSONL), every string value passed through the project redactor',
  '(`createRedactor()` with the reference gitleaks rules) plus a mask for long hex keys. All come from repositories',
  'in the validation split of `corpus/claude-code.jsonl`, so the scorers were not trained on their text.',
  'Turns = real user prompts in the file.',
  '',
  '| file | origin (repo@commit:path) | turns | bytes | split |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
  '',
  `${chosen.length} sessions, ${total} bytes in all.`,
  ''
].join('\n'))
console.error(`${chosen.length} sessions, ${total} bytes`)
