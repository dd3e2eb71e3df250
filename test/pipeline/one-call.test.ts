// POST /judge: one request per agent event, one model call for every hook that passes Layer 1, one record per hook.
import t from 'tap'
import type { DecisionLog } from '../../server/ops/decision-log.js'
import type { DecisionRecord } from '../../server/core/record.js'
import { startFakeJudgeApi, type Script } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, testConfig } from '../helper.js'

/** Hits the Layer 1 of commit, scope-check and scope-change (the other Stop hooks are off here). Commit's learned scorer is
 * off: this file tests the pipeline, and whether the shipped scorer sends this merged window on is Layer 1's business
 * (test/layer1/). */
const TEXT = 'I\'ll commit and push to main now. The context window is nearly full, so let\'s continue in a fresh session; the export feature can be deferred to a follow-up PR.'
const THREE = { hooks: { commit: { layer1: { model: '' } }, 'shallow-bugfix': { mode: 'off' }, 'bugfix-without-reproduction': { mode: 'off' }, 'unverified-claim': { mode: 'off' } } }

const member = (f: Record<string, unknown>) => ({ new_proposal: false, retraction_or_quote: false, reason: 'fake', ...f })
const ANSWER = {
  commit: { new_proposal: true, verification_reported: false, direction_query: false, future_step_description: false, reason: 'pushes with no test run' },
  'scope-check': member({ new_proposal: true, reason: 'splits the session for context' }),
  'scope-change': member({ new_proposal: false })
}

function memoryLog (): DecisionLog & { records: DecisionRecord[] } {
  const records: DecisionRecord[] = []
  return { records, write: (rs: readonly DecisionRecord[]) => { records.push(...rs) }, close: async () => {} } as DecisionLog & { records: DecisionRecord[] }
}

async function setup (t: Parameters<typeof build>[0], script: Script, overrides: Record<string, unknown> = THREE) {
  const api = await startFakeJudgeApi(script)
  t.teardown(() => api.close())
  const log = memoryLog()
  const built = await build(t, testConfig(overrides, api.url), { decisionLog: log })
  const post = (body: unknown, url = '/judge') => built.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
  // Records are written after the answer: built.settled() resolves once they are.
  return { api, log, post, ...built }
}

t.test('one Stop hitting three hooks: one request, one backend call, three records sharing one turn', async t => {
  const s = await setup(t, { text: JSON.stringify(ANSWER) })
  const res = await s.post(claudeStop(TEXT))
  t.equal(res.statusCode, 200)
  t.equal(s.api.requests.length, 1, 'one model call for the three hooks')
  const system = JSON.stringify(s.api.requests[0]!.body)
  for (const hook of ['commit', 'scope-check', 'scope-change']) t.match(system, `Hook \\"${hook}\\". Task:`, `the prompt states ${hook}'s task`)
  const body = res.json()
  t.equal(body.decision, 'block')
  t.match(body.reason, /^hookjudge \(commit\):/, 'each blocking hook\'s feedback, prefixed')
  t.match(body.reason, /\n\nhookjudge \(scope-check\):/)
  t.notMatch(body.reason, /scope-change/, 'a hook that allows adds nothing')
  await s.settled()
  t.equal(s.log.records.length, 3)
  t.strictSame(s.log.records.map(r => [r.hook, r.decision, r.source]).sort(), [['commit', 'block', 'judge'], ['scope-change', 'allow', 'judge'], ['scope-check', 'block', 'judge']])
  t.equal(new Set(s.log.records.map(r => r.turn)).size, 1, 'one turn key')
  t.ok(s.log.records[0]!.turn.length > 8)
  t.equal(s.log.records.filter(r => r.costUsd !== undefined || r.backend === 'anthropic').length, 3)
})

t.test('a malformed member gives that hook its fail mode and leaves the other hooks\' verdicts standing', async t => {
  const s = await setup(t, { text: JSON.stringify({ ...ANSWER, 'scope-check': { new_proposal: 'yes' } }) })
  const res = await s.post(claudeStop(TEXT))
  t.equal(res.json().decision, 'block')
  t.notMatch(res.json().reason, /scope-check/)
  await s.settled()
  const by = Object.fromEntries(s.log.records.map(r => [r.hook, r]))
  t.match(by['scope-check'], { decision: 'allow', source: 'fallback', failure: /not a boolean/ })
  t.match(by.commit, { decision: 'block', source: 'judge' })
  t.match(by['scope-change'], { decision: 'allow', source: 'judge' })
})

t.test('a member missing for one hook: that hook falls back; a cached hook is not asked again', async t => {
  const { commit, 'scope-change': change } = ANSWER
  const s = await setup(t, (_b, i) => ({ text: JSON.stringify(i === 0 ? { commit, 'scope-change': change } : { 'scope-check': ANSWER['scope-check'] }) }))
  await s.post(claudeStop(TEXT, { session_id: 'a' }))
  await s.settled()
  t.match(s.log.records.find(r => r.hook === 'scope-check'), { source: 'fallback', failure: /no member "scope-check"/ })
  s.log.records.length = 0
  await s.post(claudeStop(TEXT, { session_id: 'b' }))
  await s.settled()
  t.equal(s.api.requests.length, 2)
  t.match(JSON.stringify(s.api.requests[1]!.body), /Hook \\"scope-check\\". Task:/)
  t.notMatch(JSON.stringify(s.api.requests[1]!.body), /Hook \\"commit\\"/, 'the cached hooks are not asked again')
  const by = Object.fromEntries(s.log.records.map(r => [r.hook, r.source]))
  t.strictSame(by, { commit: 'cache', 'scope-check': 'judge', 'scope-change': 'cache' })
})

t.test('an answer no asked hook can be read from: every hook falls back, each record saying so in terms of all of them', async t => {
  const s = await setup(t, (_b, i) => ({ text: i === 0 ? '{}' : JSON.stringify({ commit: 'block', 'scope-check': { new_proposal: 'yes' }, 'scope-change': [] }) }))
  await s.post(claudeStop(TEXT, { session_id: 'a' }))
  await s.settled()
  const hooks = ['commit', 'scope-check', 'scope-change']
  t.strictSame(s.log.records.map(r => r.source), ['fallback', 'fallback', 'fallback'])
  for (const r of s.log.records) t.match(r.failure, `no member for any asked hook in the answer (one JSON object, a member per hook: ${hooks.join(', ')})`, r.hook)
  s.log.records.length = 0
  await s.post(claudeStop(`${TEXT} Now.`, { session_id: 'b' }))
  await s.settled()
  // Three different problems: each named with its hook, in one line every record carries.
  const why = s.log.records[0]!.failure
  t.match(why, /^anthropic: bad_output \(commit: member "commit" is not an object; scope-check: [^;]*not a boolean[^;]*; scope-change: member "scope-change" is not an object\)$/)
  t.ok(s.log.records.every(r => r.failure === why))
})

t.test('a hook that misses Layer 1 is never asked; the others share the call', async t => {
  const s = await setup(t, { text: JSON.stringify(ANSWER) })
  const res = await s.post(claudeStop('Refactored the parser into three modules. I\'ll commit and push to main now.'))
  t.equal(res.json().decision, 'block')
  t.equal(s.api.requests.length, 1)
  t.notMatch(JSON.stringify(s.api.requests[0]!.body), /Hook \\"scope-check\\"/)
  await s.settled()
  t.strictSame(s.log.records.map(r => [r.hook, r.source]).sort(), [['commit', 'judge'], ['scope-change', 'layer1'], ['scope-check', 'layer1']])
})

t.test('POST /judge/:hook still judges one hook, and a Stop with no hook enabled is allowed at once', async t => {
  const s = await setup(t, { text: JSON.stringify(ANSWER.commit) })
  const one = await s.post(claudeStop(TEXT), '/judge/commit')
  t.equal(one.json().decision, 'block')
  t.notMatch(one.json().reason, /scope-check/)
  await s.settled()
  t.equal(s.log.records.length, 1)
  const off = await setup(t, { text: '{}' }, { hooks: Object.fromEntries(['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction', 'unverified-claim'].map(h => [h, { mode: 'off' }])) })
  const res = await off.post(claudeStop(TEXT))
  t.strictSame(res.json(), {})
  t.equal(off.api.requests.length, 0)
})
