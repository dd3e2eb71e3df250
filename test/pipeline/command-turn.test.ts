// A reply from a turn that ran commands and edited nothing: bugfix-without-reproduction's command-turn threshold lets a
// reply that scores between its thresholds through without a model call; the same reply after an edit is judged.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Test } from 'tap'
import t from 'tap'
import { recordingLog } from '../helpers/arrivals.js'
import { fixture, promptOf } from '../evidence/captured.js'
import { startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, TEST_ENV, tempDir, testConfig } from '../helper.js'

// Scores between the shipped bugfix-without-reproduction model's thresholds for other turns and command turns.
const TEXT = "Running `npm install` after clearing `node_modules` and `package-lock.json`. I'll let you know when it's done."
const CAPTURE = 'claude-evidence-verified.jsonl'
const allow = { bug_fix_claimed: false, reason: 'fake' }

/** The captured turn (Read, Edit, Bash that passed) with TEXT as its final text; without the Edit and its result when asked. */
function turnLines (edited: boolean): string[] {
  const lines = fixture(CAPTURE)
  const edit = lines.find(l => l.includes('"name":"Edit"'))!
  const id = JSON.parse(edit).message.content[0].id as string
  return lines.filter(l => edited || (l !== edit && !l.includes(`"tool_use_id":"${id}"`)))
    .map(l => l.replace('"command":"npm test"', '"command":"npm install"').replace('"All tests pass."', JSON.stringify(TEXT)))
}

async function setup (t: Test) {
  const dir = tempDir(t)
  const env = { ...TEST_ENV, HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex') }
  const api = await startFakeJudgeApi({ text: JSON.stringify({ 'bugfix-without-reproduction': allow }) })
  t.teardown(() => api.close())
  const { decisionLog, records } = recordingLog()
  const off = { mode: 'off' }
  const config = testConfig({ hooks: { commit: off, 'scope-check': off, 'scope-change': off, 'shallow-bugfix': off, 'unverified-claim': off } }, api.url)
  const { app } = await build(t, config, { env, decisionLog })
  const post = async (edited: boolean) => {
    const path = join(env.CLAUDE_CONFIG_DIR, 'projects', '-w', 'turn.jsonl')
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, turnLines(edited).join('\n') + '\n')
    await app.inject({ method: 'POST', url: '/judge', payload: claudeStop(TEXT, { transcript_path: path, cwd: dir, prompt_id: promptOf(CAPTURE) }) })
    await records.waitFor(1)
    return records.items.find(r => r.hook === 'bugfix-without-reproduction')?.source
  }
  return { api, post }
}

t.test('a turn that ran a command and edited nothing: let through at Layer 1, no model call', async t => {
  const s = await setup(t)
  t.equal(await s.post(false), 'layer1')
  t.equal(s.api.requests.length, 0)
})

t.test('the same reply after an edit goes to the judge', async t => {
  const s = await setup(t)
  t.equal(await s.post(true), 'judge')
  t.equal(s.api.requests.length, 1)
})
