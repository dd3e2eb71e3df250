// A model whose threshold no text can reach would turn its hook off without a word: it is refused at load and on reload,
// naming the hook, and a reload onto it keeps the last good config (its hook still catching what it caught).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { ConfigError } from '../../server/core/errors.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { gate } from '../../server/judge/layer1.js'
import { highestScore, parseModel } from '../../server/layer1/model.js'
import { build, tempDir, testConfig } from '../helper.js'

const shipped = (hook: string) => parseModel(JSON.parse(readFileSync(join(PACKAGE_ROOT, 'config', 'models', `${hook}.json`), 'utf8')))
const PROPOSAL = "I've finished the refactor. Shall I commit and push it to main now?"

function configWith (t: Parameters<typeof tempDir>[0], threshold: number, hook = 'commit'): string {
  const dir = tempDir(t)
  writeFileSync(join(dir, `${hook}.json`), JSON.stringify({ ...shipped(hook), threshold }))
  writeFileSync(join(dir, 'c.yaml'), `hooks:\n  ${hook}: { layer1: { model: ${hook}.json } }\n`)
  return join(dir, 'c.yaml')
}

t.test('the bound is a real bound: no shipped model scores a text above it, and every shipped threshold is under it', async t => {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  for (const hook of ['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction']) {
    const model = shipped(hook)
    const top = highestScore(model)
    t.ok(model.threshold <= top, `${hook}: threshold ${model.threshold} reachable (bound ${top})`)
    t.ok(config.hooks[hook]!.scorer!.score(PROPOSAL, PROPOSAL) <= top, `${hook}: a real score is under the bound`)
  }
})

t.test('an unreachable threshold is a config error naming the hook; a reachable one loads', async t => {
  // A sigmoid never reaches 1; scope-check's weights bound its scores below that.
  const top = highestScore(shipped('scope-check'))
  t.ok(top < 1)
  const file = configWith(t, (top + 1) / 2, 'scope-check')
  const problems = (() => { try { loadConfig({ env: {}, file }); return [] } catch (err) { return err instanceof ConfigError ? err.problems : [] } })()
  t.ok(problems.some(p => p.path === 'hooks.scope-check.layer1.model' && /out of reach/.test(p.got)), 'named by the hook\'s key, with the reason')
  for (const threshold of [1, 1.5]) t.throws(() => loadConfig({ env: {}, file: configWith(t, threshold) }), /hooks\.commit\.layer1\.model[\s\S]*out of reach/)
  const config = loadConfig({ env: {}, file: configWith(t, shipped('commit').threshold) })
  t.equal(gate(PROPOSAL, config.hooks.commit!), 'hit')
})

t.test('a reload onto an unreachable threshold is refused, and the hook keeps catching with the last good model', async t => {
  const file = configWith(t, shipped('commit').threshold)
  const { reload, runtime } = await build(t, testConfig(), { load: () => loadConfig({ env: {}, file }) })
  t.match(reload(), { ok: true })
  writeFileSync(join(file, '..', 'commit.json'), JSON.stringify({ ...shipped('commit'), threshold: 2 }))
  t.match(reload(), { ok: false, problems: [/hooks\.commit\.layer1\.model.*out of reach/] })
  t.equal(gate(PROPOSAL, runtime().config.hooks.commit!), 'hit')
})

t.test('a reload onto a model with a new threshold says so (a model file is read apart from the YAML)', async t => {
  const file = configWith(t, shipped('commit').threshold)
  const { reload } = await build(t, testConfig(), { load: () => loadConfig({ env: {}, file }) })
  t.match(reload(), { ok: true })
  writeFileSync(join(file, '..', 'commit.json'), JSON.stringify({ ...shipped('commit'), threshold: 0.5 }))
  t.match(reload(), { ok: true, changes: [`hook commit Layer-1 threshold ${shipped('commit').threshold} -> 0.5`] })
  t.match(reload(), { ok: true, changes: [] }, 'the same again: no change')
})
