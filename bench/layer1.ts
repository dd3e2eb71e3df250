/** Layer 1's own cost on real replies: every Stop hook's stages (sentences, triggers, scorers, skips) per message, in process. */
import { lastBytes } from '../server/judge/extract.js'
import { gate } from '../server/judge/layer1.js'
import { type Section, stats } from './lib.js'
import { realReplies, stopHooks } from './real-replies.js'

export function layer1Cost (rounds: number): Section {
  const { config, hooks } = stopHooks()
  // What the daemon's Layer 1 reads of a final message: its last judge.maxTextBytes (pipeline/layer1-stage.ts).
  const texts = realReplies().map(t => lastBytes(t.trim(), config.judge.maxTextBytes))
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
      `${texts.length} real end-of-turn messages of the corpus's validation split, each cut to the last ${config.judge.maxTextBytes} bytes as the daemon reads it (mean ${bytes.toFixed(0)} bytes), ${rounds} rounds, in process.`,
    head: ['figure', 'µs per message'],
    rows: [['mean', mean.toFixed(0)], ['median', s.median.toFixed(0)], ['p99', s.p99.toFixed(0)]]
  }
}
