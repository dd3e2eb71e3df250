/** For train: the joint factors of a set of freshly trained scorers, chosen on the corpus's held-back split (joint.ts); pure. */
import type { CorpusRow } from '../eval/corpus.js'
import { type Layer1Policy, relativeScore } from '../judge/layer1.js'
import { rowTurnClass, splitOf } from './examples.js'
import { type JointRow, pickJoint } from './joint.js'
import { type ModelFile, scorerFrom } from './model.js'

export interface JointReport { hooks: string[], realSentBefore: number, realSentAfter: number, realMessages: number }

/**
 * Each model with its joint factors, and what they change on the held-back split. Fewer than two models: unchanged (a
 * hook alone sends at its own threshold). Every hook keeps each held-back positive it kept alone.
 */
export function withJoint (models: ModelFile[], policies: Readonly<Record<string, Pick<Layer1Policy, 'trigger' | 'skip'>>>, rows: readonly CorpusRow[]): { models: ModelFile[], report?: JointReport } {
  if (models.length < 2) return { models }
  const hooks = models.map(m => m.hook)
  const scorers = models.map(m => ({ ...policies[m.hook]!, scorer: scorerFrom(m) }))
  const held = rows.filter(r => splitOf(r) === 'validation' && hooks.some(h => Object.hasOwn(r.labels, h)))
  const table: JointRow[] = held.map(r => {
    const cls = rowTurnClass(r)
    return {
      real: r.source !== 'synthetic',
      rel: scorers.map(p => { const x = relativeScore(r.text, p, cls); return typeof x === 'number' ? x : null }),
      block: hooks.map(h => r.labels[h] === 'block')
    }
  })
  const { joints, sentBefore, sentAfter } = pickJoint(table, hooks)
  const report = { hooks, realSentBefore: sentBefore, realSentAfter: sentAfter, realMessages: table.filter(r => r.real).length }
  return { models: models.map((m, i): ModelFile => ({ ...m, joint: joints[i]! })), report }
}
