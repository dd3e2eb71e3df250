// The team case end to end: two app replicas on loopback, one real Redis, a fake model API counting its calls.
import t from 'tap'
import { claudeStop } from '../helper.js'
import { monitorRedis } from '../helpers/redis-monitor.js'
import { readyzSays, team } from '../helpers/team-replicas.js'

const say = (n: number | string) => `Attempt ${n}: I will commit and push to main now.`
const common = (session: string) => ({ session_id: session, transcript_path: '/nonexistent/t.jsonl', cwd: '/tmp', prompt_id: 'p-1', permission_mode: 'default' })
const pre = (tool: string, input: unknown, session: string) => ({ ...common(session), hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, tool_use_id: 'toolu_1' })
const post = (tool: string, input: unknown, payload: unknown, session: string) =>
  ({ ...common(session), hook_event_name: 'PostToolUse', tool_name: tool, tool_input: input, tool_response: [{ type: 'text', text: JSON.stringify(payload) }], tool_use_id: 'toolu_2', duration_ms: 9 })

t.test('a verdict computed on replica A is a cache hit on replica B: no new model call', async t => {
  const tm = await team(t)
  await readyzSays(tm, 0, 'ready')
  t.match(await tm.post(0, 'commit', claudeStop(say(1))), { status: 200, decision: 'block', source: 'judge' })
  t.equal(tm.calls(), 1)
  t.match(await tm.post(1, 'commit', claudeStop(say(1), { session_id: 'other-session' })), { status: 200, decision: 'block', source: 'cache' })
  t.equal(tm.calls(), 1, 'zero new backend calls')
})

t.test('doctor\'s probe reaches the model on every replica and every run: the team\'s stored verdict does not answer it', async t => {
  const tm = await team(t)
  await readyzSays(tm, 0, 'ready')
  const probe = async (replica: number) => {
    const res = await fetch(`${tm.urls[replica]}/probe`, { method: 'POST' })
    return await res.json() as { ok: boolean, error?: string }
  }
  t.match(await probe(0), { ok: true })
  t.match(await probe(1), { ok: true }, 'the verdict replica A stored in Redis does not answer B\'s probe')
  t.match(await probe(0), { ok: true }, 'nor A\'s second one')
  t.equal(tm.calls(), 3, 'three probes, three model calls')
})

// A claim of an ask key as MONITOR shows it (the script that announces a verdict names the done channel as well).
const CLAIM = /^(?!.*hookjudge:v1:done).*"EVAL".*"hookjudge:v1:claim:/

t.test('20 identical requests spread over two replicas make one model call', async t => {
  let answer!: () => void
  const held = new Promise<void>(resolve => { answer = resolve })
  const tm = await team(t, { script: { text: '{"new_proposal":true,"verification_reported":false,"direction_query":false,"future_step_description":false,"reason":"held"}', held } })
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  const monitor = await monitorRedis(tm.redis.port)
  t.teardown(() => monitor.close())
  const asking = Promise.all(Array.from({ length: 20 }, (_, i) => tm.post(i % 2, 'commit', claudeStop(say('same'), { session_id: `s${i}` }))))
  // The model answers only once both replicas have claimed the ask (one won and asks, the other waits for it), so the
  // second replica cannot find the verdict stored: what is shared here is the call in flight, not the cache.
  await monitor.executed(CLAIM, 2)
  answer()
  const answers = await asking
  t.ok(answers.every(a => a.status === 200 && a.decision === 'block'), 'every request got the verdict')
  t.equal(tm.calls(), 1, 'one backend call for the team')
})

t.test('the loop governor releases after the configured blocks, counted across replicas', async t => {
  const tm = await team(t)
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  t.match(await tm.post(0, 'commit', claudeStop(say(1))), { decision: 'block' })
  t.match(await tm.post(1, 'commit', claudeStop(say(2), { stop_hook_active: true })), { decision: 'block' }, 'second block, on the other replica')
  t.match(await tm.post(0, 'commit', claudeStop(say(3), { stop_hook_active: true })), { decision: 'allow', source: 'guard' }, 'third in a row: released')
})

t.test('after a block on replica A the next Stop of the turn on replica B judges only what the agent wrote since', async t => {
  const tm = await team(t)
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  t.match(await tm.post(0, 'commit', claudeStop(say(1))), { decision: 'block' })
  t.match(await tm.post(1, 'commit', claudeStop(`${say(1)}\n\n${say(2)}`, { stop_hook_active: true })), { decision: 'block' })
  t.match(tm.prompts()[1], 'Attempt 2')
  t.notMatch(tm.prompts()[1], 'Attempt 1', 'the proposal A told about is not judged again on B')
  // A remembers only its own block; the team's later one (B's) decides where the new text starts.
  await tm.post(0, 'commit', claudeStop(`${say(1)}\n\n${say(2)}\n\n${say(3)}`, { stop_hook_active: true }))
  t.match(tm.prompts()[2], 'Attempt 3')
  t.notMatch(tm.prompts()[2], 'Attempt 2', 'the latest block counts, whichever replica told it')
  t.equal(tm.calls(), 3)
  await tm.post(1, 'commit', claudeStop(`${say(1)}\n\n${say(2)}\n\n${say(4)}`, { stop_hook_active: true, prompt_id: 'p-2' }))
  t.match(tm.prompts()[3], 'Attempt 1', 'a new turn is judged whole')
})

t.test('a fact recorded by PostToolUse on replica A satisfies the gate on replica B', async t => {
  const tm = await team(t)
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  const refund = pre('mcp__support__process_refund', { customer_id: 'C1', amount: 200 }, 'S1')
  t.match(await tm.post(1, 'refund-policy', refund), { decision: 'deny' }, 'not verified yet')
  await tm.post(0, 'record-verification', post('mcp__support__get_customer', { customer_id: 'C1' }, { customer_id: 'C1', verified: true }, 'S1'))
  t.match(await tm.post(1, 'refund-policy', refund), { decision: 'allow' }, 'verified on A, allowed on B')
  t.match(await tm.post(1, 'refund-policy', pre('mcp__support__process_refund', { customer_id: 'C1', amount: 200 }, 'S2')), { decision: 'deny' }, 'facts stay per session')
})

t.test('Redis killed mid-load: no failed or late answer, errors counted; back: shared again without a restart', async t => {
  const tm = await team(t)
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  const load = async (from: number, n: number) => Promise.all(Array.from({ length: n }, (_, i) => tm.post(i % 2, 'commit', claudeStop(say(`load-${from + i}`), { session_id: `load-${from + i}` }))))
  const first = load(0, 20)
  await tm.redis.kill()
  const answers = [...await first, ...await load(20, 20)]
  // A late answer would be the fail-open fallback (deadline passed); every one of these is a real verdict.
  t.same(answers.filter(a => a.status !== 200 || a.decision !== 'block' || (a.source !== 'judge' && a.source !== 'cache')), [], 'every answer a verdict')
  await readyzSays(tm, 0, 'degraded')
  const degraded = await tm.get(0, '/readyz')
  t.match(degraded, { status: 200, body: { status: 'degraded', reasons: [/^shared state unreachable/] } })
  const metrics = (await tm.get(0, '/metrics')).text + (await tm.get(1, '/metrics')).text
  t.match(metrics, /hookjudge_state_errors_total\{op="[a-z_]+"\} [1-9]/, 'state errors counted')
  t.match((await tm.get(0, '/status')).body, { state: { mode: 'redis', status: 'degraded' } })

  await tm.redis.start()
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  const before = tm.calls()
  t.match(await tm.post(0, 'commit', claudeStop(say('after'))), { source: 'judge' })
  t.match(await tm.post(1, 'commit', claudeStop(say('after'), { session_id: 'x' })), { source: 'cache' }, 'shared again')
  t.equal(tm.calls(), before + 1)
})

t.test('failures in a row on two replicas open the circuit on both: the next call is not sent', async t => {
  const tm = await team(t, { script: { status: 500 } })
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  for (let i = 0; i < 3; i++) t.match(await tm.post(i % 2, 'commit', claudeStop(say(`down-${i}`), { session_id: `c${i}` })), { decision: 'allow', source: 'fallback' })
  const calls = tm.calls()
  t.ok(calls >= 3, 'each replica asked the failing backend')
  // Replica B saw only one of the three failures itself: the team's count opened its circuit.
  t.match(await tm.post(1, 'commit', claudeStop(say('down-3'), { session_id: 'c3' })), { decision: 'allow', source: 'fallback' })
  t.equal(tm.calls(), calls, 'no call to a backend the team found dead')
  t.match((await tm.get(1, '/metrics')).text, /hookjudge_backend_requests_total\{backend="anthropic",outcome="circuit_open"\} 1/)
})
