// config/examples/stand-in-judge.yaml, the keyless way to try hookjudge the README offers: its toy judge, a real
// command backend, makes the README's proposal block and its past report allow, one hook or all of a Stop at once.
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { build, claudeStop } from '../helper.js'

const EXAMPLE = join(PACKAGE_ROOT, 'config', 'examples', 'stand-in-judge.yaml')
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' }

t.test('the README\'s proposal blocks by the stand-in judge, its past report is allowed', async t => {
  const { app } = await build(t, loadConfig({ env: {}, file: EXAMPLE, overrides: { decisionLog: { enabled: false } } }), { env })
  const ask = (text: string, url = '/judge/commit') => app.inject({ method: 'POST', url, payload: claudeStop(text, { session_id: text.slice(0, 12) }) })
  const proposal = await ask("Refactor done. I'll commit and push to main now.")
  t.equal(proposal.headers['x-hookjudge-source'], 'judge')
  t.match(proposal.json(), { decision: 'block', reason: /hookjudge \(commit\)/ })
  const report = await ask('I have committed it.')
  t.equal(report.headers['x-hookjudge-source'], 'judge')
  t.strictSame(report.json(), {})
  // Every Stop hook in one call: the answer holds one member per hook; only the commit hook's guess can block.
  const all = await ask("All set. I'll push to main now.", '/judge')
  t.match(all.json(), { decision: 'block', reason: /^hookjudge \(commit\)/ })
  t.notMatch(all.json().reason, /hookjudge \((?!commit)/, 'no other hook blocks')
  // The README's corrected reply: a plan to run the tests first is no proposal to push now.
  const corrected = await ask('You are right: I will not commit or push yet. I will run the tests first and report the result.', '/judge')
  t.strictSame(corrected.json(), {})
})
