/** Prints candidates FROM..TO for reading: head, every topic line, tail; messages no topic touches are only counted. */
import { readFileSync } from 'node:fs'
import { topics, TOPIC_RE } from './codex-topics.js'

const [from, to] = process.argv.slice(2).map(Number)
const rows = readFileSync(new URL('../work/candidates.jsonl', import.meta.url), 'utf8').trim().split('\n').map(l => JSON.parse(l) as { id: string, text: string })
let quiet = 0
for (const r of rows.slice(from, to)) {
  const t = topics(r.text)
  if (t.length === 0) { quiet++; continue }
  const lines = r.text.split('\n')
  const head = r.text.slice(0, 300)
  const tail = r.text.length > 650 ? r.text.slice(-200) : ''
  const mid = r.text.length > 300 ? r.text.slice(300, r.text.length - (tail === '' ? 0 : 200)) : ''
  const hits = mid.split('\n').filter(l => Object.values(TOPIC_RE).some(re => re.test(l))).map(l => l.slice(0, 140)).slice(0, 4)
  console.log(`### ${r.id} len=${r.text.length} [${[...new Set(t.map(h => h.split('-')[0]))].join(',')}] lines=${lines.length}`)
  console.log(head + (mid !== '' ? '\n  ⋯ ' + hits.join('\n  ⋯ ') : '') + (tail !== '' ? '\n  …' + tail : ''))
}
console.log(`(${quiet} without topic words)`)
