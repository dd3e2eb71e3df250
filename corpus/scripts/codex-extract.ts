/** Turns every collected rollout into redacted, de-duplicated end-of-turn candidates (corpus/work/candidates.jsonl). */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRedactor } from '../../server/judge/redact.js'
import { turnEnds } from './codex-turns.js'

const RAW = new URL('../work/raw/', import.meta.url).pathname
const OUT = new URL('../work/candidates.jsonl', import.meta.url).pathname
const redact = createRedactor()

interface Origin { repo: string, commit: string, path: string }
const seen = new Set<string>()
const lines: string[] = []
const perRepo = new Map<string, number>()
for (const d of readdirSync(RAW).sort()) {
  for (const f of readdirSync(join(RAW, d)).filter(n => n.endsWith('.jsonl')).sort()) {
    const origin = JSON.parse(readFileSync(join(RAW, d, f + '.origin'), 'utf8')) as Origin
    for (const end of turnEnds(readFileSync(join(RAW, d, f), 'utf8'))) {
      const text = redact(end.text).text
      if (text.trim() === '' || seen.has(text)) continue
      seen.add(text)
      const n = (perRepo.get(origin.repo) ?? 0) + 1
      perRepo.set(origin.repo, n)
      const id = `codex-${origin.repo.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-${n}`
      lines.push(JSON.stringify({ id, origin: `${origin.repo}@${origin.commit}:${origin.path}#L${end.line}`, repo: origin.repo, text }))
    }
  }
}
writeFileSync(OUT, lines.join('\n') + '\n')
for (const [r, n] of perRepo) console.log(String(n).padStart(5), r)
console.log(`${lines.length} candidates from ${perRepo.size} repositories`)
