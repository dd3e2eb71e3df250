// One backwards read of the transcript yields the turn's text and its evidence; it reads on past the text cap only until the facts are sure.
import { appendFile, mkdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import t from 'tap'
import { claudeCode } from '../../server/agents/claude-code/adapter.js'
import { codex } from '../../server/agents/codex/adapter.js'
import { createTranscriptReader } from '../../server/agents/transcript-reader.js'
import { FLUSH_WAIT_MS, POLL_MS } from '../../server/agents/turn-scan.js'
import type { Clock } from '../../server/core/clock.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { claudeStop, codexStop, tempDir, testConfig } from '../helper.js'
import { type TestClock, testClock } from '../helpers/clock.js'
import { fixture, place, promptOf, turnOf } from './captured.js'

const classifier = createClassifier(testConfig().evidence)
const waited = (clock: TestClock) => clock.slept.reduce((a, b) => a + b, 0)

// A wait for the agent's next write costs no real time: the test clock moves by each sleep.
function setup (t: Parameters<typeof tempDir>[0], maxTextBytes = 4000, maxReadBytes = 1 << 20, clock: Clock = testClock({ instantSleep: true })) {
  const root = tempDir(t)
  const env = { HOME: join(root, 'home'), CLAUDE_CONFIG_DIR: join(root, 'claude'), CODEX_HOME: join(root, 'codex') }
  const reader = createTranscriptReader({ enabled: true, roots: [], maxReadBytes }, env, maxTextBytes, classifier, clock)
  const textOnly = createTranscriptReader({ enabled: true, roots: [], maxReadBytes }, env, maxTextBytes, undefined, clock)
  const write = async (name: string, lines: string[]) => {
    const path = join(env.CLAUDE_CONFIG_DIR, 'projects', '-w', name)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, lines.join('\n') + '\n')
    return path
  }
  return { reader, textOnly, env, write, clock }
}

t.test('a Claude and a Codex turn: text and evidence from one scan, shared by concurrent hooks', async t => {
  const s = setup(t)
  const file = await place(s.env, 'claude-evidence-failed-run.jsonl')
  const ev = claudeCode.toEvent(claudeStop('All tests pass.', { transcript_path: file, prompt_id: promptOf('claude-evidence-failed-run.jsonl') }), 'Stop')
  const all = await Promise.all([1, 2, 3].map(() => s.reader.turnText(ev)))
  t.equal(s.reader.scans, 1, 'one file read for every hook')
  t.match(all[0], { text: 'All tests pass.', source: 'transcript', evidence: { partial: false, facts: { verification_ran: true, verification_failed: true, verification_passed: false } } })
  t.match(all[0]!.evidence!.steps.at(-1), { kind: 'command', command: 'npm test', exitCode: 1 })

  const cx = await place(s.env, 'codex-evidence-run-then-edit.jsonl')
  const r = await s.reader.turnText(codex.toEvent(codexStop('All tests pass.', { transcript_path: cx, turn_id: turnOf('codex-evidence-run-then-edit.jsonl') }), 'Stop'))
  t.match(r, { text: 'All tests pass.', evidence: { facts: { verification_ran: true, edited_after_verification: true, verification_passed: false } } })
  t.notOk('evidence' in await s.textOnly.turnText(ev), 'a reader without a classifier reads text only')
})

const said = (id: string, text: string) => JSON.stringify({ type: 'assistant', message: { id, content: [{ type: 'text', text }] } })
const use = (id: string, name: string, input: object) => JSON.stringify({ type: 'assistant', message: { id: `m-${id}`, content: [{ type: 'tool_use', id, name, input }] } })
const result = (id: string, content: string) => JSON.stringify({ type: 'user', promptId: 'prompt-1', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, is_error: false }] }, toolUseResult: { stdout: content } })
const prompt = (id: string) => JSON.stringify({ type: 'user', promptId: id, message: { role: 'user', content: 'go' } })
const chatter = (n: number) => Array.from({ length: n }, (_, i) => said(`c${i}`, `step ${i} done. `.repeat(10)))

t.test('past the text cap the scan goes on for the steps until the turn\'s last edit (every run a claim rests on follows it), never into the history', async t => {
  const s = setup(t, 400)
  const history = Array.from({ length: 6000 }, (_, i) => said(`h${i}`, `old ${i} `.repeat(30)))
  const turn = [prompt('prompt-1'), use('e', 'Edit', { file_path: '/p/a.ts' }), result('e', 'ok'), use('v', 'Bash', { command: 'npm test' }), result('v', '42 passing'), ...chatter(1500)]
  const file = await s.write('long.jsonl', [...history, ...turn])
  const stop = claudeCode.toEvent(claudeStop('step 1499 done.', { transcript_path: file }), 'Stop')
  const text = await s.textOnly.turnText(stop)
  const both = await s.reader.turnText(stop)
  t.equal(both.text, text.text, 'the same text')
  t.ok(text.bytesRead! < 64 * 1024, `text alone stops early (${text.bytesRead} bytes)`)
  const size = (await stat(file)).size
  t.ok(both.bytesRead! > text.bytesRead! && both.bytesRead! < size, `the facts needed more of the turn, not the history (${both.bytesRead} of ${size} bytes)`)
  t.match(both.evidence, { partial: true, facts: { verification_ran: true, verification_passed: true } }, 'stopped at the last edit, before the turn\'s start')
  t.match(both.evidence!.steps, [{ kind: 'edit', paths: ['/p/a.ts'] }, { kind: 'command', command: 'npm test', status: 'passed', checks: ['tests'] }], 'the last edit and every step after it')
})

t.test('a turn longer than maxReadBytes without a verification in reach has no evidence: unsure facts are no facts', async t => {
  const s = setup(t, 400, 64 * 1024)
  const file = await s.write('capped.jsonl', [prompt('prompt-1'), use('e', 'Edit', { file_path: '/p/a.ts' }), result('e', 'ok'), ...chatter(1500)])
  const r = await s.reader.turnText(claudeCode.toEvent(claudeStop('step 1499 done.', { transcript_path: file }), 'Stop'))
  t.match(r, { source: 'transcript', note: 'cap' })
  t.notOk('evidence' in r)
  t.match(await s.reader.turnText(claudeCode.toEvent(claudeStop('x', { transcript_path: undefined }), 'Stop')), { note: 'no-path', evidence: undefined })
})

t.test('a Stop that arrives before Claude Code\'s next transcript write waits for it: the last test run is not lost', async t => {
  const clock = testClock()
  const s = setup(t, 4000, 1 << 20, clock)
  const lines = fixture('claude-evidence-verified.jsonl')
  const cut = lines.findIndex(l => l.includes('"tool_result"') && l.includes('node -e 0'))
  const path = await s.write('lagging.jsonl', lines.slice(0, cut))
  const stop = claudeCode.toEvent(claudeStop('All tests pass.', { transcript_path: path, prompt_id: promptOf('claude-evidence-verified.jsonl') }), 'Stop')
  const pending = s.reader.turnText(stop)
  t.equal(await Promise.race([clock.sleeping().then(() => 'waiting'), pending.then(() => 'answered')]), 'waiting', 'the file lacks the last message: the reader waits')
  t.equal(s.reader.scans, 1)
  // The agent's writer catches up (its 100 ms flush) while the daemon waits; then the next poll is due.
  await appendFile(path, lines.slice(cut).join('\n') + '\n')
  clock.advance(POLL_MS)
  const r = await pending
  t.equal(s.reader.scans, 2, 'read again once the file grew')
  t.match(r, { text: 'All tests pass.', source: 'transcript', evidence: { facts: { verification_passed: true } } })
  t.match(r.evidence!.steps.at(-1), { command: 'npm test', status: 'passed' })
})

t.test('a transcript not created yet (the agent\'s first write is still due) is waited for, a bounded time', async t => {
  const clock = testClock({ instantSleep: true })
  const s = setup(t, 4000, 1 << 20, clock)
  const path = join(s.env.CLAUDE_CONFIG_DIR, 'projects', '-w', 'not-yet.jsonl')
  const stop = claudeCode.toEvent(claudeStop('All tests pass.', { transcript_path: path }), 'Stop')
  t.match(await s.reader.turnText(stop), { source: 'message', note: 'missing' })
  t.equal(waited(clock), FLUSH_WAIT_MS, 'waited for the first write, FLUSH_WAIT_MS and no longer')
  t.match(await s.textOnly.turnText(stop), { note: 'missing' })
  t.equal(waited(clock), FLUSH_WAIT_MS, 'the text alone does not wait: the last message is enough')
})
