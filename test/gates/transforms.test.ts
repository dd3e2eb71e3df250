// Output normalisation: each timestamp form to ISO 8601, code maps, and rewriting inside each tool_response envelope.
import t from 'tap'
import { toIso, transformOutput, type TransformSpec } from '../../server/approvals/transforms.js'

t.test('timestamps to ISO 8601', async t => {
  const cases: Array<[string, unknown, string | undefined, ('dmy' | 'mdy')?]> = [
    ['Unix seconds', 1767225600, '2026-01-01T00:00:00Z'],
    ['Unix seconds with a fraction', 1767225600.5, '2026-01-01T00:00:00.500Z'],
    ['Unix milliseconds', 1767225600123, '2026-01-01T00:00:00.123Z'],
    ['Unix seconds as a 10-digit string', '1767225600', '2026-01-01T00:00:00Z'],
    ['Unix ms as a 13-digit string', '1767225600000', '2026-01-01T00:00:00Z'],
    ['ISO 8601 with an offset → UTC', '2026-03-10T09:30:00+02:00', '2026-03-10T07:30:00Z'],
    ['ISO 8601 in UTC stays', '2026-03-10T07:30:00Z', '2026-03-10T07:30:00Z'],
    ['ISO date stays', '2026-03-10', '2026-03-10'],
    ['ISO local time (no zone) stays', '2026-03-10T09:30:00', '2026-03-10T09:30:00'],
    ['DD/MM/YYYY', '10/03/2026', '2026-03-10', 'dmy'],
    ['MM/DD/YYYY', '10/03/2026', '2026-10-03', 'mdy'],
    ['DD.MM.YYYY', '31.12.2025', '2025-12-31', 'dmy'],
    ['slashed date without a configured order: ambiguous', '10/03/2026', undefined],
    ['not a calendar date', '31/02/2026', undefined, 'dmy'],
    ['impossible ISO date', '2026-02-30', undefined],
    ['month 13 under mdy', '13/01/2026', undefined, 'mdy'],
    ['prose', 'next Tuesday', undefined],
    ['an 8-digit number string is not Unix time', '20260310', undefined],
    ['a boolean', true, undefined]
  ]
  for (const [name, v, want, order] of cases) t.equal(toIso(v, order), want, name)
})

const specs: TransformSpec[] = [
  { path: ['customer_since'], type: 'timestamp' },
  { path: ['orders', '*', 'placed'], type: 'timestamp', dateOrder: 'dmy' },
  { path: ['status'], type: 'map', map: { 1: 'active', 2: 'suspended' } }
]
const payload = { customer_id: 'C1', customer_since: 1767225600, status: 2, orders: [{ placed: '10/03/2026' }, { placed: 'unknown' }] }
const normal = { customer_id: 'C1', customer_since: '2026-01-01T00:00:00Z', status: 'suspended', orders: [{ placed: '2026-03-10' }, { placed: 'unknown' }] }

t.test('MCP content blocks (what Claude Code sends for MCP tools): the JSON text is rewritten, the envelope kept', async t => {
  const response = [{ type: 'text', text: JSON.stringify(payload) }, { type: 'image', data: 'x', mimeType: 'image/png' }]
  const out = transformOutput(specs, response) as Array<Record<string, string>>
  t.equal(out.length, 2)
  t.strictSame(JSON.parse(out[0]!.text!), normal)
  t.strictSame(out[1], response[1])
  t.strictSame(JSON.parse(response[0]!.text!), payload, 'the input is not mutated')
})

t.test('Bash output shape: only stdout changes; pretty JSON stays pretty', async t => {
  const response = { stdout: JSON.stringify(payload, null, 2), stderr: '', interrupted: false, isImage: false, noOutputExpected: false }
  const out = transformOutput(specs, response) as Record<string, unknown>
  t.strictSame(Object.keys(out), Object.keys(response))
  t.equal(out.stdout, JSON.stringify(normal, null, 2))
  t.equal(out.stderr, '')
})

t.test('a CallToolResult object, a JSON string, and a structured object', async t => {
  const call = transformOutput(specs, { content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload }) as any
  t.strictSame(JSON.parse(call.content[0].text), normal)
  t.strictSame(call.structuredContent, normal)
  t.strictSame(JSON.parse(transformOutput(specs, JSON.stringify(payload)) as string), normal)
  t.strictSame(transformOutput(specs, payload), normal)
})

t.test('a transform that cannot apply leaves the output untouched (undefined = answer {})', async t => {
  t.equal(transformOutput(specs, [{ type: 'text', text: 'Customer C1 is verified.' }]), undefined, 'plain text')
  t.equal(transformOutput(specs, [{ type: 'text', text: '{"customer_id":"C1"}' }]), undefined, 'paths absent')
  t.equal(transformOutput(specs, [{ type: 'text', text: '{"status":9,"customer_since":"soon"}' }]), undefined, 'unknown code, unreadable date')
  t.equal(transformOutput(specs, [{ type: 'text', text: JSON.stringify(normal) }]), undefined, 'already normal')
  t.equal(transformOutput(specs, { stdout: '{broken', stderr: '' }), undefined, 'broken JSON')
  t.equal(transformOutput([], payload), undefined, 'no transforms')
  t.equal(transformOutput(specs, 42), undefined, 'a number')
})
