// Fail-safe means fail-safe: a gate's answer without its fields asks a human; a void answer is the model's, not an
// outage, so it does not open the circuit breaker and skip the next requests.
import t from 'tap'
import { startFakeJudgeApi, type Script } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, testConfig } from '../helper.js'

async function setup (t: Parameters<typeof build>[0], script: Script, overrides: Record<string, unknown> = {}) {
  const api = await startFakeJudgeApi(script)
  t.teardown(() => api.close())
  const { app } = await build(t, testConfig({ selfProtection: { enabled: false }, ...overrides }, api.url))
  const post = async (body: unknown, url = '/judge') => (await app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }))
  return { api, post }
}

const bash = (command: string) => ({ session_id: 'S', transcript_path: '/nonexistent/t.jsonl', cwd: '/tmp', prompt_id: 'p', permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu' })

t.test('a gate answered without its fields asks a human instead of allowing the call', async t => {
  for (const answer of ['{}', '{"reason": "looks fine"}', '{"dangerous": null, "reason": "unsure"}']) {
    t.test(answer, async t => {
      const s = await setup(t, { text: answer }, { hooks: { 'dangerous-bash': { mode: 'enforce' } } })
      const res = await s.post(bash('rm -rf /srv/data'))
      t.equal(s.api.requests.length, 1, 'the judge was asked')
      t.match(res.json(), { hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: /field dangerous is missing/ } })
      t.equal(res.headers['x-hookjudge-source'], 'fallback')
    })
  }
})

t.test('a Stop hook still reads a missing field as false (the contract), so its answer stands', async t => {
  const s = await setup(t, { text: '{"reason": "nothing proposed"}' })
  const res = await s.post(claudeStop('Refactored the loader. I\'ll commit and push to main now.'), '/judge/commit')
  t.strictSame(res.json(), {})
  t.equal(res.headers['x-hookjudge-source'], 'judge')
})

t.test('void answers do not open the circuit: the next real verdict still comes from the judge', async t => {
  const verdict = JSON.stringify({ new_proposal: true, verification_reported: false, direction_query: false, future_step_description: false, reason: 'pushes untested' })
  const s = await setup(t, (_b, i) => ({ text: i < 4 ? 'I think this is fine, no JSON from me.' : verdict }), { judge: { circuit: { failures: 3, coolDownSeconds: 600 } } })
  for (let i = 0; i < 4; i++) {
    const res = await s.post(claudeStop(`Refactored part ${i}. I'll commit and push to main now.`, { session_id: `v${i}` }), '/judge/commit')
    t.equal(res.headers['x-hookjudge-source'], 'fallback', `void answer ${i + 1}: the hook's fail mode`)
  }
  const res = await s.post(claudeStop('Refactored part 9. I\'ll commit and push to main now.', { session_id: 'real' }), '/judge/commit')
  t.equal(s.api.requests.length, 5, 'the fifth request reached the backend: no circuit opened')
  t.equal(res.json().decision, 'block')
})
