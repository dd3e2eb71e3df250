// Approval gates through POST /judge/:hook: rules, session facts, output rewrites, self-protection, and failing safe.
import { join } from 'node:path'
import t, { type Test } from 'tap'
import type { Config } from '../../server/config/config.js'
import { loadConfig } from '../../server/config/config.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { startFakeJudgeApi, type Script } from '../fixtures/fake-judge-api.js'
import { build } from '../helper.js'
import { recordingLog } from '../helpers/arrivals.js'

const EXAMPLE = join(PACKAGE_ROOT, 'config', 'examples', 'support-refunds.yaml')
const REFUND = 'mcp__support__process_refund'
const GET = 'mcp__support__get_customer'

function config (url: string, overrides: Record<string, unknown> = {}): Config {
  return loadConfig({
    env: {},
    file: EXAMPLE,
    overrides: {
      backends: { anthropic: { baseUrl: url }, openai: { baseUrl: `${url}/v1` } },
      judge: { deadlineMs: 2000 },
      decisionLog: { enabled: false },
      ...overrides
    }
  })
}

async function setup (t: Test, overrides: Record<string, unknown> = {}, script: Script = { status: 500 }) {
  const api = await startFakeJudgeApi(script)
  t.teardown(() => api.close())
  const { decisionLog, records } = recordingLog()
  const built = await build(t, config(api.url, overrides), { decisionLog })
  const post = async (hook: string, body: unknown) => {
    const written = records.waitFor(records.items.length + 1)
    const res = await built.app.inject({ method: 'POST', url: `/judge/${hook}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    // The record is written just after the answer.
    const record = await written
    return { status: res.statusCode, json: res.json(), decision: res.headers['x-hookjudge-decision'], source: res.headers['x-hookjudge-source'], record }
  }
  return { ...built, api, post, records: records.items }
}

const common = (session: string) => ({ session_id: session, transcript_path: '/nonexistent/t.jsonl', cwd: '/tmp', prompt_id: 'p-1', permission_mode: 'default' })
const pre = (tool: string, input: unknown, session = 'S1') => ({ ...common(session), hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, tool_use_id: 'toolu_1' })
// The tool_response shape Claude Code 2.1.197 really sends for an MCP tool: text content blocks.
const post = (tool: string, input: unknown, payload: unknown, session = 'S1') =>
  ({ ...common(session), hook_event_name: 'PostToolUse', tool_name: tool, tool_input: input, tool_response: [{ type: 'text', text: JSON.stringify(payload) }], tool_use_id: 'toolu_2', duration_ms: 9 })
const deny = (reason: RegExp) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } })
const customer = { customer_id: 'C1', verified: true, name: 'Ada', customer_since: 1767225600, status: 2 }

t.test('the refund flow: verify first, facts per session, the limit, and the rule in the record', async t => {
  const g = await setup(t)
  let r = await g.post('refund-policy', pre(REFUND, { customer_id: 'C1', amount: 200 }))
  t.match(r, { status: 200, decision: 'deny', source: 'layer1', json: deny(/^This customer has not been verified in this session: call get_customer/) })
  t.match(r.record, { hook: 'refund-policy', event: 'PreToolUse', sessionId: 'S1', decision: 'deny', source: 'layer1', rule: 'verify-first', wouldBlock: true, reason: /call get_customer/ })

  r = await g.post('refund-policy', pre(GET, { customer_id: 'C1' }))
  t.match(r, { json: {}, decision: 'allow', source: 'layer1' }, 'another tool of the server: the matcher lets it through')
  t.notOk(r.record && 'rule' in r.record)

  r = await g.post('record-verification', post(GET, { customer_id: 'C1' }, customer))
  t.equal(r.decision, 'allow')
  t.strictSame(Object.keys(r.json.hookSpecificOutput), ['hookEventName', 'updatedMCPToolOutput'])
  const shown = r.json.hookSpecificOutput.updatedMCPToolOutput
  t.match(shown, [{ type: 'text', text: String }], 'the MCP envelope is kept')
  t.strictSame(JSON.parse(shown[0].text), { ...customer, customer_since: '2026-01-01T00:00:00Z', status: 'suspended' })

  r = await g.post('refund-policy', pre(REFUND, { customer_id: 'C1', amount: 200 }))
  t.match(r, { json: {}, decision: 'allow', source: 'layer1' }, 'verified: the refund goes through')
  r = await g.post('refund-policy', pre(REFUND, { customer_id: 'C1', amount: 800 }))
  t.match(r, { decision: 'deny', json: deny(/^Refunds over \$500 need a human: .*Call escalate_to_human with the customer ID, the root cause, the amount and your recommended action\.$/) })
  t.equal(r.record?.rule, 'over-limit')
  r = await g.post('refund-policy', pre(REFUND, { customer_id: 'C2', amount: 50 }))
  t.match(r, { decision: 'deny', record: { rule: 'verify-first' } }, 'a refund for another customer than the verified one')
  r = await g.post('refund-policy', pre(REFUND, { customer_id: 'C1', amount: 50 }, 'S2'))
  t.match(r, { decision: 'deny', record: { rule: 'verify-first' } }, 'another session does not see S1\'s fact')
  r = await g.post('refund-policy', pre(REFUND, { customer_id: 'C1', amount: 50 }, ''))
  t.match(r, { decision: 'deny', record: { rule: 'verify-first' } }, 'no session id: no facts')

  const unverified = await g.post('record-verification', post(GET, { customer_id: 'C3' }, { customer_id: 'C3', verified: false }, 'S3'))
  t.strictSame(unverified.json, {}, 'nothing to normalise: the output is left alone')
  t.match(await g.post('refund-policy', pre(REFUND, { customer_id: 'C3', amount: 50 }, 'S3')), { decision: 'deny' }, 'verified: false records nothing')
})

t.test('facts survive a config reload; a Codex session is a session of its own', async t => {
  const g = await setup(t)
  await g.post('record-verification', post(GET, { customer_id: 'C1' }, customer))
  const result = g.reload(config(g.api.url, { sessionFacts: { ttlSeconds: 60 } }))
  t.equal(result.ok, true)
  t.match(await g.post('refund-policy', pre(REFUND, { customer_id: 'C1', amount: 100 })), { decision: 'allow' }, 'the fact recorded before the reload')
  const codex = { session_id: 'S1', turn_id: 'turn-1', cwd: '/tmp', hook_event_name: 'PreToolUse', tool_name: REFUND, tool_input: { customer_id: 'C1', amount: 100 } }
  const r = await g.post('refund-policy', codex)
  t.match(r, { decision: 'deny', json: deny(/call get_customer/) }, 'same id from another agent: no shared facts')
})

t.test('shadow mode: a rule that fires is logged as would-deny and answered with allow', async t => {
  const g = await setup(t, { hooks: { 'refund-policy': { mode: 'shadow' } } })
  const r = await g.post('refund-policy', pre(REFUND, { customer_id: 'C1', amount: 900 }))
  t.match(r, { json: {}, decision: 'allow', source: 'shadow', record: { rule: 'over-limit', wouldBlock: true } })
})

const judgedGate = {
  event: 'PreToolUse',
  matcher: 'Bash',
  rules: [{ id: 'tests-ok', when: { path: 'command', matches: '^npm test' }, decision: 'allow' }],
  trigger: ['deploy'],
  fields: ['dangerous'],
  blockWhen: { all: ['dangerous'] },
  prompt: 'Is this command dangerous?',
  feedback: 'Not now: {reason}'
}
const bash = (command: string) => pre('Bash', { command })

t.test('a PreToolUse hook with LLM judging fails safe: judge backend down → ask', async t => {
  const g = await setup(t, { hooks: { 'judged-gate': judgedGate } }, { status: 500 })
  const r = await g.post('judged-gate', bash('npm run deploy -- --prod'))
  t.match(r, { status: 200, decision: 'ask', source: 'fallback' })
  t.match(r.json, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: /could not judge this call .*a human must approve it/ } })
  t.ok(g.api.requests.length > 0, 'the judge was asked')
  t.match(await g.post('judged-gate', bash('ls')), { decision: 'allow', source: 'layer1' }, 'no trigger: allowed without the judge')
  t.match(await g.post('judged-gate', bash('npm test && deploy')), { decision: 'allow', source: 'layer1', record: { rule: 'tests-ok' } }, 'an allow rule ends it before Layer 2')
})

t.test('shadow never asks, not even when the judge is down; a working judge denies with the feedback', async t => {
  const shadow = await setup(t, { hooks: { 'judged-gate': { ...judgedGate, mode: 'shadow' } } }, { status: 500 })
  t.match(await shadow.post('judged-gate', bash('deploy prod')), { json: {}, decision: 'allow', source: 'fallback' })
  const g = await setup(t, { hooks: { 'judged-gate': judgedGate } }, { text: '{"dangerous": true, "reason": "deploys to production"}' })
  t.match(await g.post('judged-gate', bash('deploy prod')), { decision: 'deny', source: 'judge', json: deny(/^Not now: deploys to production$/) })
})

t.test('self-protection guards every PreToolUse call, on any hook; reading passes; it can be switched off', async t => {
  const g = await setup(t)
  const edit = pre('Edit', { file_path: EXAMPLE, old_string: 'deny', new_string: 'allow' })
  for (const hook of ['self-protect', 'refund-policy', 'commit']) {
    const r = await g.post(hook, edit)
    t.match(r, { decision: 'deny', source: 'guard', record: { rule: 'self-protect' }, json: deny(/^hookjudge self-protection: .*support-refunds\.yaml/) }, hook)
  }
  t.match(await g.post('self-protect', pre('Read', { file_path: EXAMPLE })), { decision: 'allow', json: {} })
  t.match(await g.post('self-protect', pre('Bash', { command: `sed -i s/deny/allow/ ${EXAMPLE}` })), { decision: 'deny', source: 'guard' })
  const off = await setup(t, { selfProtection: { enabled: false } })
  t.match(await off.post('self-protect', edit), { decision: 'allow', json: {} })
})

t.test('a PostToolUse transform on Bash answers updatedToolOutput with the Bash output shape', async t => {
  const g = await setup(t, { hooks: { 'bash-dates': { event: 'PostToolUse', matcher: 'Bash', transforms: [{ path: 'items.*.due', type: 'timestamp', dateOrder: 'mdy' }] } } })
  const response = { stdout: '{"items":[{"due":"03/10/2026"},{"due":"never"}]}', stderr: '', interrupted: false, isImage: false, noOutputExpected: false }
  const body = { ...common('S1'), hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'cat due.json' }, tool_response: response, tool_use_id: 't', duration_ms: 3 }
  const r = await g.post('bash-dates', body)
  t.strictSame(r.json, { hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: { ...response, stdout: '{"items":[{"due":"2026-03-10"},{"due":"never"}]}' } } })
  t.strictSame((await g.post('bash-dates', { ...body, tool_name: 'Read' })).json, {}, 'another tool: untouched')
  t.strictSame((await g.post('bash-dates', { ...body, tool_response: { ...response, stdout: 'plain text' } })).json, {}, 'not JSON: untouched')
})
