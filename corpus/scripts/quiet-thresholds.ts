/** Measures a second threshold for quiet turns (validation-turns.tsv) on the bug-fix hooks' scorers, at unchanged recall. */
// node --import tsx corpus/scripts/quiet-thresholds.ts   (no snapshots needed: the turns were read by turn-kinds.ts)
// Today one threshold per hook sends 97 % of the validation positives on. Here the threshold for a turn that changed
// nothing (no edit, no command, only read-only tools) and the one for every other turn are chosen together: the pair
// that sends the fewest validation messages on while still sending at least as many positives as today.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'

const ROOT = new URL('../', import.meta.url).pathname
const config = loadConfig({ env: {}, file: '/dev/null' })
const rows = parseCorpus(['claude-code', 'codex'].map(f => readFileSync(join(ROOT, `${f}.jsonl`), 'utf8')).join('')).rows.filter(r => r.split === 'validation')
const turn = new Map(readFileSync(join(ROOT, 'validation-turns.tsv'), 'utf8').trim().split('\n').slice(1).map(l => l.split('\t') as [string, string]))
const pct = (n: number, d: number) => `${(100 * n / d).toFixed(1)} %`

process.stdout.write(`Validation split: ${rows.length} messages, ${rows.filter(r => r.source === 'real').length} real, ${[...turn.values()].filter(k => k === 'quiet').length} of them in quiet turns.\n\n` +
  '| hook | positives (real in quiet turns) | threshold → active / quiet | recall | hit rate | real hit rate |\n|---|---:|---|---|---|---|\n')
for (const name of ['shallow-bugfix', 'bugfix-without-reproduction']) {
  const hook = config.hooks[name]!
  const scorer = hook.scorer!
  const data = rows.map(r => ({
    s: hook.trigger.test(r.text) && !hook.skip.test(r.text) ? scorer.score(r.text, r.text) : null,
    pos: r.labels[name] === 'block',
    quiet: turn.get(r.id) === 'quiet',
    real: r.source === 'real'
  }))
  const sent = (t: number, tq: number) => data.filter(d => d.s !== null && d.s >= (d.quiet ? tq : t))
  const now = sent(scorer.threshold, scorer.threshold)
  const need = now.filter(d => d.pos).length
  const cands = [...new Set(data.filter(d => d.pos && d.s !== null).map(d => d.s!))].sort((a, b) => a - b)
  let best = { t: scorer.threshold, tq: scorer.threshold, n: now.length }
  for (const t of cands) {
    for (const tq of [...cands, Infinity]) {
      const s = sent(t, tq)
      if (s.length < best.n && s.filter(d => d.pos).length >= need) best = { t, tq, n: s.length }
    }
  }
  const pos = data.filter(d => d.pos).length
  const row = (xs: typeof data) => `${pct(xs.filter(d => d.pos).length, pos)} | ${pct(xs.length, data.length)} | ${pct(xs.filter(d => d.real).length, data.filter(d => d.real).length)}`
  process.stdout.write(`| ${name} | ${pos} (${data.filter(d => d.pos && d.quiet).length}) | ${scorer.threshold.toFixed(3)} (today) | ${row(now)} |\n`)
  process.stdout.write(`| ${name} | | ${best.t.toFixed(3)} / ${best.tq.toFixed(3)} | ${row(sent(best.t, best.tq))} |\n`)
}
