// A bug-fix report from a turn that only read files: the bug-fix scorers' quiet threshold lets it through without a
// model call; the same reply after an edit is judged; a transcript still behind is read again before it is let through.
import { appendFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Test } from 'tap'
import t from 'tap'
import { FLUSH_WAIT_MS, POLL_MS } from '../../server/agents/turn-scan.js'
import { recordingLog } from '../helpers/arrivals.js'
import { testClock } from '../helpers/request-clock.js'
import { fixture, promptOf } from '../evidence/captured.js'
import { startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, TEST_ENV, tempDir, testConfig } from '../helper.js'

// Scores between the shipped bug-fix models' two thresholds: judged after an edit, not after a turn of reads.
const TEXT = 'Done. I fixed the off-by-one error in the pager; the last page shows now.'
const CAPTURE = 'claude-evidence-no-run.jsonl'
const allow = { new_proposal: false, retraction_or_quote: false, reason: 'fake' }

/** The captured turn (Read, Edit, final text) with TEXT as its final text; quiet: without the Edit and its result. */
function turnLines (quiet: boolean): string[] {
  const lines = fixture(CAPTURE)
  const edit = lines.find(l => l.includes('"name":"Edit"'))!
  const id = JSON.parse(edit).message.content[0].id as string
  return lines.filter(l => !quiet || (l !== edit && !l.includes(`"tool_use_id":"${id}"`)))
    .map(l => l.includes('"All tests pass."') ? l.replace('"All tests pass."', JSON.stringify(TEXT)) : l)
}

async function setup (t: Test, claims = false) {
  const dir = tempDir(t)
  const env = { ...TEST_ENV, HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex') }
  const api = await startFakeJudgeApi({ text: JSON.stringify({ 'shallow-bugfix': allow, 'bugfix-without-reproduction': allow }) })
  t.teardown(() => api.close())
  const clock = testClock()
  const { decisionLog, records } = recordingLog()
  const off = { mode: 'off' }
  const config = testConfig({ hooks: { commit: off, 'scope-check': off, 'scope-change': off, ...(claims ? {} : { 'unverified-claim': off }) } }, api.url)
  const { app, runtime } = await build(t, config, { env, clock, decisionLog })
  const write = async (name: string, lines: string[]) => {
    const path = join(env.CLAUDE_CONFIG_DIR, 'projects', '-w', name)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, lines.join('\n') + '\n')
    return path
  }
  // Both hooks' records, in hook order (waitFor(2) resolves once the second is written).
  const both = async () => { await records.waitFor(2); return records.items.map(r => [r.hook, r.source]).sort() }
  const post = (path: string, text = TEXT) => app.inject({ method: 'POST', url: '/judge', payload: claudeStop(text, { transcript_path: path, cwd: dir, prompt_id: promptOf(CAPTURE) }) })
  return { api, clock, both, runtime, write, post }
}

t.test('a turn that only read: both bug-fix hooks let the report through at Layer 1, no model call', async t => {
  const s = await setup(t)
  const res = await s.post(await s.write('quiet.jsonl', turnLines(true)))
  t.strictSame(res.json(), {})
  t.equal(s.api.requests.length, 0, 'no model call')
  t.strictSame(await s.both(), [['bugfix-without-reproduction', 'layer1'], ['shallow-bugfix', 'layer1']])
  t.strictSame(s.clock.waits, [], 'a transcript that holds the last message is not waited for')
})

t.test('the same reply after an edit goes to the judge: one call for both hooks', async t => {
  const s = await setup(t)
  const res = await s.post(await s.write('edit.jsonl', turnLines(false)))
  t.strictSame(res.json(), {})
  t.equal(s.api.requests.length, 1)
  t.strictSame(await s.both(), [['bugfix-without-reproduction', 'judge'], ['shallow-bugfix', 'judge']])
})

t.test('a quiet turn whose transcript is behind: read again once written, then let through', async t => {
  const s = await setup(t)
  const lines = turnLines(true)
  const path = await s.write('lagging.jsonl', lines.slice(0, -2))
  // Claude Code writes the final text on its next flush, while the daemon waits.
  s.clock.onWait = (_ms, i) => { if (i === 0) appendFileSync(path, lines.slice(-2).join('\n') + '\n') }
  const res = await s.post(path)
  t.strictSame(res.json(), {})
  t.ok(s.clock.waits.length > 0, 'it waited for the write')
  t.equal(s.runtime().transcripts.scans, 2, 'read again')
  t.equal(s.api.requests.length, 0, 'no model call')
  t.strictSame(await s.both(), [['bugfix-without-reproduction', 'layer1'], ['shallow-bugfix', 'layer1']])
})

t.test('a transcript behind that shows an edit once written: judged', async t => {
  const s = await setup(t)
  const lines = turnLines(false)
  const at = lines.findIndex(l => l.includes('"name":"Edit"'))
  const path = await s.write('lagging-edit.jsonl', lines.slice(0, at))
  s.clock.onWait = (_ms, i) => { if (i === 0) appendFileSync(path, lines.slice(at).join('\n') + '\n') }
  await s.post(path)
  t.equal(s.runtime().transcripts.scans, 2, 'read again')
  t.equal(s.api.requests.length, 1, 'the edit it found sends the reply to the judge')
})

t.test('a transcript that never catches up: judged as any other turn (the normal threshold)', async t => {
  const s = await setup(t)
  const path = await s.write('stuck.jsonl', turnLines(true).slice(0, -2))
  await s.post(path)
  t.equal(s.api.requests.length, 1)
  t.strictSame(await s.both(), [['bugfix-without-reproduction', 'judge'], ['shallow-bugfix', 'judge']])
})

t.test('a transcript that never catches up, with a claim the facts must check too: one flush wait for the request, not two', async t => {
  const s = await setup(t, true)
  const claim = `${TEXT} All tests pass.`
  const path = await s.write('stuck-claim.jsonl', turnLines(true).map(l => l.replace(JSON.stringify(TEXT), JSON.stringify(claim))).slice(0, -2))
  await s.post(path, claim)
  t.strictSame(s.clock.waits, Array(FLUSH_WAIT_MS / POLL_MS).fill(POLL_MS), `polls every ${POLL_MS} ms for ${FLUSH_WAIT_MS} ms, once`)
})
