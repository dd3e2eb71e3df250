/** Builds corpus/codex.jsonl: real candidates with the hand labels, plus the synthetic replies, split by repository. */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRedactor } from '../../server/redact/redact.js'
import { HOOKS, type Hook, topics } from './codex-topics.js'
import { synthesize } from './codex-synth.js'
import { VALIDATION } from './codex-split.js'

const here = (p: string): string => new URL(p, import.meta.url).pathname
const CODE: Record<string, Hook> = { c: 'commit', sk: 'scope-check', sg: 'scope-change', sb: 'shallow-bugfix', br: 'bugfix-without-reproduction' }

const labels = new Map<string, { blocks: Hook[], why: string }>()
for (const line of readFileSync(here('../codex-labels.txt'), 'utf8').split('\n').filter(l => l.trim() !== '')) {
  const [head = '', why = ''] = line.split(' | ')
  const [id = '', ...codes] = head.trim().split(/\s+/)
  labels.set(id, { blocks: codes.filter(c => c !== '-').map(c => CODE[c]).filter((h): h is Hook => h !== undefined), why: why.trim() })
}

function record (r: { id: string, source: string, origin: string, repo: string, text: string, blocks: Hook[], why: string, split: string }): string {
  const lab = Object.fromEntries(HOOKS.map(h => [h, r.blocks.includes(h) ? 'block' : 'allow']))
  const relevant = HOOKS.filter(h => r.blocks.includes(h) || topics(r.text).includes(h))
  return JSON.stringify({ id: r.id, source: r.source, origin: r.origin, agent: 'codex', text: r.text, labels: lab, relevant, why: r.why, repo: r.repo, split: r.split })
}

const redact = createRedactor()
const out: string[] = []
const used = new Set<string>()
for (const l of readFileSync(here('../work/candidates.jsonl'), 'utf8').split('\n').filter(Boolean)) {
  const c = JSON.parse(l) as { id: string, origin: string, repo: string, text: string }
  const lab = labels.get(c.id)
  if (lab !== undefined) used.add(c.id)
  const t = topics(c.text)
  const why = lab?.why ?? (t.length === 0 ? 'no hook topic (filter)' : `read: ${[...new Set(t.map(h => h.replace('bugfix-without-reproduction', 'bugfix')))].join(', ')} topic present, no block form`)
  out.push(record({ ...c, source: 'real', blocks: lab?.blocks ?? [], why, split: VALIDATION.has(c.repo) ? 'validation' : 'train' }))
}
for (const id of labels.keys()) if (!used.has(id)) throw new Error(`label for unknown id ${id}`)
for (const s of synthesize()) out.push(record({ ...s, text: redact(s.text).text, source: 'synthetic', origin: 'synthetic' }))
writeFileSync(here('../codex.jsonl'), out.join('\n') + '\n')
console.log(`${out.length} records`)
