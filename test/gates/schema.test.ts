// Gate config: a pure gate loads without a judge; the example file loads; every mistake is named (path, expected, got).
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { ConfigError } from '../../server/core/errors.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { readiness } from '../../server/core/runtime.js'
import { build, testConfig } from '../helper.js'

const EXAMPLE = join(PACKAGE_ROOT, 'config', 'examples', 'support-refunds.yaml')

t.test('the shipped example loads: two gates, no judge needed, ready without an API key', async t => {
  const c = loadConfig({ env: {}, file: EXAMPLE })
  const refund = c.hooks['refund-policy']!
  t.equal(refund.event, 'PreToolUse')
  t.equal(refund.failMode, 'safe', 'PreToolUse defaults to fail safe')
  t.strictSame(refund.gate.rules.map(r => [r.id, r.decision, r.require]), [['over-limit', 'deny', []], ['verify-first', 'deny', ['customer_verified']]])
  t.match(refund.gate.rules[0]!.reason, /escalate_to_human with the customer ID, the root cause, the amount and your recommended action/)
  t.ok(refund.gate.matcher!.test('mcp__support__process_refund'))
  t.notOk(refund.gate.matcher!.test('mcp__support__process_refund_v2'), 'the whole tool name must match')
  t.strictSame(refund.backends, [])
  const rec = c.hooks['record-verification']!
  t.strictSame(rec.gate.facts.map(f => [f.name, f.value]), [['customer_verified', ['customer_id']]])
  t.equal(rec.gate.transforms.length, 2)
  const { runtime } = await build(t, c, { env: {} })
  t.notOk(readiness(runtime()).some(p => /refund-policy|record-verification|self-protect/.test(p)), 'pure gates never need a backend')
})

t.test('the shipped defaults: selfProtection on, dangerous-bash in shadow, self-protect a pure gate', async t => {
  const c = loadConfig({ env: {}, file: '/dev/null' })
  t.strictSame(c.selfProtection, { enabled: true, paths: [] })
  t.strictSame(c.sessionFacts, { maxSessions: 10000, maxFactsPerSession: 64, ttlSeconds: 3600 })
  t.equal(c.hooks['dangerous-bash']!.mode, 'shadow')
  t.equal(c.hooks['dangerous-bash']!.failMode, 'safe')
  t.equal(c.hooks['self-protect']!.event, 'PreToolUse')
  t.equal(c.hooks['self-protect']!.failMode, 'safe')
})

t.test('every gate mistake is named, all at once', async t => {
  const err = t.throws(() => testConfig({
    selfProtection: { enabled: 'yes', paths: ['relative/path'] },
    sessionFacts: { ttlSeconds: 0 },
    hooks: {
      'bad-pre': {
        event: 'PreToolUse',
        matcher: '(',
        facts: [],
        rules: [
          { when: { path: 'amount', gt: 'x' }, decision: 'block', reason: 'r' },
          { decision: 'deny' },
          { requires: 'x', decision: 'ask', reason: 'r' },
          { require: 'never_recorded', decision: 'deny', reason: 'verify first' },
          { equalsFact: { path: '', fact: 'Bad Name' }, decision: 'deny', reason: 'r' },
          'deny'
        ]
      },
      'bad-post': {
        event: 'PostToolUse',
        rules: [],
        facts: [{ name: 'ok_fact', when: { path: 'verified', eq: [true] } }, { value: 'a..b' }],
        transforms: [{ path: 'a', type: 'timestamp', dateOrder: 'ymd' }, { path: 'b', type: 'map', map: { 1: 2 } }, { path: 'c', type: 'upper' }, { type: 'map', map: {} }]
      },
      'stop-with-gate-keys': { event: 'Stop', matcher: 'Bash', prompt: 'p', feedback: 'f', fields: ['x'], blockWhen: { all: ['x'] } },
      'tool-trigger-no-prompt': { event: 'PreToolUse', trigger: ['rm'] }
    }
  }), ConfigError) as ConfigError
  const lines = err.problems.map(p => `${p.path}: expected ${p.expected}, got ${p.got}`)
  const expected = [
    /^hooks\.bad-pre\.matcher: expected a tool-name RE2 pattern/,
    /^hooks\.bad-pre\.facts: expected nothing: facts needs event PostToolUse, got \[\]$/,
    /^hooks\.bad-pre\.rules\[0\]\.decision: expected deny \| ask \| allow, got "block"$/,
    /^hooks\.bad-pre\.rules\[0\]\.when\.gt: expected a number, got "x"$/,
    /^hooks\.bad-pre\.rules\[1\]\.reason: expected a reason for the model that names the alternative, got nothing$/,
    /^hooks\.bad-pre\.rules\[2\]\.requires: expected one of the keys id, when, require, equalsFact, decision, reason \(did you mean `require`\?\), got "requires"$/,
    /^hooks\.bad-pre\.rules\[4\]\.equalsFact\.path: expected a field path of tool_input/,
    /^hooks\.bad-pre\.rules\[4\]\.equalsFact\.fact: expected a snake_case fact name, got "Bad Name"$/,
    /^hooks\.bad-pre\.rules\[5\]: expected a map/,
    /^hooks\.bad-post\.rules: expected nothing: rules needs event PreToolUse/,
    /^hooks\.bad-post\.facts\[0\]\.when\.eq: expected a string, number, boolean or null, got \[true\]$/,
    /^hooks\.bad-post\.facts\[1\]\.value: expected a field path of the tool response, got "a\.\.b"$/,
    /^hooks\.bad-post\.facts\[1\]\.name: expected a snake_case fact name, got nothing$/,
    /^hooks\.bad-post\.transforms\[0\]\.dateOrder: expected dmy \| mdy, got "ymd"$/,
    /^hooks\.bad-post\.transforms\[1\]\.map: expected a map from code to name/,
    /^hooks\.bad-post\.transforms\[2\]\.type: expected timestamp \| map, got "upper"$/,
    /^hooks\.bad-post\.transforms\[3\]\.path: expected a field path of the tool output/,
    /^hooks\.stop-with-gate-keys\.matcher: expected nothing: matcher needs event PreToolUse or PostToolUse/,
    /^hooks\.tool-trigger-no-prompt\.prompt: expected a non-empty string, got nothing$/,
    /^hooks\.bad-pre\.rules\[3\]: expected a fact some PostToolUse hook records \(ok_fact\), got "never_recorded"$/,
    /^selfProtection\.enabled: expected true or false, got "yes"$/,
    /^selfProtection\.paths\[0\]: expected an absolute path, got "relative\/path"$/,
    /^sessionFacts\.ttlSeconds: expected an integer from 1 to 2592000, got 0$/
  ]
  for (const re of expected) t.ok(lines.some(l => re.test(l)), re.source)
  t.comment(lines.join('\n'))
})
