/** Writes corpus/test/real.jsonl: the untouched real test split (round 5's messages with their labels, and the quoted agent replies of corpus/mined/). */
// node --import tsx corpus/scripts/test-real-build.ts R5.jsonl   (R5.jsonl: `EXTRA_CAP=30 extra-extract.ts corpus/round5-repos.txt R5.jsonl`)
// then `node --import tsx corpus/scripts/turn-kinds.ts corpus/test/real.jsonl` gives each round-5 row its turn.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = new URL('../', import.meta.url).pathname
const HOOKS = ['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction'] as const
const CODES: Record<string, typeof HOOKS[number]> = { C: 'commit', SC: 'scope-check', SG: 'scope-change', SB: 'shallow-bugfix', BR: 'bugfix-without-reproduction' }
const [r5] = process.argv.slice(2)
if (r5 === undefined) throw new Error('usage: test-real-build R5.jsonl')

const labels = new Map<string, { blocks: string[], why: string }>()
for (const f of readdirSync(join(ROOT, 'extra-labels')).filter(f => /^r5-\d+\.tsv$/.test(f)).sort()) {
  for (const line of readFileSync(join(ROOT, 'extra-labels', f), 'utf8').split('\n').filter(Boolean)) {
    const [id, codes, why] = line.split('\t')
    labels.set(id!, { blocks: codes === '-' ? [] : codes!.split(',').map(c => CODES[c.trim()]!), why: why ?? '' })
  }
}
const out: string[] = []
// A message the topic filter did not touch was not labelled: it blocks no hook (extra-build.ts does the same).
for (const line of readFileSync(r5, 'utf8').split('\n').filter(Boolean)) {
  const r = JSON.parse(line) as { id: string, agent: string, repo: string, origin: string, text: string }
  const l = labels.get(r.id)
  out.push(JSON.stringify({ ...r, source: 'real', split: 'test', labels: Object.fromEntries(HOOKS.map(h => [h, l?.blocks.includes(h) ? 'block' : 'allow'])), ...(l ? { why: l.why } : {}) }))
}
for (const line of readFileSync(join(ROOT, 'mined', 'quoted.jsonl'), 'utf8').split('\n').filter(Boolean)) {
  const r = JSON.parse(line) as Record<string, unknown>
  out.push(JSON.stringify({ ...r, source: 'real', split: 'test' }))
}
writeFileSync(join(ROOT, 'test', 'real.jsonl'), out.join('\n') + '\n')
process.stdout.write(`corpus/test/real.jsonl: ${out.length} rows\n`)
