// The `verdict` log line: one per request whatever the number of hooks; a turn Layer 1 let through entirely is written
// only at debug (docs/operations.md), and its line is not even built at the default level.
import { Writable } from 'node:stream'
import t from 'tap'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, testConfig } from '../helper.js'

async function setup (t: Parameters<typeof build>[0], level: string) {
  const api = await startFakeJudgeApi(() => ({ text: commitVerdict({}) }))
  t.teardown(() => api.close())
  const lines: Record<string, any>[] = []
  const stream = new Writable({ write (c, _e, cb) { lines.push(JSON.parse(String(c))); cb() } })
  const { app, settled } = await build(t, testConfig({}, api.url), { logger: { level, stream } })
  const post = async (text: string) => { await app.inject({ method: 'POST', url: '/judge', payload: claudeStop(text) }); await settled() }
  return { lines, post, verdicts: () => lines.filter(l => l.msg === 'verdict') }
}

const MISS = 'I renamed the helper, updated its three callers and the README.'
const HIT = 'Refactor done. I\'ll commit and push to main now.'

t.test('at info: a Layer-1 miss writes no line, a judged turn writes one for all its hooks', async t => {
  const s = await setup(t, 'info')
  await s.post(MISS)
  t.equal(s.verdicts().length, 0, 'the ordinary turn is in the decision log and the metrics only')
  await s.post(HIT)
  const [line, ...more] = s.verdicts()
  t.equal(more.length, 0, 'one line for the request')
  t.match(line, { level: 30, event: 'Stop', hooks: 6 })
  t.ok(line!.judged.some((j: { hook: string }) => j.hook === 'commit'), 'the judged hooks are named in it')
})

t.test('at debug: the Layer-1 miss has its line too', async t => {
  const s = await setup(t, 'debug')
  await s.post(MISS)
  t.match(s.verdicts(), [{ level: 20, hooks: 6, judged: [] }])
})
