// Cost accounting: token counts from the API usage fields into the metric, and an estimated cost where prices are set.
import t from 'tap'
import type { DecisionRecord } from '../../server/core/record.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, testConfig } from '../helper.js'

t.test('tokens of every attempt are counted; priced attempts add up to the record\'s costUsd', async t => {
  // openai answers prose (bad_output, tokens still spent), anthropic then answers; both report 120 in / 30 out.
  const api = await startFakeJudgeApi(body => body.system !== undefined ? { text: commitVerdict({ new_proposal: true }) } : { text: 'I think it is fine.' })
  t.teardown(() => api.close())
  const records: DecisionRecord[] = []
  const config = testConfig({
    judge: { backends: ['openai', 'anthropic'] },
    backends: { openai: { price: { inputPerMTok: 0.25, outputPerMTok: 2 } }, anthropic: { price: { inputPerMTok: 1, outputPerMTok: 5 } } }
  }, api.url)
  const { app, settled } = await build(t, config, { decisionLog: { write: rs => { records.push(...rs) }, close: async () => {} } })
  const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Merging the PR now.') })
  t.equal(res.json().decision, 'block')
  await settled()
  const metrics = (await app.inject({ url: '/metrics' })).body
  for (const backend of ['openai', 'anthropic']) {
    t.match(metrics, new RegExp(`hookjudge_judge_tokens_total\\{backend="${backend}",direction="input"\\} 120\\b`))
    t.match(metrics, new RegExp(`hookjudge_judge_tokens_total\\{backend="${backend}",direction="output"\\} 30\\b`))
  }
  const expected = (120 * 0.25 + 30 * 2 + 120 * 1 + 30 * 5) / 1e6
  t.equal(records[0]!.costUsd, Math.round(expected * 1e6) / 1e6)

  const cached = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Merging the PR now.', { session_id: 'other' }) })
  t.equal(cached.headers['x-hookjudge-source'], 'cache')
  await settled()
  t.equal(records[1]!.costUsd, undefined, 'a cached verdict cost nothing')
})

t.test('without prices there is no cost field', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }) })
  t.teardown(() => api.close())
  const records: DecisionRecord[] = []
  const { app, settled } = await build(t, testConfig({}, api.url), { decisionLog: { write: rs => { records.push(...rs) }, close: async () => {} } })
  await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Merging the PR now.') })
  await settled()
  t.notOk('costUsd' in records[0]!)
})

t.test('a price that is not two numbers is refused at load', async t => {
  t.throws(() => testConfig({ backends: { anthropic: { price: { inputPerMTok: 'cheap' } } } }), /backends\.anthropic\.price: expected \{ inputPerMTok: number, outputPerMTok: number \}/)
})
