// The deadline holds whatever else is stuck: the answer is the hooks' fail mode when the request's deadline fires, built
// without waiting on the transcript read, the backend or any stage still running (issue 17, item 4).
import { PassThrough } from 'node:stream'
import t from 'tap'
import type { TranscriptReader, TurnText } from '../../server/agents/transcript-reader.js'
import { ANSWER_MS } from '../../server/core/due-together.js'
import { startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { arrivals, recordingLog } from '../helpers/arrivals.js'
import { settlesWithin, testClock, type TestClock, turn } from '../helpers/request-clock.js'
import { build, claudeStop, testConfig } from '../helper.js'

const DEADLINE_MS = 2000
const HIT = 'Refactor done. I\'ll commit and push to main now.'
const bash = (command: string) => ({ session_id: 'sess-1', transcript_path: '/nonexistent/t.jsonl', cwd: '/tmp', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_1' })

/** A transcript reader on a dead filesystem: each read hangs until the test lets it go (or forever). */
function hungReader () {
  const calls = arrivals<(read: TurnText) => void>()
  const reader: TranscriptReader = { scans: 0, turnText: () => new Promise(resolve => { calls.push(resolve) }) }
  return { reader, calls }
}

async function setup (t: Parameters<typeof build>[0], reader: (clock: TestClock) => TranscriptReader) {
  // The judge API takes every request and never answers; it notes when the daemon drops one.
  const asked = arrivals<number>()
  const dropped = arrivals<number>()
  const api = await startFakeJudgeApi((_body, i) => { asked.push(i); return { hang: true, onClose: () => dropped.push(i) } })
  t.teardown(() => api.close())
  const clock = testClock()
  const { decisionLog, records } = recordingLog()
  // unverified-claim without a judge: its facts alone block.
  const config = testConfig({ judge: { deadlineMs: DEADLINE_MS }, hooks: { 'dangerous-bash': { mode: 'enforce' }, 'unverified-claim': { backends: [] } } }, api.url)
  const { app, runtime } = await build(t, config, { clock, decisionLog, transcripts: reader(clock) })
  return { app, runtime, clock, records, asked, dropped }
}

t.test('a transcript read that never ends and a judge that never answers: the fail mode, when the deadline fires', async t => {
  const hung = hungReader()
  const s = await setup(t, () => hung.reader)
  const stop = s.app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(HIT) })
  const gate = s.app.inject({ method: 'POST', url: '/judge/dangerous-bash', payload: bash('rm -rf build') })
  await hung.calls.waitFor(2)
  t.equal(await settlesWithin(Promise.race([stop, gate])), false, 'nothing answers before the deadline')
  s.clock.advance(DEADLINE_MS)
  t.ok(await settlesWithin(Promise.all([stop, gate])), 'both answered as the deadline fired, the reads still hanging')
  t.strictSame((await stop).json(), {}, 'a Stop fails open')
  t.match((await stop).headers, { 'x-hookjudge-decision': 'allow', 'x-hookjudge-source': 'fallback' })
  t.match((await gate).json(), { hookSpecificOutput: { permissionDecision: 'ask' } }, 'a gate fails safe: a human decides')
  const recs = [await s.records.waitFor(r => r.hook === 'commit'), await s.records.waitFor(r => r.hook === 'dangerous-bash')]
  for (const r of recs) t.match(r, { source: 'fallback', failure: `deadline of ${DEADLINE_MS} ms passed`, ms: DEADLINE_MS })
})

t.test('the deadline counts from the request\'s arrival: the judge call is cancelled then, not a deadline after the read', async t => {
  // The read takes 1.5 s of the 2 s budget (a slow disk); the judge call gets what is left.
  const s = await setup(t, clock => ({ scans: 0, turnText: async (event) => { clock.advance(1500); return { text: event.text, source: 'message' } } }))
  const answer = s.app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(HIT) })
  await s.asked.waitFor(1)
  s.clock.advance(DEADLINE_MS - 1500 - 1)
  t.equal(await settlesWithin(answer), false, 'still within the deadline')
  s.clock.advance(1)
  t.ok(await settlesWithin(answer), 'answered at the deadline')
  t.match((await answer).headers, { 'x-hookjudge-source': 'fallback' })
  t.equal(s.clock.armed, 0, 'no timer left armed: the judge call\'s deadline is the request\'s')
  // Seen from the judge API: the call is cancelled at once, not left holding a pool connection for another 1.5 s.
  t.ok(await settlesWithin(s.dropped.waitFor(1), 200), 'the judge call was cancelled at the deadline')
})

t.test('work left running after the deadline\'s answer changes nothing the next Stop sees', async t => {
  const hung = hungReader()
  const s = await setup(t, () => hung.reader)
  const body = claudeStop('All tests pass.')
  const answer = s.app.inject({ method: 'POST', url: '/judge/unverified-claim', payload: body })
  await hung.calls.waitFor(1)
  s.clock.advance(DEADLINE_MS)
  t.strictSame((await answer).json(), {}, 'the agent was answered allow (facts unknown at the deadline)')
  // The read comes back with facts that block: a run that went on would tell the loop governor of a block the agent
  // never got, and the next Stop of the turn would be judged only on what follows it.
  const facts = { verification_ran: false, verification_passed: false, verification_failed: false, edited_after_verification: false, verification_exempt: false }
  hung.calls.items[0]!({ text: 'All tests pass.', source: 'transcript', evidence: { facts, steps: [], partial: false } })
  for (let i = 0; i < 50; i++) await turn()
  const event = { event: 'Stop' as const, sessionId: 'sess-1', turnId: 'prompt-1', stopHookActive: false }
  t.equal(s.runtime().loop.told(event), undefined, 'the governor was told of no block')
  // The same Stop again, read in time: its first block, not a "repeat" of one the governor counted unseen.
  const again = s.app.inject({ method: 'POST', url: '/judge/unverified-claim', payload: body })
  ;(await hung.calls.waitFor(2))({ text: 'All tests pass.', source: 'transcript', evidence: { facts, steps: [], partial: false } })
  t.match((await again).headers, { 'x-hookjudge-decision': 'block', 'x-hookjudge-source': 'layer1' })
  t.match(await s.records.waitFor(2), { decision: 'block', source: 'layer1' })
})

t.test('the deadline counts from the request\'s first byte at the route, not from the end of its body', async t => {
  // A body that trickles in (or waits behind a burst of other requests) spends the same budget.
  const s = await setup(t, () => ({ scans: 0, turnText: async (event) => ({ text: event.text, source: 'message' }) }))
  const body = JSON.stringify(claudeStop(HIT))
  const payload = new PassThrough()
  const answer = s.app.inject({ method: 'POST', url: '/judge/commit', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, payload })
  payload.write(body.slice(0, 10))
  for (let i = 0; i < 20; i++) await turn()
  s.clock.advance(1500)
  payload.end(body.slice(10))
  await s.asked.waitFor(1)
  s.clock.advance(DEADLINE_MS - 1500 - 1)
  t.equal(await settlesWithin(answer), false, 'still within the deadline')
  s.clock.advance(1)
  t.ok(await settlesWithin(answer), 'answered 2 s after the first byte, 0.5 s after the body\'s end')
  t.match((await answer).headers, { 'x-hookjudge-source': 'fallback' })
  t.match(await s.records.waitFor(1), { ms: DEADLINE_MS })
})

t.test('fallbacks due together are answered one after another up to the deadline, not all from it on', async t => {
  // Three Stops read in one burst share an instant; their answers are written in turn, so the last must start early.
  const s = await setup(t, () => ({ scans: 0, turnText: async (event) => ({ text: event.text, source: 'message' }) }))
  const stops = [0, 1, 2].map(i => s.app.inject({ method: 'POST', url: '/judge/commit', payload: { ...claudeStop(`${HIT} Part ${i}.`), session_id: `sess-${i}` } }))
  await s.asked.waitFor(3)
  const answered = async () => await Promise.all(stops.map(p => settlesWithin(p, 5)))
  s.clock.advance(DEADLINE_MS - 2 * ANSWER_MS)
  t.strictSame(await answered(), [false, false, true], 'the last read first, two answers ahead of the deadline')
  s.clock.advance(ANSWER_MS)
  t.strictSame(await answered(), [false, true, true])
  s.clock.advance(ANSWER_MS)
  t.strictSame(await answered(), [true, true, true], 'the first read at the deadline itself')
  for (const p of stops) t.match((await p).headers, { 'x-hookjudge-source': 'fallback' })
  const ms = (await s.records.waitFor(3)) && s.records.items.map(r => r.ms).sort((a, b) => a - b)
  t.strictSame(ms, [DEADLINE_MS - 2 * ANSWER_MS, DEADLINE_MS - ANSWER_MS, DEADLINE_MS], 'each record says when its answer was made')
})

t.test('a request decided without waiting on anything arms no deadline; one that waits arms it', async t => {
  // The deadline's timer and promises were a quarter of the daemon's CPU on such a request (docs/BENCHMARKS.md).
  const hung = hungReader()
  const s = await setup(t, () => ({ scans: 0, turnText: async (event) => event.text === HIT ? await hung.reader.turnText(event) : { text: event.text, source: 'message' } }))
  const res = await s.app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Renamed the helper and updated its three callers.') })
  t.equal(res.headers['x-hookjudge-source'], 'layer1')
  await turn()
  t.equal(s.clock.scheduled, 0, 'a Layer-1 miss read from the message: no timer set')
  const waiting = s.app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(HIT) })
  await hung.calls.waitFor(1)
  await turn()
  t.equal(s.clock.armed, 1, 'a request waiting on its read has its deadline armed')
  s.clock.advance(DEADLINE_MS)
  t.match((await waiting).headers, { 'x-hookjudge-source': 'fallback' })
})
