// Loop governor: consecutive Stop blocks are capped per session and hook, a text is never blocked twice, a new prompt resets.
import t from 'tap'
import { governStep, type HookLoopState, MAX_TEXTS_PER_TURN } from '../../server/guards/loop.js'
import { MIN_FINAL_CHARS } from '../../server/pipeline/read-turn.js'
import { build, claudeStop, codexStop, readDecisions, tempDir, testConfig } from '../helper.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'

const ev = (turnId?: string, stopHookActive = true) => ({ event: 'Stop' as const, sessionId: 's', turnId, stopHookActive })

t.test('governStep: an endless turn remembers its last texts, not all of them', async t => {
  const s: HookLoopState = { blocked: [], run: 0 }
  for (let i = 0; i < MAX_TEXTS_PER_TURN + 50; i++) governStep(s, ev('p1'), true, `text-${i}`, 1000)
  t.equal(s.blocked.length, MAX_TEXTS_PER_TURN)
  t.equal(governStep(s, ev('p1'), true, `text-${MAX_TEXTS_PER_TURN + 49}`, 1000), 'repeat', 'the latest are still never blocked twice')
})

t.test('governStep: count, repeat, reset', async t => {
  const s: HookLoopState = { blocked: [], run: 0 }
  t.equal(governStep(s, ev('p1', false), true, 'a', 2), null, 'first block stands')
  t.equal(governStep(s, ev('p1'), true, 'b', 2), null, 'second block stands')
  t.equal(governStep(s, ev('p1'), true, 'c', 2), 'loop', 'third in a row is allowed')
  t.equal(governStep(s, ev('p1'), true, 'c', 2), 'repeat', 'a released text stays released for the rest of the turn')
  t.equal(governStep(s, ev('p1'), true, 'd', 2), null, 'the allow ended the streak')
  t.equal(governStep(s, ev('p1'), true, 'd', 2), 'repeat', 'the same text is never blocked twice')
  t.equal(governStep(s, ev('p1'), true, 'e', 2), null)
  t.equal(governStep(s, ev('p1'), false, 'f', 2), null, 'an allow resets the count')
  t.equal(governStep(s, ev('p1'), true, 'g', 2), null)
  t.equal(governStep(s, ev('p1'), true, 'h', 2), null)
  t.equal(governStep(s, ev('p2', true), true, 'i', 2), null, 'a new turn id resets, whatever stop_hook_active says')
  t.equal(governStep(s, ev('p2'), true, 'i', 2), 'repeat')
  const n: HookLoopState = { blocked: [], run: 0 }
  t.equal(governStep(n, ev(undefined, false), true, 'a', 1), null)
  t.equal(governStep(n, ev(undefined, true), true, 'b', 1), 'loop', 'without a turn id the hint keeps counting')
  t.equal(governStep(n, ev(undefined, false), true, 'c', 1), null)
  t.equal(governStep(n, ev(undefined, false), true, 'd', 1), null, 'without a turn id, stop_hook_active false means a new prompt')
})

async function daemon (t: Parameters<typeof build>[0], overrides: Record<string, unknown> = {}) {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no evidence') })
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const config = testConfig({ decisionLog: { enabled: true, dir }, ...overrides }, api.url)
  const built = await build(t, config)
  const post = async (body: object) => {
    const res = await built.app.inject({ method: 'POST', url: '/judge/commit', payload: body })
    return { decision: res.headers['x-hookjudge-decision'], source: res.headers['x-hookjudge-source'], body: res.json() }
  }
  const records = async () => {
    await built.app.close()
    return readDecisions(dir)
  }
  return { ...built, post, records, config, api }
}

const say = (n: number) => `Attempt ${n}: I will commit and push to main now.`

t.test('Claude: after two blocks in a row the third is allowed, said in the record and the metric', async t => {
  const d = await daemon(t)
  t.match(await d.post(claudeStop(say(1))), { decision: 'block', source: 'judge' })
  t.match(await d.post(claudeStop(say(2), { stop_hook_active: true })), { decision: 'block', source: 'judge' })
  t.match(await d.post(claudeStop(say(3), { stop_hook_active: true })), { decision: 'allow', source: 'guard', body: {} })
  t.match(await d.post(claudeStop(say(4), { session_id: 'other' })), { decision: 'block' }, 'other sessions are counted apart')
  const metrics = await d.app.inject({ url: '/metrics' })
  t.match(metrics.body, /hookjudge_loop_guard_total\{hook="commit"\} 1/)
  const recs = await d.records()
  t.match(recs[2], { decision: 'allow', source: 'guard', wouldBlock: true, guard: 'loop', fields: { new_proposal: true }, reason: 'no evidence' })
  t.notOk('guard' in recs[0], 'no note on an ordinary block')
})

t.test('the same text is never blocked twice in one turn', async t => {
  const d = await daemon(t, { judge: { loop: { maxConsecutiveBlocks: 5 } } })
  t.match(await d.post(claudeStop(say(1))), { decision: 'block' })
  t.match(await d.post(claudeStop(say(1), { stop_hook_active: true })), { decision: 'allow', source: 'layer1' }, 'nothing new since the block: nothing to judge')
  t.match(await d.post(claudeStop(say(2), { stop_hook_active: true })), { decision: 'block' })
  t.match(await d.post(claudeStop(say(1), { stop_hook_active: true })), { decision: 'allow', source: 'guard' }, 'an earlier blocked text, written again')
  t.match(await d.post(claudeStop(say(1), { prompt_id: 'prompt-2' })), { decision: 'block' }, 'a new prompt may block it again')
  const recs = await d.records()
  t.match(recs[3], { guard: 'repeat', wouldBlock: true })
})

t.test('a final message long enough for Layer 1 to read alone, sent again with nothing new: not read again', async t => {
  const d = await daemon(t, { judge: { loop: { maxConsecutiveBlocks: 5 } } })
  const long = `I updated the parser and the three call sites that use it, the README now shows the new option, and the changelog names it. ${say(1)}`
  t.ok(long.length >= MIN_FINAL_CHARS)
  t.match(await d.post(claudeStop(long)), { decision: 'block', source: 'judge' })
  t.match(await d.post(claudeStop(long, { stop_hook_active: true })), { decision: 'allow', source: 'layer1' }, 'nothing new since the block')
  t.equal(d.api.requests.length, 1, 'one model call, for the first Stop only')
})

t.test('a new prompt_id / turn_id resets the count', async t => {
  for (const [agent, stop, key] of [['claude-code', claudeStop, 'prompt_id'], ['codex', codexStop, 'turn_id']] as const) {
    t.test(agent, async t => {
      const d = await daemon(t)
      await d.post(stop(say(1)))
      await d.post(stop(say(2), { stop_hook_active: true }))
      t.match(await d.post(stop(say(3), { stop_hook_active: true, [key]: 'next' })), { decision: 'block', source: 'judge' })
      t.match(await d.post(stop(say(4), { stop_hook_active: true, [key]: 'next' })), { decision: 'block' })
      t.match(await d.post(stop(say(5), { stop_hook_active: true, [key]: 'next' })), { decision: 'allow', source: 'guard' })
    })
  }
})

t.test('stop_hook_active false does not reset a turn that has an id (it is a hint only)', async t => {
  const d = await daemon(t)
  await d.post(claudeStop(say(1)))
  await d.post(claudeStop(say(2)))
  t.match(await d.post(claudeStop(say(3))), { decision: 'allow', source: 'guard' })
})

t.test('PreToolUse denies are never turned into allows', async t => {
  const gate = { event: 'PreToolUse', trigger: ['rm -rf'], skip: [], fields: ['dangerous'], blockWhen: { all: ['dangerous'] }, prompt: 'Is it dangerous?', feedback: 'No: {reason}' }
  const api = await startFakeJudgeApi({ text: '{"dangerous": true, "reason": "deletes everything"}' })
  t.teardown(() => api.close())
  const { app } = await build(t, testConfig({ hooks: { gate } }, api.url))
  for (let i = 0; i < 4; i++) {
    const res = await app.inject({ method: 'POST', url: '/judge/gate', payload: { session_id: 's', prompt_id: 'p', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: `rm -rf /tmp/x${i}` } } })
    t.equal(res.headers['x-hookjudge-decision'], 'deny', `try ${i + 1}`)
  }
})

t.test('state is an LRU of sessions and survives a config reload', async t => {
  const d = await daemon(t, { judge: { loop: { maxSessions: 2 } } })
  await d.post(claudeStop(say(1)))
  await d.post(claudeStop(say(2)))
  const loop = d.runtime().loop
  const changed = testConfig({ judge: { loop: { maxSessions: 2 } }, hooks: { commit: { feedback: 'Changed feedback: {reason}' } } }, d.api.url)
  t.match(d.reload(changed), { ok: true })
  t.equal(d.runtime().loop, loop, 'the same governor after the reload')
  t.match(await d.post(claudeStop(say(3))), { decision: 'allow', source: 'guard' }, 'the count carried over')
  for (const s of ['a', 'b', 'c']) await d.post(claudeStop(say(9), { session_id: s }))
  t.equal(loop.sessions, 2, 'bounded by judge.loop.maxSessions')
})
