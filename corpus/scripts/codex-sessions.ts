/** Stores chosen raw rollouts whole (every string value redacted) under corpus/sessions/codex with a MANIFEST.md. */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { createRedactor } from '../../server/redact/redact.js'
import { turnCount } from './codex-turns.js'
import { VALIDATION } from './codex-split.js'

const RAW = new URL('../work/raw/', import.meta.url).pathname
const OUT = new URL('../sessions/codex/', import.meta.url).pathname
const MAX = 2 * 1024 * 1024
const redact = createRedactor()

// short name → owner+repo/file (all from repositories this corpus uses; validation ones first).
const CHOSEN: Record<string, string> = JSON.parse(readFileSync(new URL('./codex-sessions.json', import.meta.url), 'utf8'))

function scrub (v: unknown): unknown {
  if (typeof v === 'string') return redact(v).text
  if (Array.isArray(v)) return v.map(scrub)
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x)]))
  return v
}

mkdirSync(OUT, { recursive: true })
const rows: string[] = ['| file | origin (repo@commit:path) | format | turns | bytes | split |', '|---|---|---|---|---|---|']
let total = 0
for (const [name, rel] of Object.entries(CHOSEN)) {
  const origin = JSON.parse(readFileSync(`${RAW}${rel}.origin`, 'utf8')) as { repo: string, commit: string, path: string }
  const lines = readFileSync(`${RAW}${rel}`, 'utf8').split('\n').filter(l => l.trim() !== '')
  // A torn line would stop a replay; keep only lines that parse, redacted value by value so JSON stays valid.
  const body = lines.flatMap(l => { try { return [JSON.stringify(scrub(JSON.parse(l)))] } catch { return [] } }).join('\n') + '\n'
  const bytes = Buffer.byteLength(body)
  if (bytes > MAX) throw new Error(`${name} is ${bytes} bytes, over 2 MB`)
  total += bytes
  writeFileSync(`${OUT}${name}.jsonl`, body)
  const format = (lines[0] ?? '').includes('"type":"session_meta"') ? 'current (session_meta / response_item / event_msg / turn_context)' : 'older (bare items, record_type state)'
  rows.push(`| ${name}.jsonl | ${origin.repo}@${origin.commit}:${origin.path} | ${format} | ${turnCount(body)} | ${bytes} | ${VALIDATION.has(origin.repo) ? 'validation' : 'train'} |`)
}
writeFileSync(`${OUT}MANIFEST.md`, `# Codex rollouts stored whole (redacted)\n\nReal Codex CLI rollouts from public repositories used in \`corpus/codex.jsonl\`, every string value passed through \`createRedactor()\`; lines that do not parse were dropped. \`turns\` counts end-of-turn agent messages (codex-turns.ts). Total ${total} bytes.\n\n${rows.join('\n')}\n`)
console.log(`${Object.keys(CHOSEN).length} sessions, ${total} bytes`)
