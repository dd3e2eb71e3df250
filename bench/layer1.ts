/** Layer 1's own cost on real replies: every Stop hook's stages (sentences, triggers, scorers, skips) per message, in process. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../server/config/config.js'
import { gate } from '../server/judge/layer1.js'
import { ROOT, type Section, stats } from './lib.js'

const CORPORA = ['claude-code.jsonl', 'codex.jsonl']

export function layer1Cost (rounds: number): Section {
  const hooks = Object.values(loadConfig({ env: {}, file: '/dev/null' }).hooks).filter(h => h.event === 'Stop')
  const texts = CORPORA.flatMap(f => readFileSync(join(ROOT, 'corpus', f), 'utf8').trim().split('\n'))
    .map(l => JSON.parse(l) as { text: string, source: string, split: string })
    .filter(r => r.split === 'validation' && r.source === 'real').map(r => r.text)
  for (const text of texts) for (const h of hooks) gate(text, h)
  const perMessage: number[] = []
  for (let r = 0; r < rounds; r++) {
    for (const text of texts) {
      const t0 = process.hrtime.bigint()
      for (const h of hooks) gate(text, h)
      perMessage.push(Number(process.hrtime.bigint() - t0) / 1000)
    }
  }
  const s = stats(perMessage)
  const mean = perMessage.reduce((a, b) => a + b, 0) / perMessage.length
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / texts.length
  return {
    title: 'Layer 1 on real replies',
    note: `All ${hooks.length} shipped Stop hooks' Layer 1 (prose sentences, triggers, the learned scorers, skips) on each of the ` +
      `${texts.length} real end-of-turn messages of the corpus's validation split (mean ${bytes.toFixed(0)} bytes), ${rounds} rounds, in process. Goal: 300 µs a message.`,
    head: ['figure', 'µs per message'],
    rows: [['mean', mean.toFixed(0)], ['median', s.median.toFixed(0)], ['p99', s.p99.toFixed(0)]]
  }
}
