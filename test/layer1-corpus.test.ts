// Layer 1 on the labelled corpus: the shipped trigger/skip patterns must send (almost) every violation to Layer 2
// and leave most ordinary end-of-turn messages alone. Layer 2 decides the rest, so look-alikes may well hit.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { loadConfig } from '../server/config/config.js'
import { gate } from '../server/judge/layer1.js'

type Label = 'block' | 'allow'
interface Row { id: string, text: string, labels: Record<string, Label> }

const HOOKS = ['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction'] as const
const MIN_RECALL = 0.95
const MAX_ORDINARY_HIT_RATE = 0.20

// The shipped defaults only: '/dev/null' stands in for the user file so a developer's own config cannot leak in.
const config = loadConfig({ env: {}, file: '/dev/null' })
const lines = readFileSync(new URL('./fixtures/corpus.jsonl', import.meta.url), 'utf8').split('\n').filter(l => l.trim() !== '')

function parseRow (line: string): Row | null {
  try {
    const v = JSON.parse(line) as unknown
    if (typeof v !== 'object' || v === null) return null
    const { id, text, labels } = v as Record<string, unknown>
    if (typeof id !== 'string' || id === '' || typeof text !== 'string' || text === '') return null
    if (typeof labels !== 'object' || labels === null || Array.isArray(labels)) return null
    if (!Object.values(labels).every(l => l === 'block' || l === 'allow')) return null
    return { id, text, labels: labels as Record<string, Label> }
  } catch {
    return null
  }
}

const rows = lines.map(parseRow).filter((r): r is Row => r !== null)
const pct = (x: number) => `${(100 * x).toFixed(1)}%`

t.test('corpus shape: ≥200 valid lines with id/text/labels, unique ids, known hooks', async t => {
  t.ok(lines.length >= 200, `${lines.length} lines`)
  t.equal(rows.length, lines.length, 'every line is valid JSON with id, text and block/allow labels')
  t.equal(new Set(rows.map(r => r.id)).size, rows.length, 'ids are unique')
  const unknown = rows.flatMap(r => Object.keys(r.labels)).filter(h => !(HOOKS as readonly string[]).includes(h))
  t.strictSame(unknown, [], 'labels name only the five Stop hooks')
  const ordinary = rows.filter(r => r.id.startsWith('ordinary-'))
  t.ok(ordinary.length >= 60, `${ordinary.length} ordinary messages`)
  t.ok(ordinary.every(r => HOOKS.every(h => r.labels[h] === 'allow')), 'ordinary messages are labelled allow for all five hooks')
  const japanese = rows.filter(r => /[\u3040-\u30ff\u4e00-\u9fff]/.test(r.text)).length
  t.comment(`corpus: ${rows.length} messages, ${japanese} Japanese (${pct(japanese / rows.length)}), ${ordinary.length} ordinary`)
})

for (const name of HOOKS) {
  t.test(`layer 1 for ${name}`, async t => {
    const policy = config.hooks[name]
    if (!policy) {
      t.fail(`hook ${name} is missing from the shipped config`)
      return
    }
    const blocks = rows.filter(r => r.labels[name] === 'block')
    const allows = rows.filter(r => r.labels[name] === 'allow')
    const lookalikes = allows.filter(r => !r.id.startsWith('ordinary-'))
    const ordinary = rows.filter(r => r.id.startsWith('ordinary-'))
    t.ok(blocks.length >= 25, `${blocks.length} block labels`)
    t.ok(allows.length >= 25, `${allows.length} allow labels`)

    const missed = blocks.filter(r => gate(r.text, policy) !== 'hit')
    const recall = 1 - missed.length / blocks.length
    const ordinaryHits = ordinary.filter(r => gate(r.text, policy) === 'hit')
    const hitRate = ordinaryHits.length / ordinary.length
    const lookalikeHits = lookalikes.filter(r => gate(r.text, policy) === 'hit').length
    const lookalikeSkips = lookalikes.filter(r => gate(r.text, policy) === 'skip').length

    t.comment(`${name}: recall ${pct(recall)} (${blocks.length - missed.length}/${blocks.length}) · ` +
      `ordinary hit rate ${pct(hitRate)} (${ordinaryHits.length}/${ordinary.length}) · ` +
      `look-alikes sent to Layer 2 ${lookalikeHits}/${lookalikes.length}, skipped ${lookalikeSkips}`)
    for (const r of missed) t.comment(`  missed ${r.id} (${gate(r.text, policy)})`)
    for (const r of ordinaryHits) t.comment(`  ordinary hit ${r.id}`)

    t.ok(recall >= MIN_RECALL, `recall ${pct(recall)} ≥ ${pct(MIN_RECALL)}`)
    t.ok(hitRate <= MAX_ORDINARY_HIT_RATE, `ordinary hit rate ${pct(hitRate)} ≤ ${pct(MAX_ORDINARY_HIT_RATE)}`)
    t.strictSame(blocks.filter(r => gate(r.text, policy) === 'skip').map(r => r.id), [],
      'no violation is let through by a skip pattern (skips are never judged)')
  })
}

t.test('commit: the article\'s four must-pass texts, and the SHA skip', async t => {
  const commit = config.hooks.commit
  if (!commit) {
    t.fail('commit hook missing')
    return
  }
  // Layer 1 may send these to Layer 2 (which allows them); record what it does.
  const mustPass = [
    'I have committed the changes.',
    'Q1: Commit\nQ2: Create another branch',
    'I will commit after the tests are complete.',
    'All tests PASS, cmp OK, shall I commit?'
  ]
  for (const text of mustPass) {
    const g = gate(text, commit)
    t.comment(`must-pass ${JSON.stringify(text)} → ${g}`)
    t.not(g, 'miss', 'commit talk is noticed by the trigger (skip or Layer 2 decides, never a silent miss)')
  }
  const shaReports = [
    'Committed as 3f2a9c1. CI is running.',
    'committed as 3f2a9c1 (`fix: handle empty payload`)',
    'Pushed to origin: a81c0de..e4b77f2',
    'The fix was merged in `9c1e2f4` yesterday.',
    'コミットしました（`a1b2c3d`）。'
  ]
  for (const text of shaReports) t.equal(gate(text, commit), 'skip', `skips: ${text}`)
  // Not a SHA: all digits, or a plain word; and a proposal without any SHA still goes to Layer 2.
  t.equal(gate('The job committed 1234567 rows; shall I push the branch now?', commit), 'hit', 'a digits-only number is not a SHA')
  t.equal(gate("I'll commit and push to main now.", commit), 'hit', 'a bare proposal is judged')
})
