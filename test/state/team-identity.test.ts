// Team mode has identity all the way through: session state (loop governor, session facts) is the sender's own, on two
// replicas sharing one real Redis; another person naming the same session id gets state of their own.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { claudeStop, tempDir } from '../helper.js'
import { readyzSays, team } from '../helpers/team-replicas.js'

const ALICE = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)
const as = (token: string) => ({ authorization: `Bearer ${token}` })
const say = (n: number) => `Attempt ${n}: I will commit and push to main now.`
const common = (session: string) => ({ session_id: session, transcript_path: '/nonexistent/t.jsonl', cwd: '/tmp', prompt_id: 'p-1', permission_mode: 'default' })
const REFUND = 'mcp__support__process_refund'
const GET = 'mcp__support__get_customer'
const pre = (input: unknown, session: string) => ({ ...common(session), hook_event_name: 'PreToolUse', tool_name: REFUND, tool_input: input, tool_use_id: 'toolu_1' })
const post = (payload: unknown, session: string) =>
  ({ ...common(session), hook_event_name: 'PostToolUse', tool_name: GET, tool_input: { customer_id: 'C1' }, tool_response: [{ type: 'text', text: JSON.stringify(payload) }], tool_use_id: 'toolu_2', duration_ms: 9 })

async function people (t: Parameters<typeof tempDir>[0]) {
  const tokens = join(tempDir(t), 'tokens')
  writeFileSync(tokens, `alice ${ALICE}\nbob ${BOB}\n`, { mode: 0o600 })
  const tm = await team(t, { overrides: { server: { tokensFile: tokens } }, headers: as(ALICE) })
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  return tm
}

t.test('Alice naming Bob\'s session cannot release his loop guard', async t => {
  const tm = await people(t)
  t.match(await tm.post(0, 'commit', claudeStop(say(1), { session_id: 'bob-s' }), as(BOB)), { decision: 'block', source: 'judge' })
  t.match(await tm.post(1, 'commit', claudeStop(say(2), { session_id: 'bob-s', stop_hook_active: true }), as(ALICE)), { decision: 'block', source: 'judge' },
    'Alice\'s request is judged in a session of her own')
  t.match(await tm.post(1, 'commit', claudeStop(say(3), { session_id: 'bob-s', stop_hook_active: true }), as(BOB)), { decision: 'block', source: 'judge' },
    'Bob\'s second block in a row stands: Alice\'s did not count in his run')
  t.match(await tm.post(0, 'commit', claudeStop(say(4), { session_id: 'bob-s', stop_hook_active: true }), as(BOB)), { decision: 'allow', source: 'guard' },
    'his own third releases, as for anyone')
})

t.test('Alice recording a verification in Bob\'s session does not satisfy his refund gate', async t => {
  const tm = await people(t)
  const customer = { customer_id: 'C1', verified: true, name: 'Ada' }
  t.equal((await tm.post(0, 'record-verification', post(customer, 'bob-s'), as(ALICE))).status, 200)
  t.match(await tm.post(1, 'refund-policy', pre({ customer_id: 'C1', amount: 50 }, 'bob-s'), as(BOB)), { decision: 'deny' }, 'not verified in Bob\'s session')
  t.match(await tm.post(1, 'refund-policy', pre({ customer_id: 'C1', amount: 50 }, 'bob-s'), as(ALICE)), { decision: 'allow' }, 'Alice\'s own fact stands for her')
  await tm.post(1, 'record-verification', post(customer, 'bob-s'), as(BOB))
  t.match(await tm.post(0, 'refund-policy', pre({ customer_id: 'C1', amount: 50 }, 'bob-s'), as(BOB)), { decision: 'allow' }, 'Bob\'s own verification, on the other replica')
})
