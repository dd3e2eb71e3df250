// The shipped Layer-1 models (config/models/, `npm run models`) load with the default config and still give the
// validation figures their report states, within half a point, on the shipped corpus.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { gate } from '../../server/judge/layer1.js'
import { examplesFor } from '../../server/layer1/examples.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'

const TOLERANCE = 0.005
const read = (p: string) => readFileSync(join(PACKAGE_ROOT, p), 'utf8')

t.test('each shipped model is wired in, and its validation recall and hit rate are what its report says', async t => {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const { reports } = JSON.parse(read('config/models/report.json')) as { reports: Array<{ hook: string, validation: { recall: number, hitRate: number, positives: number } }> }
  const rows = parseCorpus(read('corpus/claude-code.jsonl') + read('corpus/codex.jsonl')).rows
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
