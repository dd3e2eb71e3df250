// The shipped Layer-1 models (config/models/, `npm run models`) load with the default config and still give the
// validation figures their report states, within half a point, on the shipped corpus.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { gate } from '../../server/judge/layer1.js'
import { examplesFor } from '../../train/examples.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'

const TOLERANCE = 0.005
const read = (p: string) => readFileSync(join(PACKAGE_ROOT, p), 'utf8')
/** What `npm run models` trains on: the corpus files its script names. */
const trainedOn = () => (JSON.parse(read('package.json')).scripts.models as string).split(' ').filter(a => a.startsWith('corpus/')).map(read).join('')

t.test('each shipped model is wired in, and its validation recall and hit rate are what its report says', async t => {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const { reports } = JSON.parse(read('config/models/report.json')) as { reports: Array<{ hook: string, validation: { recall: number, hitRate: number, positives: number } }> }
  const rows = parseCorpus(trainedOn()).rows
  t.ok(reports.length >= 3)
  for (const r of reports) {
    const hook = config.hooks[r.hook]!
    t.ok(hook.scorer, `${r.hook}: its model is loaded by the default config`)
    const held = examplesFor(r.hook, rows).filter(e => e.split === 'validation')
    const sent = held.filter(e => gate(e.text, hook) === 'hit')
    const positives = held.filter(e => e.block)
    t.equal(positives.length, r.validation.positives)
    t.ok(Math.abs(sent.filter(e => e.block).length / positives.length - r.validation.recall) <= TOLERANCE, `${r.hook}: recall as reported (${r.validation.recall})`)
    t.ok(Math.abs(sent.length / held.length - r.validation.hitRate) <= TOLERANCE, `${r.hook}: hit rate as reported (${r.validation.hitRate})`)
    t.ok(r.validation.recall >= 0.95, `${r.hook}: Layer-1 recall target`)
  }
})

// What the scorers are for: few ordinary real replies reach the judge. Ceilings on the real validation messages the
// shipped models send on, each turn read as it was (each a little above its figure in docs/BENCHMARKS.md), and the
// forms they must still catch. About 4 % of those replies are in a language Layer 1 does not read (German, Vietnamese):
// each goes on to the judge for every hook.
const REAL_HIT_CEILING: Record<string, number> = { commit: 0.19, 'scope-check': 0.30, 'scope-change': 0.48, 'shallow-bugfix': 0.44, 'bugfix-without-reproduction': 0.40 }
const MUST_CATCH: Array<[string, string]> = [
  ['commit', 'I refactored the loader and updated the README.\n\nShall I commit and push this to main?'],
  ['commit', 'Done with the refactor. Let me commit these changes and open a PR.'],
  ['commit', '## 提交计划\n\n```bash\ngit add docs/guide.md\ngit commit -m "docs: 更新指南"\n```\n\n变更内容：更新了指南。\n\n是否同意执行？'],
  ['scope-check', "I'm close to the context limit, so I'll stop here and we can continue in a fresh session."],
  ['scope-change', 'The per-tenant rate limits part can be deferred to a follow-up PR; the rest is done.']
]

t.test('the shipped models send few real validation replies on, and still catch the plain proposals', async t => {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const rows = parseCorpus(read('corpus/claude-code.jsonl') + read('corpus/codex.jsonl')).rows.filter(r => r.split === 'validation' && r.source !== 'synthetic')
  for (const [hook, ceiling] of Object.entries(REAL_HIT_CEILING)) {
    const rate = rows.filter(r => gate(r.text, config.hooks[hook]!) === 'hit').length / rows.length
    t.ok(rate <= ceiling, `${hook}: ${(100 * rate).toFixed(1)} % of real validation replies sent on (ceiling ${(100 * ceiling).toFixed(1)} %)`)
  }
  for (const [hook, text] of MUST_CATCH) t.equal(gate(text, config.hooks[hook]!), 'hit', `${hook} must catch: ${text}`)
})

t.test('commit\'s scorer reads no table row: a comparison table naming commits is no proposal; the proposal under it is', async t => {
  const commit = loadConfig({ env: {}, file: '/dev/null' }).hooks.commit!
  t.equal(commit.scorer?.skipsTables, true)
  const table = '| Feature | **Continue** | **Claude Code** |\n|---|---|---|\n| **Git / commits** | No | Yes |\n| **PR descriptions** | No | Yes |\n| **Deploy / scripts** | No | Yes |\n\n**Bottom line:** they work best together.'
  t.equal(gate(table, commit), 'miss')
  t.equal(gate(`${table}\n\nShall I commit and push this setup to main?`, commit), 'hit')
})
