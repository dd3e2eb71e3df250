// How many sequential Redis round trips a request waits for, counted by a proxy that holds every reply after the Nth.
import t, { type Test } from 'tap'
import { commitVerdict } from '../fixtures/fake-judge-api.js'
import { claudeStop } from '../helper.js'
import { readyzSays, type Team, team } from '../helpers/team-replicas.js'

// Texts with [allow] get an allowing verdict, the rest a blocking one.
const script = (body: any) => ({ text: commitVerdict({ new_proposal: !String(body?.messages?.at(-1)?.content).includes('[allow]') }) })
const say = (what: string) => `Done with ${what}. I will commit and push to main now.`

/** Starts a team behind the proxy; a held reply is waited for until 2.5 s (state.redis.timeoutMs), then counted. */
async function behindProxy (t: Test): Promise<Team> {
  const tm = await team(t, { proxy: true, script, timeoutMs: 2500 })
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  return tm
}

/** hookjudge_state_errors_total over every op: an op that waited for a held reply timed out and counted one. */
async function stateErrors (tm: Team, replica: number): Promise<number> {
  const text = (await tm.get(replica, '/metrics')).text
  return [...text.matchAll(/^hookjudge_state_errors_total\{op="[a-z_]+"\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0)
}

/** Resolves once the proxy holds a reply: the writes the answer did not wait for were sent and answered. */
async function heldSome (tm: Team): Promise<void> {
  await tm.proxy!.holding()
}

t.test('a Layer-2 allow waits for one round trip (lookup and claim); storing the verdict and the loop step follow it', async t => {
  const tm = await behindProxy(t)
  tm.proxy!.holdAfter(1)
  t.match(await tm.post(0, 'commit', claudeStop(say('the refactor [allow]'))), { decision: 'allow', source: 'judge' })
  t.equal(await stateErrors(tm, 0), 0, 'no op waited for a reply held after the first round trip')
  await heldSome(tm)
  tm.proxy!.release()
  tm.proxy!.holdAfter(1)
  t.match(await tm.post(1, 'commit', claudeStop(say('the refactor [allow]'), { session_id: 'other' })), { decision: 'allow', source: 'cache' },
    'stored after the answer, a hit on the other replica in one round trip')
  t.equal(await stateErrors(tm, 1), 0)
  t.equal(tm.calls(), 1)
})

t.test('a Layer-2 block waits for one round trip too: its loop state came with the claim; storing, announcing and the loop step follow', async t => {
  const tm = await behindProxy(t)
  tm.proxy!.holdAfter(1)
  t.match(await tm.post(0, 'commit', claudeStop(say('the parser'))), { decision: 'block', source: 'judge' })
  t.equal(await stateErrors(tm, 0), 0, 'no op waited for a reply held after the first round trip')
  await heldSome(tm) // the verdicts, the loop step and what the block told, sent after the answer
  tm.proxy!.release()
  tm.proxy!.holdAfter(1)
  t.match(await tm.post(1, 'commit', claudeStop(say('the parser'), { session_id: 'other' })), { decision: 'block', source: 'cache' })
  t.equal(await stateErrors(tm, 1), 0, 'a blocking hit: the lookup, with the loop state')
  await heldSome(tm)
  tm.proxy!.release()
  // The next Stop of the turn reads what the block told (alongside the transcript) before its lookup.
  tm.proxy!.holdAfter(2)
  t.match(await tm.post(1, 'commit', claudeStop(`${say('the parser')}\n\n${say('the lexer')}`, { stop_hook_active: true })), { decision: 'block', source: 'judge' })
  t.equal(await stateErrors(tm, 1), 0, 'a continuation that blocks: what was told, then the lookup with the loop state')
  t.equal(tm.calls(), 2)
})

t.test('with one round trip a block, the governor still releases after the configured blocks, counted across both replicas', async t => {
  const tm = await behindProxy(t)
  // judge.loop.maxConsecutiveBlocks is 2; a continuation also reads what the last block told, first.
  const steps: Array<[number, Record<string, unknown>, number, object]> = [
    [0, {}, 1, { decision: 'block', source: 'judge' }],
    [1, { stop_hook_active: true }, 2, { decision: 'block', source: 'judge' }],
    [0, { stop_hook_active: true }, 2, { decision: 'allow', source: 'guard' }]
  ]
  for (const [i, [replica, extra, trips, want]] of steps.entries()) {
    tm.proxy!.holdAfter(trips)
    t.match(await tm.post(replica, 'commit', claudeStop(say(`step ${i}`), extra)), want, `Stop ${i + 1} on replica ${replica}`)
    t.equal(await stateErrors(tm, replica), 0, `Stop ${i + 1} waited for ${trips} round trip(s)`)
    await heldSome(tm)
    tm.proxy!.release()
  }
  t.equal(tm.calls(), 3)
})

t.test('a Stop that Layer 1 lets through waits for no round trip at all', async t => {
  const tm = await behindProxy(t)
  tm.proxy!.holdAfter(0)
  t.match(await tm.post(0, 'commit', claudeStop('I renamed two variables.')), { decision: 'allow', source: 'layer1' })
  t.equal(await stateErrors(tm, 0), 0, 'its loop step (the end of a run of blocks) is not waited for')
  await heldSome(tm)
  t.equal(tm.calls(), 0)
})
