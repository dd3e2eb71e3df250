/** The bench's Layer-1 recall section: every Stop hook on each split, real and written apart, Wilson intervals, no judge. */
import { measure, SETS, STOP_HOOKS } from '../corpus/scripts/layer1-splits.js'
import type { Section } from './lib.js'

/** The recall each Stop hook's Layer 1 is held to on the untouched test split, real and written apart. */
const TARGET = 0.95

export async function layer1Recall (): Promise<Section> {
  const rows: string[][] = []
  for (const [name, set] of Object.entries(SETS)) {
    const data = set.rows()
    const m = await measure(data)
    rows.push([name, String(data.length), ...STOP_HOOKS.map(h => {
      const r = m[h]?.recall
      if (!r || r.rate === null) return '—'
      const mark = set.test && r.rate < TARGET ? ' (short)' : ''
      return `${r.k}/${r.n} ${(100 * r.rate).toFixed(0)} % [${(100 * r.low!).toFixed(0)}–${(100 * r.high!).toFixed(0)}]${mark}`
    })])
  }
  return {
    title: 'Layer-1 recall per Stop hook (no judge)',
    note: 'Violations Layer 1 sends to the judge, of those labelled block, with every shipped Stop hook on as `serve` runs it ' +
      '(corpus/scripts/layer1-splits.ts). dev: what thresholds, triggers and features were chosen on (the validation ' +
      'repositories, the team\'s written validation messages, fourteen blind authors of whom thirteen are trained on, the canonical ' +
      'forms, and a test writer read after its one score: polish, whose score led to the rule for unread languages); test: never trained or tuned on ' +
      '(corpus/test/; three blind authors of corpus/written/ whose scores were known while DEV changes were made, and three of a second round whose ' +
      'scores were not, two of a third round, two of a fourth, one of a fifth, and two of a sixth writing in Turkish and Indonesian, briefed before the ' +
      `unread-language rule, never read, scored after each of its two steps: the second was chosen on polish alone). Target ${100 * TARGET} % on test; ` +
      '"(short)" marks a figure under it. Wilson 95 % intervals.',
    head: ['set', 'messages', ...STOP_HOOKS],
    rows
  }
}
