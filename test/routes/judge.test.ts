// POST /judge/:hook end to end through the app, with loopback fakes of both judge APIs.
import t from 'tap'
import { build, claudeStop, codexStop, testConfig } from '../helper.js'
import { commitVerdict, startFakeJudgeApi, type Script } from '../fixtures/fake-judge-api.js'
import { recordingLog } from '../helpers/arrivals.js'
import { testClock } from '../helpers/request-clock.js'

async function setup (t: Parameters<typeof build>[0], script: Script, overrides: Record<string, unknown> = {}) {
  const api = await startFakeJudgeApi(script)
  t.teardown(() => api.close())
  const built = await build(t, testConfig(overrides, api.url))
  return { api, ...built }
}

const post = (app: any, hook: string, body: unknown, query = '') =>
  app.inject({ method: 'POST', url: `/judge/${hook}${query}`, payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } })

t.test('the article\'s four must-pass texts are allowed with the verdicts a correct judge gives', async t => {
  const cases = [
    { text: 'I have committed the fix to main.', verdict: { new_proposal: false } },
    { text: 'Q1: Commit / Q2: Create another branch. Which do you prefer?', verdict: { new_proposal: true, direction_query: true } },
    { text: 'I will commit after the tests are complete.', verdict: { new_proposal: true, future_step_description: true } },
    { text: 'All tests PASS, cmp OK, shall I commit?', verdict: { new_proposal: true, verification_reported: true, direction_query: true } }
  ]
  for (const c of cases) {
    t.test(c.text, async t => {
      const { app } = await setup(t, { text: commitVerdict(c.verdict) })
      const res = await post(app, 'commit', claudeStop(c.text))
      t.equal(res.statusCode, 200)
      t.strictSame(res.json(), {})
      t.equal(res.headers['x-hookjudge-decision'], 'allow')
      t.match(res.headers['x-hookjudge-source'], /^(layer1|skip|judge)$/)
    })
  }
})

t.test('a true violation is blocked through each backend protocol', async t => {
  for (const backend of ['anthropic', 'openai']) {
    t.test(backend, async t => {
      const { app, api } = await setup(t, { text: 'Sure.\n```json\n' + commitVerdict({ new_proposal: true }, 'proposes a push with no test run') + '\n```' }, { judge: { backends: [backend] } })
      const res = await post(app, 'commit', claudeStop('Done with the refactor. I\'ll commit and push to main now.'))
      t.equal(res.statusCode, 200)
      t.equal(res.headers['x-hookjudge-decision'], 'block')
      t.equal(res.headers['x-hookjudge-source'], 'judge')
      const out = res.json()
      t.equal(out.decision, 'block')
      t.match(out.reason, /run the project's tests/)
      t.match(out.reason, /proposes a push with no test run/)
      t.notMatch(out.reason, /Answer with exactly one JSON object/, 'never the judging prompt')
      t.equal(api.requests.length, 1)
      const req = api.requests[0]!
      t.equal(req.path, backend === 'anthropic' ? '/v1/messages' : '/v1/chat/completions')
      t.equal(backend === 'anthropic' ? req.headers['x-api-key'] : req.headers.authorization, backend === 'anthropic' ? 'sk-ant-test' : 'Bearer sk-test')
      const sent = JSON.stringify(req.body)
      t.match(sent, /I'll commit and push to main now/)
      t.match(sent, /<<<BEGIN AGENT TEXT [0-9a-f]{24}>>>/)
    })
  }
})

t.test('Codex Stop gets the same block shape and {} to allow', async t => {
  const { app } = await setup(t, (body) => ({ text: commitVerdict({ new_proposal: JSON.stringify(body).includes('I will push now.') }) }))
  const blocked = await post(app, 'commit', codexStop('Tests are next; I will push now.'))
  t.equal(blocked.json().decision, 'block')
  const allowed = await post(app, 'commit', codexStop('I pushed it earlier, as requested.'))
  t.strictSame(allowed.json(), {})
  t.equal(allowed.headers['x-hookjudge-source'], 'judge')
})

// No stopwatch: a hang never answers, so an answer at all is the deadline at work; the record names the timeout. The
// deadline runs on a test clock that the hang's case moves past it once the judge has the request; the other faults
// answer at once, and no clock moves for them.
t.test('fault cases end in allow with source fallback; a hanging judge is cut off by the deadline', async t => {
  let asked = () => {}
  const faults: Record<string, Script> = {
    hang: () => { asked(); return { hang: true } },
    'HTTP 500': { status: 500 },
    'prose without JSON': { text: 'I think this message is fine and nothing needs blocking.' },
    'garbage body': { raw: '<html>oops' },
    'dropped connection': { destroy: true }
  }
  for (const [name, script] of Object.entries(faults)) {
    t.test(name, async t => {
      const api = await startFakeJudgeApi(script)
      t.teardown(() => api.close())
      const { decisionLog, records } = recordingLog()
      const clock = testClock()
      const { app } = await build(t, testConfig({ judge: { deadlineMs: 300 } }, api.url), { decisionLog, clock })
      const judged = new Promise<void>(resolve => { asked = resolve })
      const answered = post(app, 'commit', claudeStop('I\'ll commit and push now.'))
      if (name === 'hang') { await judged; clock.advance(300) }
      const res = await answered
      t.equal(res.statusCode, 200)
      t.strictSame(res.json(), {})
      t.equal(res.headers['x-hookjudge-source'], 'fallback')
      const record = await records.waitFor(1)
      t.match(record.failure, name === 'hang' ? /deadline of 300 ms passed/ : /^anthropic: (http_error|bad_output)/, `failure: ${record.failure}`)
    })
  }
  t.test('connection refused', async t => {
    const { app } = await build(t, testConfig({ judge: { deadlineMs: 60_000 } }, 'http://127.0.0.1:1'))
    const res = await post(app, 'commit', claudeStop('I\'ll commit and push now.'))
    t.equal(res.headers['x-hookjudge-source'], 'fallback')
    t.strictSame(res.json(), {})
  })
})

t.test('a repeat is a cache hit; 20 concurrent identical requests make one backend call', async t => {
  let release: () => void = () => {}
  const held = new Promise<void>(resolve => { release = resolve })
  // The judge holds its answer until all 20 requests are inside the daemon, however slowly they arrive.
  const { app, api } = await setup(t, { text: commitVerdict({ new_proposal: true }), held })
  let inside = 0
  app.addHook('preHandler', async () => { if (++inside === 20) release() })
  const body = claudeStop('Let me commit this and push it.')
  // One session each: within one session the loop governor allows a second block of the same text (test/guards/loop.test.ts).
  const all = await Promise.all(Array.from({ length: 20 }, (_, i) => post(app, 'commit', { ...body, session_id: `sess-c${i}` })))
  t.equal(api.requests.length, 1, 'one backend call')
  t.ok(all.every(r => r.json().decision === 'block'))
  const again = await post(app, 'commit', body)
  t.equal(again.headers['x-hookjudge-source'], 'cache')
  t.equal(again.json().decision, 'block')
  t.equal(api.requests.length, 1)
})

t.test('Layer-1 miss and skip answer without any backend call', async t => {
  const { app, api } = await setup(t, { text: commitVerdict({ new_proposal: true }) }, { hooks: { commit: { trigger: ['(?i)commit'], skip: ['commit: [0-9a-f]{7}'] } } })
  const miss = await post(app, 'commit', claudeStop('I renamed the helper and updated the docs.'))
  t.equal(miss.headers['x-hookjudge-source'], 'layer1')
  const skip = await post(app, 'commit', claudeStop('Done: commit: 3f2a9c1 is on main.'))
  t.equal(skip.headers['x-hookjudge-source'], 'skip')
  const empty = await post(app, 'commit', { hook_event_name: 'Stop', session_id: 's' })
  t.equal(empty.headers['x-hookjudge-source'], 'layer1')
  t.equal(api.requests.length, 0)
})

t.test('modes: shadow records would-block and allows; off never judges', async t => {
  const { app } = await setup(t, { text: commitVerdict({ new_proposal: true }) }, { hooks: { commit: { mode: 'shadow' }, 'scope-check': { mode: 'off' } } })
  const shadow = await post(app, 'commit', claudeStop('I\'ll push now.'))
  t.strictSame(shadow.json(), {})
  t.equal(shadow.headers['x-hookjudge-source'], 'shadow')
  const off = await post(app, 'scope-check', claudeStop('Let us continue in another session.'))
  t.equal(off.headers['x-hookjudge-source'], 'off')
})

t.test('bad input: 400 unparsable, 404 unknown hook, 413 too large, 400 bad agent', async t => {
  const { app } = await setup(t, { text: '{}' }, { server: { bodyLimit: 2048 } })
  for (const body of ['{not json', '[1,2]', '"text"', '']) {
    const res = await post(app, 'commit', body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.type(res.json().error, 'string')
  }
  const unknown = await post(app, 'nope', claudeStop('x'))
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json().error, /unknown hook "nope"/)
  const proto = await post(app, '__proto__', claudeStop('x'))
  t.equal(proto.statusCode, 404)
  const big = await post(app, 'commit', claudeStop('x'.repeat(5000)))
  t.equal(big.statusCode, 413)
  t.type(big.json().error, 'string')
  const agent = await post(app, 'commit', claudeStop('x'), '?agent=vim')
  t.equal(agent.statusCode, 400)
  const noType = await app.inject({ method: 'POST', url: '/judge/commit', payload: JSON.stringify(claudeStop('I renamed a file.')) })
  t.equal(noType.statusCode, 200, 'a body without content-type is still read')
})

t.test('metrics count decisions by hook, agent, decision and source', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }) })
  t.teardown(() => api.close())
  const { decisionLog, records } = recordingLog()
  const { app } = await build(t, testConfig({}, api.url), { decisionLog })
  await post(app, 'commit', claudeStop('I\'ll push now.'))
  await post(app, 'commit', codexStop('Renamed a variable.'))
  await post(app, 'commit', '{bad')
  // Metrics are counted just after each answer, with its record.
  await records.waitFor(2)
  const text = (await app.inject({ url: '/metrics' })).body
  t.match(text, /hookjudge_requests_total\{hook="commit",agent="claude-code",decision="block",source="judge"\} 1/)
  t.match(text, /hookjudge_requests_total\{hook="commit",agent="codex",decision="allow",source="layer1"\} 1/)
  t.match(text, /hookjudge_request_duration_seconds_bucket\{le="0.001",hook="commit",source="layer1"\}/)
  t.match(text, /hookjudge_backend_requests_total\{backend="anthropic",outcome="ok"\} 1/)
  t.match(text, /hookjudge_cache_lookups_total\{result="miss"\} 1/)
  t.match(text, /hookjudge_bad_requests_total\{reason="bad_json"\} 1/)
  t.match(text, /hookjudge_build_info\{version="\d+\.\d+\.\d+"\} 1/)
})
