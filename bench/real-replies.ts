/** The corpus's real end-of-turn replies of the validation split, as the daemon's Layer 1 reads them, for the bench's figures on real text. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../server/config/config.js'
import { lastBytes } from '../server/judge/extract.js'
import { gate } from '../server/judge/layer1.js'
import { median, ROOT } from './lib.js'

const CORPORA = ['claude-code.jsonl', 'codex.jsonl']

/** The shipped defaults (no user file) and their Stop hooks. */
export function stopHooks () {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  return { config, hooks: Object.values(config.hooks).filter(h => h.event === 'Stop') }
}

/** Every real validation reply, whole. */
export function realReplies (): string[] {
  return CORPORA.flatMap(f => readFileSync(join(ROOT, 'corpus', f), 'utf8').trim().split('\n'))
    .map(l => JSON.parse(l) as { text: string, source: string, split: string })
    .filter(r => r.split === 'validation' && r.source === 'real').map(r => r.text)
}

/**
 * An ordinary turn's reply: of the real validation replies that every Stop hook's Layer 1 lets through, the one nearest
 * their median length. The bench's 78-byte MISS_TEXT costs the daemon less than a real reply: Layer 1 reads every
 * sentence, and the records carry the text.
 */
export function ordinaryReply (): string {
  const { config, hooks } = stopHooks()
  const through = realReplies().filter(t => hooks.every(h => gate(lastBytes(t, config.judge.maxTextBytes), h) !== 'hit'))
  const mid = median(through.map(t => t.length))
  return through.reduce((best, t) => Math.abs(t.length - mid) < Math.abs(best.length - mid) ? t : best)
}
