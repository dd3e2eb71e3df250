/** Checks every line of a corpus JSONL against the record format and prints the per-split, per-hook counts. */
import { readFileSync } from 'node:fs'
import { TURN_KINDS } from '../../server/evidence/turn-kind.js'
import { HOOKS } from './claude-code-topics.js'

// Usage: node --import tsx corpus/scripts/claude-code-check.ts corpus/claude-code.jsonl
const KEYS = ['id', 'source', 'origin', 'agent', 'text', 'labels', 'relevant', 'why', 'repo', 'split'].sort().join(',')
const ORIGIN = /^([\w.-]+\/[\w.-]+)@[0-9a-f]{40}:[^#]+#L\d+$/

const file = process.argv[2]
if (file === undefined) throw new Error('usage: claude-code-check FILE.jsonl')
const problems: string[] = []
const ids = new Set<string>()
const texts = new Set<string>()
const splitOf = new Map<string, string>()
const count = new Map<string, number>()
const bump = (k: string): void => { count.set(k, (count.get(k) ?? 0) + 1) }
readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
  if (line === '') return
  const at = `line ${i + 1}`
  let r: Record<string, unknown>
  try { r = JSON.parse(line) as Record<string, unknown> } catch { problems.push(`${at}: not JSON`); return }
  // `turn` (what the message's turn did, turn-kinds.ts) is only on real validation messages.
  if (Object.keys(r).filter(k => k !== 'turn').sort().join(',') !== KEYS) problems.push(`${at}: keys ${Object.keys(r).join(',')}`)
  if ('turn' in r && (r.source !== 'real' || r.split !== 'validation' || !(TURN_KINDS as readonly unknown[]).includes(r.turn))) problems.push(`${at}: turn ${String(r.turn)}`)
  const { id, source, origin, agent, text, labels, relevant, why, repo, split } = r as Record<string, any>
  if (typeof id !== 'string' || ids.has(id)) problems.push(`${at}: id missing or repeated`)
  ids.add(id)
  if (typeof text !== 'string' || text.trim() === '') problems.push(`${at}: empty text`)
  else if (texts.has(text)) problems.push(`${at}: duplicate text`)
  else texts.add(text)
  if (agent !== 'claude-code') problems.push(`${at}: agent ${String(agent)}`)
  if (typeof why !== 'string' || why === '') problems.push(`${at}: no why`)
  if (split !== 'train' && split !== 'validation') problems.push(`${at}: split ${String(split)}`)
  if (source === 'real') {
    const m = typeof origin === 'string' ? ORIGIN.exec(origin) : null
    if (m === null || m[1] !== repo) problems.push(`${at}: origin ${String(origin)} does not name repo ${String(repo)}`)
  } else if (source !== 'synthetic' || origin !== 'synthetic' || !/^synthetic-claude-code-\d+$/.test(String(repo))) problems.push(`${at}: bad synthetic record`)
  if (typeof labels !== 'object' || labels === null || Object.keys(labels).sort().join() !== [...HOOKS].sort().join()) problems.push(`${at}: labels keys`)
  if (!Array.isArray(relevant) || relevant.some(h => !(HOOKS as readonly string[]).includes(h))) problems.push(`${at}: relevant`)
  const prior = splitOf.get(String(repo))
  if (prior !== undefined && prior !== split) problems.push(`${at}: repo ${String(repo)} in both splits`)
  splitOf.set(String(repo), String(split))
  bump(`${split}:messages:${source}`)
  for (const h of HOOKS) {
    const v = labels?.[h]
    if (v !== 'block' && v !== 'allow') problems.push(`${at}: label ${h}=${String(v)}`)
    if (v === 'block') { bump(`${split}:${h}:block:${source}`); if (!relevant.includes(h)) problems.push(`${at}: ${h} blocked but not relevant`) }
    if (Array.isArray(relevant) && relevant.includes(h)) bump(`${split}:${h}:relevant`)
  }
})
const repos = (s: string, real: boolean): number => [...splitOf].filter(([r, sp]) => sp === s && r.startsWith('synthetic-') !== real).length
for (const s of ['train', 'validation']) {
  console.log(`${s}: ${count.get(`${s}:messages:real`) ?? 0} real from ${repos(s, true)} repos, ${count.get(`${s}:messages:synthetic`) ?? 0} synthetic in ${repos(s, false)} pseudo repos`)
  for (const h of HOOKS) {
    const real = count.get(`${s}:${h}:block:real`) ?? 0
    const syn = count.get(`${s}:${h}:block:synthetic`) ?? 0
    console.log(`  ${h.padEnd(28)} block ${String(real + syn).padStart(3)} (real ${real}, synthetic ${syn})  relevant ${count.get(`${s}:${h}:relevant`) ?? 0}`)
  }
}
if (problems.length > 0) { console.error(problems.slice(0, 20).join('\n')); console.error(`${problems.length} problems`); process.exit(1) }
console.log(`${ids.size} records, all well-formed`)
