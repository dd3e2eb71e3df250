// No dead wait (issue 17, item 12): a fact-based hit waits for the agent's next transcript write only when the file is
// of a known format and lacks the hook's last message; counted as the waits scheduled on the request clock, not timed.
import { appendFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Test } from 'tap'
import t from 'tap'
import { FLUSH_WAIT_MS, POLL_MS } from '../../server/agents/turn-scan.js'
import { recordingLog } from '../helpers/arrivals.js'
import { testClock } from '../helpers/request-clock.js'
import { build, claudeStop, codexStop, TEST_ENV, tempDir, testConfig } from '../helper.js'
import { fixture, place, promptOf, turnOf } from './captured.js'

const CLAIM = 'All tests pass.'

async function setup (t: Test) {
  const dir = tempDir(t)
  const env = { ...TEST_ENV, HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex') }
  // A project with a test command: a claim in it is held to a passing run.
  const cwd = join(dir, 'project')
  await mkdir(cwd)
  await writeFile(join(cwd, 'package.json'), JSON.stringify({ scripts: { test: 'tap' } }))
  const clock = testClock()
  const { decisionLog, records } = recordingLog()
  const { app, runtime } = await build(t, testConfig({ hooks: { 'unverified-claim': { backends: [] } } }), { env, clock, decisionLog })
  const claude = (path: string, promptId?: string) => claudeStop(CLAIM, { transcript_path: path, cwd, ...(promptId ? { prompt_id: promptId } : {}) })
  const codex = (path: string, turnId?: string) => codexStop(CLAIM, { transcript_path: path, cwd, ...(turnId ? { turn_id: turnId } : {}) })
  const post = (body: object) => app.inject({ method: 'POST', url: '/judge/unverified-claim', payload: body })
  const write = async (path: string, lines: string[]) => { await mkdir(dirname(path), { recursive: true }); await writeFile(path, lines.join('\n') + '\n') }
  return { env, clock, records, runtime, claude, codex, post, write }
}

t.test('a transcript of a format the reader does not know: no wait (facts unknown, the hook allows)', async t => {
  const s = await setup(t)
  // Records of a Codex (or Claude Code) version the readers do not understand: valid JSON, none of their lines.
  const unknown = [{ type: 'turn_record', payload: { kind: 'agent_text', text: CLAIM } }, { type: 'turn_record', payload: { kind: 'shell', cmd: 'npm test', exit: 0 } }].map(l => JSON.stringify(l))
  const rollout = join(s.env.CODEX_HOME, 'sessions', '2026', '12', '01', 'rollout-unknown.jsonl')
  const session = join(s.env.CLAUDE_CONFIG_DIR, 'projects', '-w', 'unknown.jsonl')
  await s.write(rollout, unknown)
  await s.write(session, unknown)
  for (const body of [s.codex(rollout), s.claude(session)]) {
    const res = await s.post(body)
    t.strictSame(res.json(), {})
    t.equal(res.headers['x-hookjudge-source'], 'fallback', 'unknown facts')
  }
  t.strictSame(s.clock.waits, [], 'no flush wait scheduled')
  t.match(await s.records.waitFor(2), { source: 'fallback', failure: /no transcript evidence/ })
})

t.test('a known format that already holds the hook\'s last message: no wait', async t => {
  const s = await setup(t)
  const claude = 'claude-evidence-verified.jsonl'
  const codex = 'codex-evidence-verified.jsonl'
  for (const body of [s.claude(await place(s.env, claude), promptOf(claude)), s.codex(await place(s.env, codex), turnOf(codex))]) {
    const res = await s.post(body)
    t.strictSame(res.json(), {}, 'a passing run after the last edit: the claim stands')
    t.equal(res.headers['x-hookjudge-source'], 'layer1', 'the facts decided')
  }
  t.strictSame(s.clock.waits, [], 'no flush wait scheduled')
  t.equal(s.runtime().transcripts.scans, 2, 'one read per Stop')
})

t.test('a known format that lacks the last message: it waits for the next write, then reads again', async t => {
  const s = await setup(t)
  const name = 'claude-evidence-verified.jsonl'
  const lines = fixture(name)
  // Claude Code has not flushed the test run's result and the final message yet.
  const cut = lines.findLastIndex(l => l.includes('"tool_result"'))
  const path = join(s.env.CLAUDE_CONFIG_DIR, 'projects', '-w', 'lagging.jsonl')
  await s.write(path, lines.slice(0, cut))
  // Its writer catches up while the daemon waits (its 100 ms flush).
  s.clock.onWait = (_ms, i) => { if (i === 0) appendFileSync(path, lines.slice(cut).join('\n') + '\n') }
  const res = await s.post(s.claude(path, promptOf(name)))
  t.strictSame(s.clock.waits, [POLL_MS], 'one wait, then the file had grown')
  t.equal(s.runtime().transcripts.scans, 2, 'read again')
  t.strictSame(res.json(), {}, 'the run the second read found lets the claim stand')
  t.match(await s.records.waitFor(1), { source: 'layer1', facts: { verification_passed: true } })
})

t.test('a known format whose writer never catches up: it waits the flush wait out, and no longer, then allows', async t => {
  const s = await setup(t)
  const name = 'claude-evidence-verified.jsonl'
  const lines = fixture(name)
  const path = join(s.env.CLAUDE_CONFIG_DIR, 'projects', '-w', 'stalled.jsonl')
  await s.write(path, lines.slice(0, lines.findLastIndex(l => l.includes('"tool_result"'))))
  const res = await s.post(s.claude(path, promptOf(name)))
  t.strictSame(s.clock.waits, Array(FLUSH_WAIT_MS / POLL_MS).fill(POLL_MS), `polls every ${POLL_MS} ms for ${FLUSH_WAIT_MS} ms`)
  t.equal(res.headers['x-hookjudge-decision'], 'allow', 'what the file held is older than the message: no fact stands, the Stop fails open')
  t.match(await s.records.waitFor(1), { source: 'fallback', failure: /still behind the last message after the flush wait/ })
})
