/** Turns collected rollouts into redacted, de-duplicated end-of-turn candidates; appends new repositories, keeps existing ids. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRedactor } from '../../server/redact/redact.js'
import { turnEnds } from './codex-turns.js'

const RAW = new URL('../work/raw/', import.meta.url).pathname
const OUT = new URL('../work/candidates.jsonl', import.meta.url).pathname
const redact = createRedactor()
/** Per-repository cap, so a few prolific repositories do not outweigh the many small ones. */
const CAP = Number(process.env.CODEX_CAP ?? 150)

interface Origin { repo: string, commit: string, path: string }
const seen = new Set<string>()
const lines: string[] = []
const perRepo = new Map<string, number>()
// Earlier candidates keep their ids (labels refer to them); only repositories not seen yet are added.
const old = existsSync(OUT) ? readFileSync(OUT, 'utf8').split('\n').filter(l => l !== '') : []
for (const l of old) {
  const r = JSON.parse(l) as { repo: string, text: string }
  seen.add(r.text)
  perRepo.set(r.repo, (perRepo.get(r.repo) ?? 0) + 1)
  lines.push(l)
}
const known = new Set(perRepo.keys())
for (const d of readdirSync(RAW).sort()) {
  if (known.has(d.replace('+', '/'))) continue
  const fresh: Array<{ origin: Origin, line: number, text: string }> = []
  for (const f of readdirSync(join(RAW, d)).filter(n => n.endsWith('.jsonl')).sort()) {
    const origin = JSON.parse(readFileSync(join(RAW, d, f + '.origin'), 'utf8')) as Origin
    for (const end of turnEnds(readFileSync(join(RAW, d, f), 'utf8'))) {
      const text = redact(end.text).text
      if (text.trim() === '' || seen.has(text)) continue
      seen.add(text)
      fresh.push({ origin, line: end.line, text })
    }
  }
  // Evenly spaced subsample keeps every session of a large repository represented.
  const step = Math.max(1, fresh.length / CAP)
  for (let k = 0; k < Math.min(CAP, fresh.length); k++) {
    const pick = fresh[Math.floor(k * step)]
    if (pick === undefined) continue
    const { origin, line, text } = pick
    const n = (perRepo.get(origin.repo) ?? 0) + 1
    perRepo.set(origin.repo, n)
    const id = `codex-${origin.repo.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-${n}`
    lines.push(JSON.stringify({ id, origin: `${origin.repo}@${origin.commit}:${origin.path}#L${line}`, repo: origin.repo, text }))
  }
}
writeFileSync(OUT, lines.join('\n') + '\n')
for (const [r, n] of perRepo) console.log(String(n).padStart(5), r)
console.log(`${lines.length} candidates from ${perRepo.size} repositories`)
