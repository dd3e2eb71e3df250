// Gate rules: every operator, first match wins, fact requirements; compiled from config-shaped input.
import t from 'tap'
import { compileConditions, firstRule, holds, type Rule, toNumber } from '../../server/approvals/rules.js'

const problems: string[] = []
const bad = (path: string, expected: string, got: unknown) => { problems.push(`${path}: expected ${expected}, got ${JSON.stringify(got)}`) }
const cond = (raw: Record<string, unknown>) => {
  const [c] = compileConditions('when', raw, bad)
  if (!c) throw new Error(`did not compile: ${JSON.stringify(raw)}`)
  return c
}
const input = { amount: 800, note: 'Refund for order 42', customer: { id: 'C1', tier: 'gold' }, items: ['a'], zero: 0, empty: null, text: '750' }

t.test('each operator, true and false', async t => {
  const cases: Array<[string, Record<string, unknown>, boolean]> = [
    ['eq string', { path: 'customer.id', eq: 'C1' }, true],
    ['eq string, other', { path: 'customer.id', eq: 'C2' }, false],
    ['eq number', { path: 'amount', eq: 800 }, true],
    ['eq number vs numeric string', { path: 'text', eq: 750 }, true],
    ['eq on a missing path', { path: 'nope', eq: 'x' }, false],
    ['in', { path: 'customer.tier', in: ['silver', 'gold'] }, true],
    ['in, absent', { path: 'customer.tier', in: ['silver'] }, false],
    ['gt', { path: 'amount', gt: 500 }, true],
    ['gt at the limit', { path: 'amount', gt: 800 }, false],
    ['gte at the limit', { path: 'amount', gte: 800 }, true],
    ['lt', { path: 'amount', lt: 1000 }, true],
    ['lt, no', { path: 'amount', lt: 800 }, false],
    ['lte at the limit', { path: 'amount', lte: 800 }, true],
    ['gt on a numeric string (a model may send "750")', { path: 'text', gt: 500 }, true],
    ['gt on a non-number', { path: 'note', gt: 1 }, false],
    ['gt on a missing field', { path: 'missing', gt: 1 }, false],
    ['matches (RE2, unanchored)', { path: 'note', matches: 'order \\d+' }, true],
    ['matches, no', { path: 'note', matches: '^order' }, false],
    ['matches on a non-string', { path: 'amount', matches: '8' }, false],
    ['exists: true', { path: 'customer.id', exists: true }, true],
    ['exists: true on 0', { path: 'zero', exists: true }, true],
    ['exists: true on null', { path: 'empty', exists: true }, false],
    ['exists: false on missing', { path: 'customer.email', exists: false }, true],
    ['two operators, a range', { path: 'amount', gte: 500, lte: 1000 }, true],
    ['array index path', { path: 'items.0', eq: 'a' }, true],
    ['no prototype lookups', { path: 'customer.constructor', exists: true }, false]
  ]
  for (const [name, raw, want] of cases) t.equal(holds(cond(raw), input), want, name)
  t.strictSame(problems, [])
})

t.test('toNumber accepts numbers and numeric strings only', async t => {
  t.equal(toNumber(3), 3)
  t.equal(toNumber(' 12.5 '), 12.5)
  t.equal(toNumber('1e3'), undefined)
  t.equal(toNumber(Infinity), undefined)
  t.equal(toNumber(true), undefined)
})

t.test('compile errors name path, expectation and value', async t => {
  problems.length = 0
  compileConditions('r.when', [{ path: 'a', gt: 'five' }, { path: '', eq: 1 }, { path: 'b', like: 'x' }, { path: 'c', matches: '(' }, { path: 'd' }, 'x'], bad)
  t.match(problems, [
    /^r\.when\[0\]\.gt: expected a number, got "five"$/,
    /^r\.when\[1\]\.path: expected a field path/,
    /^r\.when\[2\]\.like: expected an operator \(eq, in, gt, lt, gte, lte, matches, exists\)/,
    /^r\.when\[3\]\.matches: expected a valid RE2 pattern \(.+\), got "\("$/,
    /^r\.when\[4\]: expected at least one operator/,
    /^r\.when\[5\]: expected a map/
  ])
})

t.test('first matching rule wins; a requirement fires its rule when unmet', async t => {
  const rule = (id: string, extra: Partial<Rule>): Rule => ({ id, when: [], require: [], decision: 'deny', reason: id, ...extra })
  const rules = [
    rule('over-limit', { when: [cond({ path: 'amount', gt: 500 })] }),
    rule('verify-first', { require: ['customer_verified'], equalsFact: { path: ['customer_id'], fact: 'customer_verified' } }),
    rule('small-ok', { when: [cond({ path: 'amount', lte: 50 })], decision: 'allow' })
  ]
  const facts = (verified?: unknown) => (name: string) => name === 'customer_verified' ? verified : undefined
  t.equal(firstRule(rules, { customer_id: 'C1', amount: 800 }, facts('C1'))?.id, 'over-limit', 'checked in order')
  t.equal(firstRule(rules, { customer_id: 'C1', amount: 200 }, facts(undefined))?.id, 'verify-first', 'fact absent')
  t.equal(firstRule(rules, { customer_id: 'C2', amount: 200 }, facts('C1'))?.id, 'verify-first', 'another customer')
  t.equal(firstRule(rules, { amount: 200 }, facts('C1'))?.id, 'verify-first', 'no customer_id in the input')
  t.equal(firstRule(rules, { customer_id: 'C1', amount: 200 }, facts('C1')), undefined, 'verified, within the limit: no rule')
  t.equal(firstRule(rules, { customer_id: 7, amount: 200 }, facts('7')), undefined, 'ids compare as strings')
  t.equal(firstRule(rules, { customer_id: 'C1', amount: 20 }, facts('C1'))?.id, 'small-ok')
  t.equal(firstRule([rule('always', {})], undefined, facts())?.id, 'always', 'a rule without conditions always fires, even with no input')
})
