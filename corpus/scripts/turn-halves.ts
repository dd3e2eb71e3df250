/** Does Layer 1's per-turn decision (server/layer1/joint.ts) hold on repositories its factors were not chosen on? */
// node --import tsx corpus/scripts/turn-halves.ts [TARGET]   (default 0.97; ~10 s)
// As corpus/scripts/halves.ts, for the turn: each of 10 random halvings of the validation repositories chooses, on one
// half, every scorer hook's thresholds (pickThresholds with the shipped class lists, as `train` does) and then the
// joint factors (pickJoint, as `train` does), and is measured on the other half, both ways round: the real replies sent
// on (any hook asked) and each hook's positives kept, with each hook at its own threshold and with the factors.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { rowTurnClass, SCORER_KINDS, TURN_CLASS_HOOKS } from '../../server/layer1/examples.js'
import { type Joint, pickJoint, turnHits } from '../../server/layer1/joint.js'
import { pickThresholds } from '../../server/layer1/thresholds.js'
import { scorerInputs } from '../../server/layer1/train.js'

const ROOT = new URL('../', import.meta.url).pathname
const HALVINGS = 10
const TARGET = Number(process.argv[2] ?? 0.97)
const config = loadConfig({ env: {}, file: '/dev/null' })
const HOOKS = Object.keys(SCORER_KINDS)
const present = new Set(HOOKS)
const { rows } = parseCorpus(['claude-code', 'codex'].map(f => readFileSync(join(ROOT, `${f}.jsonl`), 'utf8')).join(''))

/** The hook's best score on a reply (null: no trigger hit, or a skip), with the shipped model. */
function score (hook: string, text: string): number | null {
  const policy = config.hooks[hook]!
  const scorer = policy.scorer!
  const inputs = scorerInputs(text, scorer.kind, policy.trigger, scorer.skipsTables)
  return inputs.length === 0 || policy.skip.test(text) ? null : Math.max(...inputs.map(x => scorer.score(x, text)))
}

const held = rows.filter(r => r.split === 'validation').map(r => ({
  repo: r.repo ?? r.id, real: r.source !== 'synthetic', cls: rowTurnClass(r), s: HOOKS.map(h => score(h, r.text)), block: HOOKS.map(h => r.labels[h] === 'block')
}))
type Row = typeof held[number]

const totals = { positives: HOOKS.map(() => 0), keptOwn: HOOKS.map(() => 0), keptTurn: HOOKS.map(() => 0), real: 0, sentOwn: 0, sentTurn: 0 }
for (let halving = 0; halving < HALVINGS; halving++) {
  for (const side of [0, 1]) {
    const chosenOn = (r: Row) => createHash('sha256').update(`${halving}:${r.repo}`).digest()[0]! % 2 === side
    const on = held.filter(chosenOn)
    const off = held.filter(r => !chosenOn(r))
    const picked = HOOKS.map((h, i) => {
      const usable = new Set<string>(TURN_CLASS_HOOKS[h] ?? [])
      return pickThresholds(on.map(r => ({ s: r.s[i]!, block: r.block[i]!, ...(r.cls && usable.has(r.cls) ? { cls: r.cls } : {}) })), TARGET)
    })
    const rel = (r: Row) => r.s.map((s, i) => s === null ? null : s / ((r.cls ? picked[i]!.classes[r.cls] : undefined) ?? picked[i]!.threshold))
    const { joints } = pickJoint(on.map(r => ({ real: r.real, rel: rel(r), block: r.block })), HOOKS)
    for (const r of off) {
      const rs = rel(r)
      const own = turnHits(rs.map(x => ({ rel: x })), present)
      const turn = turnHits(rs.map((x, i) => ({ rel: x, joint: joints[i] as Joint })), present)
      if (r.real) { totals.real++; if (own.some(Boolean)) totals.sentOwn++; if (turn.some(Boolean)) totals.sentTurn++ }
      r.block.forEach((b, i) => { if (!b) return; totals.positives[i]!++; if (own[i]) totals.keptOwn[i]!++; if (turn[i]) totals.keptTurn[i]!++ })
    }
  }
}
const pct = (n: number, d: number) => d === 0 ? '—' : `${(100 * n / d).toFixed(1)} %`
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
process.stdout.write(`target ${TARGET}, on the half not chosen on (${HALVINGS} halvings, both ways round):\n` +
  `  real replies sent on: each hook at its own threshold ${pct(totals.sentOwn, totals.real)}, per turn ${pct(totals.sentTurn, totals.real)}\n` +
  HOOKS.map((h, i) => `  ${h}: recall ${pct(totals.keptOwn[i]!, totals.positives[i]!)} → ${pct(totals.keptTurn[i]!, totals.positives[i]!)}\n`).join('') +
  `  all positives: ${pct(sum(totals.keptOwn), sum(totals.positives))} → ${pct(sum(totals.keptTurn), sum(totals.positives))}\n`)
