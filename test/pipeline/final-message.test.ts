// Layer 1 reads the message a Stop ends the turn with (what the corpus is labelled on), not the narration before it;
// a final message too short to stand alone, or one the agent was already told about, leaves it the whole turn.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Test } from 'tap'
import t from 'tap'
import { MIN_FINAL_CHARS } from '../../server/pipeline/read-turn.js'
import { recordingLog } from '../helpers/arrivals.js'
import { fixture, promptOf } from '../evidence/captured.js'
import { startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, TEST_ENV, tempDir, testConfig } from '../helper.js'

const CAPTURE = 'claude-evidence-no-run.jsonl'
// Said mid-turn, before the edit: a commit announcement the shipped commit scorer sends on wherever it reads it.
const NARRATION = "I'll commit these changes and push them to main now."
const REPORT = 'I changed the value in a.txt from x to y, as the task asked. The file now holds y on its first line, and no other file in the folder was touched during this turn.'
const SHORT = 'Done.'

/** The captured turn (Read, Edit, final text) with NARRATION said before the Edit and `final` as its last message. */
function turnLines (final: string): string[] {
  return fixture(CAPTURE).map(l => {
    if (l.includes('"name":"Edit"')) {
      const e = JSON.parse(l)
      e.message.content.unshift({ type: 'text', text: NARRATION })
      return JSON.stringify(e)
    }
    return l.includes('"All tests pass."') ? l.replace('"All tests pass."', JSON.stringify(final)) : l
  })
}

async function setup (t: Test) {
  const dir = tempDir(t)
  const env = { ...TEST_ENV, HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex') }
  const api = await startFakeJudgeApi({ text: JSON.stringify({ commit: { new_proposal: false, past_report: true, sequence_step: false, options_offered: false, reason: 'fake' } }) })
  t.teardown(() => api.close())
  const { decisionLog, records } = recordingLog()
  const off = { mode: 'off' }
  const config = testConfig({ hooks: { 'scope-check': off, 'scope-change': off, 'shallow-bugfix': off, 'bugfix-without-reproduction': off, 'unverified-claim': off } }, api.url)
  const { app } = await build(t, config, { env, decisionLog })
  const post = async (final: string, name: string) => {
    const path = join(env.CLAUDE_CONFIG_DIR, 'projects', '-w', name)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, turnLines(final).join('\n') + '\n')
    const res = await app.inject({ method: 'POST', url: '/judge', payload: claudeStop(final, { transcript_path: path, cwd: dir, prompt_id: promptOf(CAPTURE) }) })
    await records.waitFor(1)
    return { res, record: records.items[0]! }
  }
  return { api, post }
}

t.test('the fixture is what the tests say: a report long enough to stand alone, a reply that does not', async t => {
  t.ok(REPORT.length >= MIN_FINAL_CHARS)
  t.ok(SHORT.length < MIN_FINAL_CHARS)
})

t.test('a long final report after a mid-turn commit announcement: Layer 1 reads the report and lets it through', async t => {
  const s = await setup(t)
  const { res, record } = await s.post(REPORT, 'report.jsonl')
  t.strictSame(res.json(), {})
  t.equal(s.api.requests.length, 0, 'no model call')
  t.equal(record.source, 'layer1')
})

t.test('a short final reply: Layer 1 reads the whole turn, and the announcement in it goes to the judge', async t => {
  const s = await setup(t)
  const { record } = await s.post(SHORT, 'short.jsonl')
  t.equal(s.api.requests.length, 1)
  t.equal(record.source, 'judge')
  t.match(JSON.stringify(s.api.requests[0]?.body), 'push them to main', 'the judge reads the whole turn')
})
