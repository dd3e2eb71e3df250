// Session facts: set, read, expiry on an injected clock, isolation between sessions, bounds; and facts read from a response.
import t from 'tap'
import { jsonViews } from '../../server/approvals/envelope.js'
import { createFactStore, factsFrom, type FactSpec } from '../../server/approvals/session-facts.js'
import { compileConditions } from '../../server/approvals/rules.js'

function clock (start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => { now += ms } }
}

t.test('a fact is set, read, and expires after its TTL', async t => {
  const c = clock()
  const store = createFactStore({ maxSessions: 10, maxFactsPerSession: 10, now: c.now })
  t.equal(store.get('s1', 'customer_verified'), undefined, 'absent at first')
  store.set('s1', 'customer_verified', 'C1', 60_000)
  t.equal(store.get('s1', 'customer_verified'), 'C1')
  c.advance(59_999)
  t.equal(store.get('s1', 'customer_verified'), 'C1', 'alive just before the TTL')
  c.advance(1)
  t.equal(store.get('s1', 'customer_verified'), undefined, 'gone at the TTL')
  store.set('s1', 'customer_verified', 'C2', 60_000)
  t.equal(store.get('s1', 'customer_verified'), 'C2', 'a new recording starts a new TTL')
})

t.test('sessions never share facts; an empty session id has none', async t => {
  const store = createFactStore({ maxSessions: 10, maxFactsPerSession: 10 })
  store.set('claude-code:A', 'customer_verified', 'C1', 60_000)
  t.equal(store.get('claude-code:B', 'customer_verified'), undefined)
  t.equal(store.get('codex:A', 'customer_verified'), undefined)
  store.set('', 'customer_verified', 'C9', 60_000)
  t.equal(store.get('', 'customer_verified'), undefined)
  t.equal(store.sessions(), 1)
})

t.test('bounded: least recently used sessions and the oldest facts of a session go first', async t => {
  const store = createFactStore({ maxSessions: 2, maxFactsPerSession: 2 })
  store.set('a', 'f1', 1, 60_000)
  store.set('b', 'f1', 1, 60_000)
  store.get('a', 'f1')
  store.set('c', 'f1', 1, 60_000)
  t.equal(store.get('b', 'f1'), undefined, 'b was the least recently used')
  t.equal(store.get('a', 'f1'), 1)
  store.set('a', 'f2', 2, 60_000)
  store.set('a', 'f3', 3, 60_000)
  t.strictSame([store.get('a', 'f1'), store.get('a', 'f2'), store.get('a', 'f3')], [undefined, 2, 3])
  t.equal(store.sessions(), 2)
})

t.test('facts from a tool response: conditions on the parsed JSON, value from a path', async t => {
  const problems: string[] = []
  const spec = (name: string, when: unknown, value?: string[]): FactSpec =>
    ({ name, when: compileConditions('w', when, (p) => { problems.push(p) }), value })
  const specs = [spec('customer_verified', { path: 'verified', eq: true }, ['customer_id']), spec('looked_up', undefined)]
  const mcp = [{ type: 'text', text: '{"customer_id":"C1","verified":true}' }]
  t.strictSame(factsFrom(specs, jsonViews(mcp).map(v => v.json)), [['customer_verified', 'C1'], ['looked_up', true]])
  const unverified = [{ type: 'text', text: '{"customer_id":"C1","verified":false}' }]
  t.strictSame(factsFrom(specs, jsonViews(unverified).map(v => v.json)), [['looked_up', true]])
  const noId = [{ type: 'text', text: '{"verified":true}' }]
  t.strictSame(factsFrom(specs.slice(0, 1), jsonViews(noId).map(v => v.json)), [], 'no value at the path: nothing recorded')
  t.strictSame(factsFrom(specs, jsonViews('not json').map(v => v.json)), [], 'plain text: nothing')
  t.strictSame(problems, [])
})
