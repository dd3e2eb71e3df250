/** Checks corpus/codex.jsonl: every line parses, has every key with the right type, and prints the per-split hook counts. */
import { readFileSync } from 'node:fs'
import { TURN_KINDS } from '../../server/evidence/turn-kind.js'
import { HOOKS } from './codex-topics.js'

const KEYS = ['id', 'source', 'origin', 'agent', 'text', 'labels', 'relevant', 'why', 'repo', 'split']
const file = process.argv[2] ?? new URL('../codex.jsonl', import.meta.url).pathname
const lines = readFileSync(file, 'utf8').split('\n').filter(l => l !== '')
const problems: string[] = []
const ids = new Set<string>()
const repoSplit = new Map<string, string>()
const stat: Record<string, Record<string, number>> = {}
lines.forEach((line, i) => {
  let r: Record<string, any>
  try { r = JSON.parse(line) } catch { problems.push(`line ${i + 1}: not JSON`); return }
  for (const k of KEYS) if (!(k in r)) problems.push(`line ${i + 1}: missing ${k}`)
  if (typeof r.text !== 'string' || r.text.trim() === '') problems.push(`line ${i + 1}: empty text`)
  if ('turn' in r && (r.source !== 'real' || r.split !== 'validation' || !(TURN_KINDS as readonly unknown[]).includes(r.turn))) problems.push(`line ${i + 1}: turn ${r.turn}`)
  if (ids.has(r.id)) problems.push(`line ${i + 1}: duplicate id ${r.id}`)
  ids.add(r.id)
  if (!['real', 'synthetic'].includes(r.source) || !['train', 'validation'].includes(r.split) || r.agent !== 'codex') problems.push(`line ${i + 1}: bad source/split/agent`)
  if (r.source === 'real' && !/^[^@]+@[0-9a-f]{40}:.+#L\d+$/.test(r.origin)) problems.push(`line ${i + 1}: bad origin ${r.origin}`)
  for (const h of HOOKS) {
    if (!['block', 'allow'].includes(r.labels?.[h])) problems.push(`line ${i + 1}: label ${h}`)
    if (r.labels?.[h] === 'block' && !r.relevant.includes(h)) problems.push(`line ${i + 1}: block not relevant ${h}`)
  }
  if (repoSplit.has(r.repo) && repoSplit.get(r.repo) !== r.split) problems.push(`line ${i + 1}: repo ${r.repo} in both splits`)
  repoSplit.set(r.repo, r.split)
  const key = `${r.split}/${r.source}`
  const s = (stat[key] ??= { messages: 0 })
  s.messages = (s.messages ?? 0) + 1
  for (const h of HOOKS) {
    if (r.labels[h] === 'block') s[`${h} block`] = (s[`${h} block`] ?? 0) + 1
    if (r.relevant.includes(h)) s[`${h} relevant`] = (s[`${h} relevant`] ?? 0) + 1
  }
})
const repos = (split: string, source: string): number => new Set(lines.map(l => JSON.parse(l)).filter(r => r.split === split && r.source === source).map(r => r.repo)).size
console.log(JSON.stringify(stat, null, 1))
console.log(`repos: train real ${repos('train', 'real')}, validation real ${repos('validation', 'real')}, synthetic groups train ${repos('train', 'synthetic')} validation ${repos('validation', 'synthetic')}`)
console.log(problems.length === 0 ? `OK: ${lines.length} records` : problems.slice(0, 20).join('\n'))
process.exitCode = problems.length === 0 ? 0 : 1
