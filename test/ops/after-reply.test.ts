// The work after an answer (records, metrics, the verdict line) runs on the injected scheduler, never before the answer.
import t from 'tap'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, testConfig } from '../helper.js'
import { recordingLog } from '../helpers/arrivals.js'
import { createAfterReply } from '../../server/ops/after-reply.js'

t.test('the answer is sent before its record is written; settled() resolves once the queued work has run', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'pushes untested') })
  t.teardown(() => api.close())
  const queued: Array<() => void> = []
  const { decisionLog, records } = recordingLog()
  const { app, settled } = await build(t, testConfig({}, api.url), { decisionLog, defer: work => { queued.push(work) } })
  const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Done. I\'ll push to main now.') })
  t.match(res.json(), { decision: 'block', reason: /pushes untested/ })
  t.strictSame(records.items, [], 'no record yet: writing it is not on the answer\'s path')
  t.notMatch((await app.inject({ url: '/metrics' })).body, /hookjudge_requests_total\{[^}]*decision="block"/, 'nor the metric')
  t.equal(queued.length, 1, 'one piece of work for the one request')

  // Both reactions are queued in this order: an already settled settled() would win the race.
  t.equal(await Promise.race([settled().then(() => 'settled'), Promise.resolve().then(() => 'still queued')]), 'still queued')
  const waiting = settled()
  queued.shift()!()
  await waiting
  t.match(records.items, [{ hook: 'commit', decision: 'block', source: 'judge' }])
  t.match((await app.inject({ url: '/metrics' })).body, /hookjudge_requests_total\{[^}]*decision="block"[^}]*\} 1/)
})

t.test('the work of every answer sent in one turn runs in one deferred batch (one decision-log write for them all)', async t => {
  const queued: Array<() => void> = []
  const { decisionLog, records } = recordingLog()
  const { app, settled } = await build(t, testConfig({}), { decisionLog, defer: work => { queued.push(work) } })
  await Promise.all(['Renamed a file.', 'Updated the docs.', 'Fixed a typo.'].map(text => app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(text) })))
  t.equal(queued.length, 1, 'one deferred callback for the three answers')
  queued.shift()!()
  await settled()
  t.equal(records.items.length, 3, 'all three records written by it')
})

t.test('a piece of work that throws does not cost the rest of its batch theirs', async t => {
  const queued: Array<() => void> = []
  const after = createAfterReply(work => { queued.push(work) })
  const ran: number[] = []
  after.run(() => { ran.push(1) })
  after.run(() => { throw new Error('boom') })
  after.run(() => { ran.push(3) })
  t.throws(() => queued.shift()!(), /boom/, 'the failure still surfaces')
  await after.settled()
  t.strictSame(ran, [1, 3])
})
