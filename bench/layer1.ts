/** Layer 1's own cost on real replies: every Stop hook's stages (sentences, triggers, scorers, skips) per message, in process. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../server/config/config.js'
import { lastBytes } from '../server/judge/extract.js'
import { gate } from '../server/judge/layer1.js'
import { ROOT, type Section, stats } from './lib.js'

const CORPORA = ['claude-code.jsonl', 'codex.jsonl']

export function layer1Cost (rounds: number): Section {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const hooks = Object.values(config.hooks).filter(h => h.event === 'Stop')
  // What the daemon's Layer 1 reads of a final message: its last judge.maxTextBytes (pipeline/layer1-stage.ts).
  const texts = CORPORA.flatMap(f => readFileSync(join(ROOT, 'corpus', f), 'utf8').trim().split('\n'))
    .map(l => JSON.parse(l) as { text: string, source: string, split: string })
    .filter(r => r.split === 'validation' && r.source === 'real').map(r => lastBytes(r.text.trim(), config.judge.maxTextBytes))
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
      `${texts.length} real end-of-turn messages of the corpus's validation split, each cut to the last ${config.judge.maxTextBytes} bytes as the daemon reads it (mean ${bytes.toFixed(0)} bytes), ${rounds} rounds, in process. Goal: 300 µs a message.`,
    head: ['figure', 'µs per message'],
    rows: [['mean', mean.toFixed(0)], ['median', s.median.toFixed(0)], ['p99', s.p99.toFixed(0)]]
  }
}
