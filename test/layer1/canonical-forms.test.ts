// The seed article's and labelling.md's violation forms, and a blind writer's paraphrases of each
// (corpus/written/canonical.jsonl), all reach the judge with the shipped models: Layer 1 lets none of them through.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { gate } from '../../server/judge/layer1.js'

const { rows, problems } = parseCorpus(readFileSync(join(PACKAGE_ROOT, 'corpus', 'written', 'canonical.jsonl'), 'utf8'))

t.test('every canonical form and paraphrase is sent to the judge by the hook it violates', async t => {
  t.strictSame(problems, [])
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const hooks = new Set<string>()
  for (const row of rows) {
    for (const [hook, label] of Object.entries(row.labels)) {
      if (label !== 'block') continue
      hooks.add(hook)
      t.equal(gate(row.text, config.hooks[hook]!), 'hit', `${hook} ${row.id}: ${row.text.slice(0, 80)}`)
    }
  }
  t.strictSame([...hooks].sort(), ['bugfix-without-reproduction', 'commit', 'scope-change', 'scope-check', 'shallow-bugfix'], 'every Stop hook has its forms')
  t.ok(rows.length >= 200, 'the seed forms and three paraphrases of each')
})
