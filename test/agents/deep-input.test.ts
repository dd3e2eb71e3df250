// No hook input gives a 5xx: a tool input nested 100,000 deep, as JSON text or as an object, gets a defined answer from
// every agent's adapter: a PreToolUse gate that cannot read it asks, a Stop or PostToolUse is let through.
import t from 'tap'
import { build, claudeStop, testConfig } from '../helper.js'
import { recordingLog } from '../helpers/arrivals.js'
import { SHAPES } from './tool-shapes.js'

const N = 100_000
const DEEP = { arrays: '['.repeat(N) + ']'.repeat(N), objects: '{"a":'.repeat(N) + '1' + '}'.repeat(N) }
// No JSON.stringify can build these bodies: a placeholder's quoted form is swapped for the raw value.
const HOLE = '\u0000hole\u0000'
const body = (shape: object, raw: string) => JSON.stringify(shape).replace(JSON.stringify(HOLE), raw)
const shapeOf = (agent: string) => SHAPES.find(s => s.agent === agent)!
const cwd = '/tmp'
const ASKED = /^hookjudge could not check this call: its input nests deeper than 64 levels/
const REFUSED = { status: 400, json: { error: 'hook input nests deeper than 64 levels' } }
const ALLOWED = { status: 200, json: {} }
// Each agent's tool input slot: Copilot's toolArgs and Cursor's tool_input may be JSON text (parsed); elsewhere a
// string input is plain text, as it stays.
const SLOTS = SHAPES.map(a => ({
  agent: a.agent,
  shape: a.agent === 'copilot' ? { ...a.shell('x')(cwd), toolArgs: HOLE } : { ...a.mcp!({})(cwd), tool_input: HOLE },
  text: a.agent === 'copilot' || a.agent === 'cursor' ? 'ask' : 'allow'
}))

t.test('each agent × deep JSON text and a deep object as its tool input: a defined answer, never a 5xx', async t => {
  const { decisionLog, records } = recordingLog()
  const { app } = await build(t, testConfig(), { decisionLog })
  for (const { agent, shape, text } of SLOTS) {
    for (const [kind, deep] of Object.entries(DEEP)) {
      for (const form of ['JSON text', 'an object'] as const) {
        const name = `${agent}, ${kind}, as ${form}`
        const earlier = new Set(records.items)
        const res = await app.inject({ method: 'POST', url: `/judge?agent=${agent}`, payload: body(shape, form === 'an object' ? deep : JSON.stringify(deep)), headers: { 'content-type': 'application/json' } })
        const got = { status: res.statusCode, json: res.json(), decision: res.headers['x-hookjudge-decision'] }
        // A body too deep to be a hook input is refused before any adapter sees it (the shim then applies its fail mode).
        if (form === 'an object') { t.match(got, REFUSED, `${name}: refused`); continue }
        if (text === 'allow') { t.match(got, ALLOWED, `${name}: a string, read as text`); continue }
        t.match(got, { status: 200, decision: 'ask', json: shapeOf(agent).answer('ask', ASKED) }, `${name}: the gate asks, in ${agent}'s words`)
        if (got.decision === 'ask') t.match(await records.waitFor(r => !earlier.has(r)), { source: 'guard', rule: 'too-deep' }, `${name}: the record says why`)
      }
    }
  }
  t.match((await app.inject({ url: '/metrics' })).body, /hookjudge_bad_requests_total\{reason="too_deep"\} 12\n/, 'the refusals are counted')
  // Brackets inside a JSON string (quotes escaped and all) are text, not nesting: such a call is read as usual.
  const quoted = { ...shapeOf('copilot').shell('x')(cwd), toolArgs: JSON.stringify({ command: `echo "${'['.repeat(N)}"` }) }
  const res = await app.inject({ method: 'POST', url: '/judge?agent=copilot', payload: JSON.stringify(quoted), headers: { 'content-type': 'application/json' } })
  t.match({ status: res.statusCode, json: res.json(), decision: res.headers['x-hookjudge-decision'] }, { ...ALLOWED, decision: 'allow' }, 'a bracket-filled command is read')
})

t.test('a Stop or a PostToolUse carrying a deep value fails open', async t => {
  const transform = { event: 'PostToolUse', matcher: 'mcp__support__get_customer', transforms: [{ path: 'customer_since', type: 'timestamp' }] }
  const { app } = await build(t, testConfig({ hooks: { 'record-verification': transform } }))
  const cursorMcp = { ...shapeOf('cursor').mcp!({})(cwd), tool_input: HOLE }
  const cases: Array<[string, string, object, string]> = [
    ['copilot agentStop', 'copilot', { sessionId: 's', timestamp: 1, cwd, stopReason: 'end_turn', toolArgs: HOLE }, JSON.stringify(DEEP.arrays)],
    ['copilot postToolUse', 'copilot', { ...shapeOf('copilot').shell('x')(cwd), toolArgs: HOLE, toolResult: { resultType: 'success' } }, JSON.stringify(DEEP.objects)],
    ['cursor afterMCPExecution', 'cursor', { ...cursorMcp, hook_event_name: 'afterMCPExecution', result_json: '{}' }, JSON.stringify(DEEP.arrays)],
    // The transform would write the whole output back, deep value and all: it is left as it came.
    ['a transform of a deep MCP output', 'claude-code', { ...claudeStop(''), hook_event_name: 'PostToolUse', tool_name: 'mcp__support__get_customer', tool_input: {}, tool_response: [{ type: 'text', text: HOLE }] },
      JSON.stringify(`{"customer_since":1767225600,"x":${DEEP.arrays}}`)]
  ]
  for (const [name, agent, shape, raw] of cases) {
    const res = await app.inject({ method: 'POST', url: `/judge?agent=${agent}`, payload: body(shape, raw), headers: { 'content-type': 'application/json' } })
    t.match({ status: res.statusCode, json: res.json() }, ALLOWED, name)
  }
})
