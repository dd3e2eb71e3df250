// POST /judge/:hook reads the turn from the transcript: an earlier proposal is judged; other paths are refused and logged, never the text.
import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import t from 'tap'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { MIN_FINAL_CHARS } from '../../server/pipeline/read-turn.js'
import { build, claudeStop, TEST_ENV, tempDir, testConfig } from '../helper.js'
import { arrivals } from '../helpers/arrivals.js'
import { testClock } from '../helpers/request-clock.js'
import { POLL_MS } from '../../server/agents/turn-scan.js'

const PROPOSAL = 'Tests written. I\'ll commit and push to main now.'
const turn = [
  { type: 'user', promptId: 'prompt-1', message: { role: 'user', content: 'add tests' } },
  { type: 'assistant', message: { id: 'm1', content: [{ type: 'text', text: PROPOSAL }] } },
  { type: 'assistant', message: { id: 'm1', content: [{ type: 'tool_use', id: 'tu', name: 'Bash', input: { command: 'ls' } }] } },
  { type: 'user', promptId: 'prompt-1', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu', content: 'a b' }] }, toolUseResult: {} },
  { type: 'assistant', message: { id: 'm2', content: [{ type: 'text', text: 'Listed the files.' }] } }
].map(l => JSON.stringify(l)).join('\n') + '\n'

async function setup (t: Parameters<typeof build>[0], clock = testClock()) {
  const api = await startFakeJudgeApi((body) => ({ text: commitVerdict({ new_proposal: JSON.stringify(body).includes('commit and push') }, 'proposes a push') }))
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const env = { ...TEST_ENV, HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: join(dir, 'claude') }
  const log = arrivals<Record<string, any>>()
  const lines = log.items
  const stream = new Writable({ write (c, _e, cb) { log.push(JSON.parse(String(c))); cb() } })
  const { app, settled } = await build(t, testConfig({}, api.url), { env, clock, logger: { level: 'info', stream } })
  const write = async (path: string) => { await mkdir(join(path, '..'), { recursive: true }); await writeFile(path, turn); return path }
  const post = (body: object, headers = {}) => app.inject({ method: 'POST', url: '/judge/commit', payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } })
  return { api, app, clock, dir, env, lines, log, write, post, settled }
}

t.test('a proposal in an earlier message of the turn is caught through the transcript', async t => {
  const s = await setup(t)
  const file = await s.write(join(s.env.CLAUDE_CONFIG_DIR, 'projects', '-w', 's.jsonl'))
  const res = await s.post(claudeStop('Listed the files.', { transcript_path: file }))
  t.equal(res.json().decision, 'block')
  t.match(JSON.stringify(s.api.requests[0]?.body), /commit and push to main now\.\\n\\nListed the files\./, 'the judge saw the whole turn')
  t.match(await s.log.waitFor(l => l.msg === 'verdict'), { textFrom: 'transcript', decision: 'block' })
})

t.test('a Stop that comes before the turn is written: a short final message waits for the write, and the proposal is caught', async t => {
  const s = await setup(t)
  const file = join(s.env.CLAUDE_CONFIG_DIR, 'projects', '-w', 'fast.jsonl')
  // A fast turn: its Stop arrives before Claude Code's first transcript write, which lands during the daemon's first wait.
  s.clock.onWait = (_ms, i) => { if (i === 0) { mkdirSync(join(file, '..'), { recursive: true }); writeFileSync(file, turn) } }
  const res = await s.post(claudeStop('Listed the files.', { transcript_path: file }))
  t.strictSame(s.clock.waits, [POLL_MS], 'one poll, then the file was there')
  t.equal(res.json().decision, 'block', 'the proposal earlier in the turn reached the judge')
  t.match(JSON.stringify(s.api.requests[0]?.body), /commit and push to main now\.\\n\\nListed the files\./)
})

t.test('a final message long enough to be read alone does not wait for a transcript still being written', async t => {
  const s = await setup(t)
  const file = join(s.env.CLAUDE_CONFIG_DIR, 'projects', '-w', 'not-yet.jsonl')
  const report = 'Renamed the helper, updated its three callers and the README, and ran the whole suite: 212 tests pass. ' +
    'Nothing else changed; the old name is gone from the tree and from the docs.'
  t.ok(report.length >= MIN_FINAL_CHARS)
  const res = await s.post(claudeStop(report, { transcript_path: file }))
  t.strictSame(res.json(), {})
  t.strictSame(s.clock.waits, [], 'no wait: Layer 1 reads the final message on its own')
})

t.test('an outside path that holds a secret is logged with the secret masked', async t => {
  const s = await setup(t)
  const token = `ghp_${'A1b2C3d4E5'.repeat(3)}xYz123`
  const file = await s.write(join(s.dir, token, 's.jsonl'))
  await s.post(claudeStop('Listed the files.', { transcript_path: file }))
  await s.settled()
  const warn = s.lines.find(l => l.level === 40)
  t.match(warn, { msg: /outside the allowed roots/, path: /REDACTED/ })
  t.notMatch(JSON.stringify(s.lines), token)
})

t.test('a path outside the allowed roots: judged on last_assistant_message, one warning without the text', async t => {
  const s = await setup(t)
  const file = await s.write(join(s.dir, 'elsewhere', 's.jsonl'))
  const res = await s.post(claudeStop('Listed the files.', { transcript_path: file }))
  t.strictSame(res.json(), {})
  t.equal(res.headers['x-hookjudge-source'], 'layer1', 'the last message alone does not even reach Layer 2')
  t.equal(s.api.requests.length, 0)
  // The warning is the request's last line: every line of it is in by then.
  const warn = await s.log.waitFor(l => l.level === 40)
  t.match(warn, { msg: /outside the allowed roots/, path: file, hook: 'commit' })
  t.notMatch(JSON.stringify(s.lines), /Listed the files|commit and push/, 'no agent text in the log')
})

t.test('the outside-roots warning is said once per folder, not on every turn', async t => {
  const s = await setup(t)
  const a = await s.write(join(s.dir, 'one', 'a.jsonl'))
  const b = await s.write(join(s.dir, 'one', 'b.jsonl'))
  const c = await s.write(join(s.dir, 'two', 'c.jsonl'))
  for (const file of [a, a, b, c]) await s.post(claudeStop('Listed the files.', { transcript_path: file }))
  // Records and lines are written in request order after each answer: once c's warning is in, a's and b's turns are too.
  await s.log.waitFor(l => l.level === 40 && l.path === c)
  t.same(s.lines.filter(l => l.level === 40).map(l => l.path), [a, c])
})
