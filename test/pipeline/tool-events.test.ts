// POST /judge for tool calls: every gate whose matcher takes the tool, deny beats ask beats allow; PostToolUse transforms compose.
import t from 'tap'
import type { DecisionLog } from '../../server/ops/decision-log.js'
import type { DecisionRecord } from '../../server/core/record.js'
import { build, testConfig } from '../helper.js'

const rule = (id: string, matches: string, decision: string) => ({ id, when: { path: 'command', matches }, decision, reason: `${id}: ${decision}` })
const HOOKS = {
  'gate-ask': { event: 'PreToolUse', failMode: 'safe', matcher: 'Bash', rules: [rule('deploys', '\\bdeploy\\b', 'ask')] },
  'gate-deny': { event: 'PreToolUse', failMode: 'safe', matcher: 'Bash', rules: [rule('prod', '\\bprod\\b', 'deny'), rule('wipe', '\\bwipe\\b', 'deny')] },
  'gate-other': { event: 'PreToolUse', failMode: 'safe', matcher: 'Write', rules: [rule('never', '.', 'deny')] },
  'status-names': { event: 'PostToolUse', matcher: 'get_order', transforms: [{ path: 'status', type: 'map', map: { 1: 'open', 2: 'shipped' } }] },
  'iso-dates': { event: 'PostToolUse', matcher: 'get_order', transforms: [{ path: 'placed', type: 'timestamp' }] }
}

async function setup (t: Parameters<typeof build>[0]) {
  const records: DecisionRecord[] = []
  const decisionLog: DecisionLog = { write: rs => { records.push(...rs) }, close: async () => {} }
  const { app, settled } = await build(t, testConfig({ selfProtection: { enabled: false }, hooks: HOOKS }), { decisionLog })
  const post = async (body: unknown) => {
    const res = await app.inject({ method: 'POST', url: '/judge', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    await settled()
    return res
  }
  return { post, records }
}

const base = { session_id: 'S', transcript_path: '/nonexistent/t.jsonl', cwd: '/tmp', prompt_id: 'p', permission_mode: 'default' }
const bash = (command: string) => ({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu' })

t.test('deny beats ask beats allow, with every denying rule\'s reason and only the gates whose matcher takes the tool', async t => {
  const s = await setup(t)
  const denied = await s.post(bash('deploy prod'))
  t.strictSame(denied.json(), { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'prod: deny' } })
  t.strictSame(s.records.map(r => [r.hook, r.decision, r.rule]), [
    ['self-protect', 'allow', undefined], ['dangerous-bash', 'allow', undefined], ['gate-ask', 'ask', 'deploys'], ['gate-deny', 'deny', 'prod']
  ], 'every Bash gate in config order; gate-other (Write) is not run')
  t.equal(new Set(s.records.map(r => r.turn)).size, 1)
  s.records.length = 0
  t.match((await s.post(bash('deploy staging'))).json(), { hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'deploys: ask' } })
  t.strictSame((await s.post(bash('ls'))).json(), {})
})

t.test('two denying gates: both reasons reach the model', async t => {
  const s = await setup(t)
  const hooks = { ...HOOKS, 'gate-ask': { ...HOOKS['gate-ask'], rules: [rule('wipe-too', '\\bwipe\\b', 'deny')] } }
  const records: DecisionRecord[] = []
  const { app } = await build(t, testConfig({ selfProtection: { enabled: false }, hooks }), { decisionLog: { write: rs => { records.push(...rs) }, close: async () => {} } })
  const res = await app.inject({ method: 'POST', url: '/judge', payload: JSON.stringify(bash('wipe it')), headers: { 'content-type': 'application/json' } })
  t.equal(res.json().hookSpecificOutput.permissionDecisionReason, 'wipe-too: deny\n\nwipe: deny')
  t.ok(s)
})

t.test('PostToolUse: the transforms of every matching hook compose in config order', async t => {
  const s = await setup(t)
  const order = { id: 'o1', status: 2, placed: 1767225600 }
  const res = await s.post({ ...base, hook_event_name: 'PostToolUse', tool_name: 'get_order', tool_input: {}, tool_response: order, tool_use_id: 'tu' })
  t.strictSame(res.json(), { hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: { id: 'o1', status: 'shipped', placed: '2026-01-01T00:00:00Z' } } })
  t.strictSame(s.records.map(r => r.hook), ['status-names', 'iso-dates'])
})
