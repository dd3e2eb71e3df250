/** Joins the capped pool, the hand labels and the synthetic messages into corpus/claude-code.jsonl, split by repository. */
import { readFileSync, writeFileSync } from 'node:fs'
import { HOOKS, type Label, readLabels, topicHooks } from './claude-code-topics.js'
import { syntheticMessages } from './claude-code-synthetic.js'
import { VALIDATION_REPOS } from './claude-code-split.js'

// Usage: node --import tsx corpus/scripts/claude-code-build.ts POOL.jsonl LABELS.tsv OUT.jsonl
interface Cand { id: string, repo: string, origin: string, text: string }
const readLabelFile = (file: string): Map<string, Label> => readLabels(readFileSync(file, 'utf8'), line => line.startsWith('cc-'))

function record (c: Cand, label: Label | undefined): Record<string, unknown> {
  const topics = topicHooks(c.text)
  const blocks = label?.blocks ?? []
  const relevant = HOOKS.filter(h => topics.includes(h) || blocks.includes(h))
  const why = label?.why ?? (topics.length === 0 ? 'no hook topic (filter)' : `read: ${relevant.join(', ')} topic only, no violation`)
  const labels = Object.fromEntries(HOOKS.map(h => [h, blocks.includes(h) ? 'block' : 'allow']))
  return {
    id: c.id,
    source: 'real',
    origin: c.origin,
    agent: 'claude-code',
    text: c.text,
    labels,
    relevant,
    why,
    repo: c.repo,
    split: VALIDATION_REPOS.has(c.repo) ? 'validation' : 'train'
  }
}

const [poolFile, labelFile, outFile] = process.argv.slice(2)
if (poolFile === undefined || labelFile === undefined || outFile === undefined) throw new Error('usage: claude-code-build POOL LABELS OUT')
const pool = readFileSync(poolFile, 'utf8').split('\n').filter(l => l !== '').map(l => JSON.parse(l) as Cand)
const labels = readLabelFile(labelFile)
const ids = new Set(pool.map(c => c.id))
for (const id of labels.keys()) if (!ids.has(id)) throw new Error(`label for a message not in the pool: ${id}`)
const rows = [...pool.map(c => record(c, labels.get(c.id))), ...syntheticMessages()]
writeFileSync(outFile, rows.map(r => JSON.stringify(r)).join('\n') + '\n')
console.error(`${rows.length} records (${pool.length} real, ${rows.length - pool.length} synthetic)`)
