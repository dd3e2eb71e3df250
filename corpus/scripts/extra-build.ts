/** Adds the third round's labelled messages (train repositories only) to corpus/claude-code.jsonl and corpus/codex.jsonl. */
import { readFileSync, writeFileSync } from 'node:fs'
import { HOOKS, readLabels, topicHooks } from './claude-code-topics.js'
import { topics as codexTopics } from './codex-topics.js'

// Usage: node --import tsx corpus/scripts/extra-build.ts CANDIDATES.jsonl corpus/extra-labels.tsv
// Re-running replaces the round's earlier rows (same ids), so the files never hold a message twice.
const FILE: Record<string, string> = { 'claude-code': 'corpus/claude-code.jsonl', codex: 'corpus/codex.jsonl' }
interface Cand { id: string, agent: string, repo: string, origin: string, text: string }

const [candFile, labelFile] = process.argv.slice(2)
if (candFile === undefined || labelFile === undefined) throw new Error('usage: extra-build CANDIDATES.jsonl LABELS.tsv')
const labels = readLabels(readFileSync(labelFile, 'utf8'), line => line.trim() !== '' && !line.startsWith('#'))
const cands = readFileSync(candFile, 'utf8').split('\n').filter(Boolean).map(l => JSON.parse(l) as Cand)
const ids = new Set(cands.map(c => c.id))
for (const id of labels.keys()) if (!ids.has(id)) throw new Error(`label for a message not among the candidates: ${id}`)

const added: Record<string, string[]> = { 'claude-code': [], codex: [] }
for (const c of cands) {
  const label = labels.get(c.id)
  // The brief's rule: a message the topic filter does not touch may be labelled all-allow unread; every other one was read.
  if (label === undefined && topicHooks(c.text).length > 0) throw new Error(`topic message left unlabelled: ${c.id}`)
  const blocks = label?.blocks ?? []
  const topics = c.agent === 'codex' ? codexTopics(c.text) : topicHooks(c.text)
  const relevant = HOOKS.filter(h => topics.includes(h) || blocks.includes(h))
  added[c.agent]!.push(JSON.stringify({
    id: c.id,
    source: 'real',
    origin: c.origin,
    agent: c.agent,
    text: c.text,
    labels: Object.fromEntries(HOOKS.map(h => [h, blocks.includes(h) ? 'block' : 'allow'])),
    relevant,
    why: label?.why.trim() ?? 'no hook topic (filter)',
    repo: c.repo,
    split: 'train'
  }))
}
for (const [agent, rows] of Object.entries(added)) {
  const file = FILE[agent]!
  const kept = readFileSync(file, 'utf8').split('\n').filter(l => l !== '' && !ids.has((JSON.parse(l) as { id: string }).id))
  writeFileSync(file, [...kept, ...rows].join('\n') + '\n')
  console.error(`${file}: ${kept.length} kept, ${rows.length} added`)
}
