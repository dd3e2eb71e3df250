// A report of a push from a turn that pushed: commit's committed-turn threshold lets it through without a model call;
// the same reply from a turn that ran something else is judged; a proposal made after the push is still judged.
import { appendFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Test } from 'tap'
import t from 'tap'
import { recordingLog } from '../helpers/arrivals.js'
import { testClock } from '../helpers/request-clock.js'
import { fixture, promptOf } from '../evidence/captured.js'
import { startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, TEST_ENV, tempDir, testConfig } from '../helper.js'

// Scores between the shipped commit model's two thresholds (0.37 against 0.23 and 0.44).
const REPORT = 'Committed and pushed the parser fix to origin/main.'
const PROPOSAL = 'Committed the fix. Shall I push it to main now?'
const PASSED = 'claude-evidence-verified.jsonl'
const FAILED = 'claude-evidence-failed-run.jsonl'
const verdict = { commit: { new_proposal: false, verification_reported: false, direction_query: false, future_step_description: false, reason: 'fake' } }

/** A captured turn (Read, Edit, Bash `npm test` that passed or exited 1) with the Bash command and the final text replaced. */
const turnLines = (capture: string, command: string, text: string): string[] => fixture(capture)
  .map(l => l.replace('"command":"npm test"', JSON.stringify({ command }).slice(1, -1)).replace('"All tests pass."', JSON.stringify(text)))

async function setup (t: Test) {
  const dir = tempDir(t)
  const env = { ...TEST_ENV, HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex') }
  const api = await startFakeJudgeApi({ text: JSON.stringify(verdict) })
  t.teardown(() => api.close())
  const { decisionLog, records } = recordingLog()
  const off = { mode: 'off' }
  const config = testConfig({ hooks: { 'scope-check': off, 'scope-change': off, 'shallow-bugfix': off, 'bugfix-without-reproduction': off, 'unverified-claim': off } }, api.url)
  const clock = testClock()
  const { app } = await build(t, config, { env, clock, decisionLog })
  /** lag: how many of the turn's last lines the agent writes only while the daemon waits for its next flush. */
  const post = async (command: string, text: string, capture = PASSED, lag = 0) => {
    const path = join(env.CLAUDE_CONFIG_DIR, 'projects', '-w', 'turn.jsonl')
    const lines = turnLines(capture, command, text)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, lines.slice(0, lines.length - lag).join('\n') + '\n')
    clock.onWait = (_ms, i) => { if (i === 0 && lag > 0) appendFileSync(path, lines.slice(-lag).join('\n') + '\n') }
    const res = await app.inject({ method: 'POST', url: '/judge', payload: claudeStop(text, { transcript_path: path, cwd: dir, prompt_id: promptOf(capture) }) })
    await records.waitFor(1)
    const record = records.items.find(r => r.hook === 'commit')
    return { res, source: record?.source, turnClass: record?.turnClass }
  }
  return { api, clock, post }
}

t.test('a turn that pushed: its report of the push is let through at Layer 1, no model call', async t => {
  const s = await setup(t)
  const { res, source, turnClass } = await s.post('git push origin main', REPORT)
  t.strictSame(res.json(), {})
  t.equal(source, 'layer1')
  t.equal(turnClass, 'committed', 'the record keeps the class: replay and the labels apply it again')
  t.equal(s.api.requests.length, 0, 'no model call')
})

// Turns that do not make the report one of a push, each judged: [what the turn ran, the reply, the capture, the class
// its record keeps (the captures edit a file), why].
const JUDGED: Array<[string, string, string, string | undefined, string]> = [
  ['npm test', REPORT, PASSED, undefined, 'the same report from a turn that ran only the tests'],
  ['git push origin main', REPORT, FAILED, undefined, 'a push that exited 1 is no evidence'],
  ['git commit -am "fix parser"', PROPOSAL, PASSED, 'committed', 'a new proposal after the commit']
]
for (const [command, text, capture, cls, why] of JUDGED) {
  t.test(`${why}: goes to the judge`, async t => {
    const s = await setup(t)
    const { source, turnClass } = await s.post(command, text, capture)
    t.equal(source, 'judge')
    t.equal(turnClass, cls)
    t.equal(s.api.requests.length, 1)
  })
}

t.test('a transcript still behind the push: read again once written, then let through', async t => {
  const s = await setup(t)
  const lines = fixture(PASSED)
  const lag = lines.length - lines.findIndex(l => l.includes('"command":"npm test"'))
  const { source } = await s.post('git push origin main', REPORT, PASSED, lag)
  t.ok(s.clock.waits.length > 0, 'it waited for the write')
  t.equal(source, 'layer1')
  t.equal(s.api.requests.length, 0, 'no model call')
})
