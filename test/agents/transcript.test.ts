// createTranscriptReader: allowed roots (after realpath), every fallback to last_assistant_message, and reads bounded by the turn.
import { execFileSync } from 'node:child_process'
import { appendFile, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import t from 'tap'
import { claudeCode } from '../../server/agents/claude-code/adapter.js'
import { codex } from '../../server/agents/codex/adapter.js'
import { copilot } from '../../server/agents/copilot/adapter.js'
import { droid } from '../../server/agents/droid/adapter.js'
import { createTranscriptReader, type TranscriptSettings } from '../../server/agents/transcript-reader.js'
import { transcriptRoots } from '../../server/agents/transcript-roots.js'
import { loadConfig } from '../../server/config/config.js'
import type { Clock } from '../../server/core/clock.js'
import { POLL_MS } from '../../server/agents/turn-scan.js'
import { claudeStop, codexStop, tempDir } from '../helper.js'
import { testClock } from '../helpers/clock.js'

const P = 'prompt-1' // claudeStop's prompt_id
const prompt = (text: string, promptId = P) => JSON.stringify({ type: 'user', promptId, message: { role: 'user', content: text } })
const said = (id: string, text: string) => JSON.stringify({ type: 'assistant', message: { id, role: 'assistant', content: [{ type: 'text', text }] } })
const big = (n: number) => JSON.stringify({ type: 'user', promptId: P, message: { role: 'user', content: [{ type: 'tool_result', content: 'x' }] }, toolUseResult: { stdout: 'x'.repeat(n) } })
const TURN = [prompt('old', 'prompt-0'), said('m0', 'OLD: I pushed it.'), prompt('fix the bug'), said('m1', 'I\'ll commit and push to main now.'), big(10), said('m2', 'Printed the greeting.')]

// A wait for the agent's next write costs no real time: the test clock moves by each sleep.
function setup (t: Parameters<typeof tempDir>[0], settings: Partial<TranscriptSettings> = {}, maxTextBytes = 4000, clock: Clock = testClock({ instantSleep: true })) {
  const root = tempDir(t)
  const env = { HOME: join(root, 'home'), CLAUDE_CONFIG_DIR: join(root, 'claude'), CODEX_HOME: join(root, 'codex') }
  const reader = createTranscriptReader({ enabled: true, roots: [], maxReadBytes: 1 << 20, ...settings }, env, maxTextBytes, undefined, clock)
  const write = async (path: string, lines: string[], end = '\n') => {
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, lines.join('\n') + end)
    return path
  }
  const stop = (path: string | undefined, last = 'Printed the greeting.', extra = {}) => claudeCode.toEvent(claudeStop(last, { transcript_path: path, ...extra }), 'Stop')
  return { root, env, reader, write, stop, projects: join(env.CLAUDE_CONFIG_DIR, 'projects', '-work') }
}

t.test('roots: the agents\' own dirs from the env given, plus configured ones (~ expanded)', async t => {
  t.strictSame(transcriptRoots({ HOME: '/h', CLAUDE_CONFIG_DIR: '/c', CODEX_HOME: '/x', COPILOT_HOME: '/g' }, ['~/logs', '/srv/t/']),
    ['/c/projects', '/h/.claude/projects', '/x/sessions', '/h/.codex/sessions', '/g/session-state', '/h/.copilot/session-state', '/h/.factory/sessions', '/h/.gemini/tmp', '/h/logs', '/srv/t'])
  t.strictSame(transcriptRoots({ HOME: '/h' }, []), ['/h/.claude/projects', '/h/.codex/sessions', '/h/.copilot/session-state', '/h/.factory/sessions', '/h/.gemini/tmp'])
})

t.test('a Claude transcript under $CLAUDE_CONFIG_DIR/projects: the turn\'s utterances, joined', async t => {
  const s = setup(t)
  const file = await s.write(join(s.projects, 's.jsonl'), TURN)
  t.strictSame(await s.reader.turnText(s.stop(file)), {
    text: 'I\'ll commit and push to main now.\n\nPrinted the greeting.', source: 'transcript', bytesRead: (await import('node:fs')).statSync(file).size
  })
})

t.test('a Codex rollout under $CODEX_HOME/sessions, by turn_id', async t => {
  const s = setup(t)
  const ev = (turn: string, type: string, id: string, text: string) => JSON.stringify({ type: 'event_msg', payload: { type: 'item_completed', turn_id: turn, item: { type, id, content: [{ type: 'Text', text }] } } })
  const file = await s.write(join(s.env.CODEX_HOME, 'sessions', '2026', '11', '29', 'rollout-x.jsonl'),
    [ev('t0', 'AgentMessage', 'a0', 'OLD'), ev('turn-1', 'UserMessage', 'u', 'go'), ev('turn-1', 'AgentMessage', 'a1', 'Deploying to prod now.'), ev('turn-1', 'AgentMessage', 'a2', 'Done.')])
  const r = await s.reader.turnText(codex.toEvent(codexStop('Done.', { transcript_path: file }), 'Stop'))
  t.match(r, { text: 'Deploying to prod now.\n\nDone.', source: 'transcript' })
})

t.test('paths outside the roots are never read, symlinks included', async t => {
  const s = setup(t)
  const outside = await s.write(join(s.root, 'elsewhere', 's.jsonl'), TURN)
  const viaLink = join(s.projects, 'link.jsonl')
  await mkdir(s.projects, { recursive: true })
  await symlink(outside, viaLink)
  const dirLink = join(s.projects, 'dirlink')
  await symlink(dirname(outside), dirLink)
  // A link from outside to a real transcript inside: the path the agent named is not its own data dir's.
  const inward = join(s.root, 'elsewhere', 'inward.jsonl')
  await symlink(await s.write(join(s.projects, '-w', 'real.jsonl'), TURN), inward)
  // A sibling whose name starts with the root's name is not under it.
  const root = join(s.env.CLAUDE_CONFIG_DIR, 'projects')
  const sibling = await s.write(`${root}-evil/-work/s.jsonl`, TURN)
  const beside = await s.write(`${root}.jsonl`, TURN)
  for (const path of [outside, viaLink, join(dirLink, 's.jsonl'), inward, sibling, beside, join(s.projects, '..', '..', '..', 'elsewhere', 's.jsonl'), '/etc/passwd', '/nonexistent/t.jsonl', 'projects/s.jsonl']) {
    t.strictSame(await s.reader.turnText(s.stop(path)), { text: 'Printed the greeting.', source: 'message', note: 'outside-roots', bytesRead: undefined }, path)
  }
  const notJsonl = await s.write(join(s.projects, 'notes.txt'), TURN)
  t.match(await s.reader.turnText(s.stop(notJsonl)), { source: 'message', note: 'outside-roots' }, 'only .jsonl files')
  t.equal(s.reader.scans, 0)
})

t.test('a root that is itself a symlink (even one created after startup) is followed', async t => {
  const s = setup(t)
  const real = join(s.root, 'real-claude')
  await s.write(join(real, 'projects', '-w', 's.jsonl'), TURN)
  await symlink(real, s.env.CLAUDE_CONFIG_DIR)
  const atStart = createTranscriptReader({ enabled: true, roots: [], maxReadBytes: 1 << 20 }, s.env, 4000)
  t.match(await atStart.turnText(s.stop(join(s.env.CLAUDE_CONFIG_DIR, 'projects', '-w', 's.jsonl'))), { source: 'transcript' })
  const early = setup(t) // its reader exists before the link does
  await symlink(real, early.env.CLAUDE_CONFIG_DIR)
  t.match(await early.reader.turnText(early.stop(join(early.env.CLAUDE_CONFIG_DIR, 'projects', '-w', 's.jsonl'))), { source: 'transcript' })
})

t.test('fallbacks to last_assistant_message, each named', async t => {
  const s = setup(t)
  const last = { text: 'Printed the greeting.', source: 'message' }
  t.match(await s.reader.turnText(s.stop(undefined)), { ...last, note: 'no-path' })
  t.match(await s.reader.turnText(s.stop(join(s.projects, 'gone.jsonl'))), { ...last, note: 'missing' })
  await mkdir(join(s.projects, 'dir.jsonl'), { recursive: true })
  t.match(await s.reader.turnText(s.stop(join(s.projects, 'dir.jsonl'))), { ...last, note: 'unreadable' })
  const broken = await s.write(join(s.projects, 'broken.jsonl'), [prompt('go'), '{"type":"assistant", oops', said('m2', 'Printed the greeting.')])
  t.match(await s.reader.turnText(s.stop(broken)), { ...last, note: 'malformed' })
  const quiet = await s.write(join(s.projects, 'quiet.jsonl'), [prompt('go')])
  t.match(await s.reader.turnText(s.stop(quiet)), { ...last, note: 'no-text' })
  const off = createTranscriptReader({ enabled: false, roots: [], maxReadBytes: 4096 }, s.env, 4000)
  t.match(await off.turnText(s.stop(broken)), { ...last, note: 'off' })
  const tool = claudeCode.toEvent({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git push' }, transcript_path: broken }, 'PreToolUse')
  t.strictSame(await s.reader.turnText(tool), { text: 'Bash git push', source: 'message', note: undefined, bytesRead: undefined }, 'tool events judge their own input')
})

t.test('a last line still being written is ignored; a last message not yet in the file is appended', async t => {
  const s = setup(t)
  const file = await s.write(join(s.projects, 'p.jsonl'), [...TURN, '{"type":"assistant","message":{"id":"m3","content":[{"type":"te'], '')
  t.match(await s.reader.turnText(s.stop(file, 'And now I will deploy.')), {
    text: 'I\'ll commit and push to main now.\n\nPrinted the greeting.\n\nAnd now I will deploy.', source: 'transcript'
  })
})

t.test('reads stop at the turn\'s start or once maxTextBytes of text is gathered, and at maxReadBytes', async t => {
  const s = setup(t, { maxReadBytes: 200_000 }, 400)
  const history = Array.from({ length: 3000 }, (_, i) => said(`h${i}`, `old message ${i} `.repeat(20)))
  const file = await s.write(join(s.projects, 'long.jsonl'), [...history, ...TURN])
  const r = await s.reader.turnText(s.stop(file))
  t.match(r, { source: 'transcript', text: 'I\'ll commit and push to main now.\n\nPrinted the greeting.' })
  t.ok(r.bytesRead! <= 64 * 1024, `only the tail was read (${r.bytesRead} bytes of a ${history.length * 300}-byte file)`)

  const chatty = await s.write(join(s.projects, 'chatty.jsonl'), [prompt('go'), ...Array.from({ length: 3000 }, (_, i) => said(`c${i}`, `step ${i} done. `.repeat(10)))])
  const c = await s.reader.turnText(s.stop(chatty, 'step 2999 done.'))
  t.ok(c.bytesRead! <= 64 * 1024 && Buffer.byteLength(c.text) >= 400, `stopped after ${Buffer.byteLength(c.text)} bytes of text`)

  const huge = await s.write(join(s.projects, 'huge.jsonl'), [prompt('go'), said('m1', 'I\'ll commit and push now.'), big(300_000), said('m2', 'Printed the greeting.')])
  const h = await s.reader.turnText(s.stop(huge))
  t.strictSame(h, { text: 'Printed the greeting.', source: 'transcript', bytesRead: 200_000, note: 'cap' }, 'the cap bounds the read; what was read is used')
})

t.test('hooks judging the same Stop at once share one read; a changed file is read again', async t => {
  const s = setup(t)
  const file = await s.write(join(s.projects, 's.jsonl'), TURN)
  const all = await Promise.all(Array.from({ length: 5 }, () => s.reader.turnText(s.stop(file))))
  t.equal(new Set(all.map(r => r.text)).size, 1)
  t.equal(s.reader.scans, 1)
  await s.write(file, [...TURN, said('m3', 'Pushed.')])
  t.match(await s.reader.turnText(s.stop(file, 'Pushed.')), { text: /Pushed\.$/ })
  t.equal(s.reader.scans, 2)
})

t.test('SubagentStop reads agent_transcript_path (sidechain lines), never the main transcript', async t => {
  const s = setup(t)
  const main = await s.write(join(s.projects, 'main.jsonl'), TURN)
  const sub = await s.write(join(s.projects, 'main', 'subagents', 'agent-1.jsonl'), [
    JSON.stringify({ type: 'user', isSidechain: true, promptId: P, message: { role: 'user', content: 'research X' } }),
    JSON.stringify({ type: 'assistant', isSidechain: true, message: { id: 's1', content: [{ type: 'text', text: 'Found X. Merging it now.' }] } })
  ])
  const ev = (extra: object) => claudeCode.toEvent(claudeStop('Found X. Merging it now.', { hook_event_name: 'SubagentStop', transcript_path: main, ...extra }), 'SubagentStop')
  t.match(await s.reader.turnText(ev({ agent_transcript_path: sub })), { text: 'Found X. Merging it now.', source: 'transcript' })
  t.match(await s.reader.turnText(ev({})), { source: 'message', note: 'no-path' })
})

t.test('config: transcripts.enabled / roots / maxReadBytes, checked with the rest', async t => {
  const cfg = loadConfig({ env: {}, file: '/dev/null' })
  t.strictSame(cfg.transcripts, { enabled: true, roots: [], maxReadBytes: 8388608 })
  const own = loadConfig({ env: {}, file: '/dev/null', overrides: { transcripts: { enabled: false, roots: ['~/agent-logs', '/srv/t'], maxReadBytes: 65536 } } })
  t.strictSame(own.transcripts, { enabled: false, roots: ['~/agent-logs', '/srv/t'], maxReadBytes: 65536 })
  t.throws(() => loadConfig({ env: {}, file: '/dev/null', overrides: { transcripts: { enabled: 'yes', roots: ['relative/dir'], maxReadBytes: 10 } } }),
    /transcripts\.enabled[\s\S]*transcripts\.roots\[0\][\s\S]*transcripts\.maxReadBytes/)
})

t.test('a transcript that is a FIFO is refused at once and holds no file thread', async t => {
  const s = setup(t)
  await mkdir(s.projects, { recursive: true })
  const fifos = ['a', 'b', 'c', 'd', 'e'].map(n => join(s.projects, `${n}.jsonl`))
  execFileSync('mkfifo', fifos)
  // libuv has four file threads: five FIFOs opened without O_NONBLOCK would hold them all, and the read below would hang.
  const refused = await Promise.all(fifos.map(f => s.reader.turnText(s.stop(f))))
  t.strictSame(refused.map(r => r.note), ['unreadable', 'unreadable', 'unreadable', 'unreadable', 'unreadable'])
  const file = await s.write(join(s.projects, 'ok.jsonl'), TURN)
  t.match(await s.reader.turnText(s.stop(file)), { source: 'transcript', text: /Printed the greeting\.$/ }, 'other transcripts still read')
})

t.test('Copilot: agentStop comes before its events are in events.jsonl; the read starts at this stop\'s own hook.start', async t => {
  const clock = testClock()
  const s = setup(t, {}, 4000, clock)
  const lines = (await readFile(new URL('../fixtures/transcripts/copilot-block-turn.jsonl', import.meta.url), 'utf8')).trim().split('\n')
  const starts = lines.flatMap((l, i) => l.includes('"type":"hook.start"') ? [i] : [])
  const path = join(s.env.HOME, '.copilot', 'session-state', 'c1', 'events.jsonl')
  const stop = (timestamp: number) => copilot.toEvent({ sessionId: 'c1', timestamp, cwd: '/p', transcriptPath: path, stopReason: 'end_turn', stop_hook_active: false })
  // The second stop, after a block: the file still ends with the first stop's turn, and the feedback is not in yet.
  await s.write(path, lines.slice(0, starts[0]! + 2))
  const pending = s.reader.turnText(stop(1796165349876))
  t.equal(await Promise.race([clock.sleeping().then(() => 'waiting'), pending.then(() => 'answered')]), 'waiting', 'no text of this stop yet: the reader waits')
  await appendFile(path, lines.slice(starts[0]! + 2, starts[1]! + 1).join('\n') + '\n')
  clock.advance(POLL_MS)
  t.match(await pending, { text: 'Ran npm test: 12 passed.', source: 'transcript' }, 'not the proposal it was already told about')
  t.ok(s.reader.scans >= 2, 'read again once the file grew')
  t.match(await s.reader.turnText(stop(1796165349828)), { text: 'Tests written. I\'ll commit and push to main now.' }, 'the first stop, read later, is still its own turn')
})

t.test('Droid: Stop sends no text; the turn is the assistant text since the last user text, in its session file', async t => {
  const s = setup(t)
  const path = join(s.env.HOME, '.factory', 'sessions', '-p', 'd1.jsonl')
  const msg = (id: string, role: string, content: unknown[]) => JSON.stringify({ type: 'message', id, timestamp: '2026-12-06T01:29:26.000Z', message: { role, content } })
  const text = (t: string) => ({ type: 'text', text: t })
  await s.write(path, [
    JSON.stringify({ type: 'session_start', id: 'd1', cwd: '/p' }),
    msg('context-1', 'user', [text('<system-reminder>skills</system-reminder>')]),
    msg('u1', 'user', [text('add the tests')]),
    msg('a1', 'assistant', [text('Writing them.'), { type: 'tool_use', id: 'c1', name: 'Execute', input: { command: 'npm test' } }]),
    msg('u2', 'user', []),
    msg('u3', 'user', [{ type: 'tool_result', tool_use_id: 'c1', content: 'ok' }]),
    msg('a2', 'assistant', [text('All done. I will commit and push to main now.')])
  ])
  const stop = (extra = {}) => droid.toEvent({ session_id: 'd1', transcript_path: path, cwd: '/p', hook_event_name: 'Stop', message_id: 'a2', stop_hook_active: false, ...extra }, 'Stop')
  t.match(await s.reader.turnText(stop()), { text: 'Writing them.\n\nAll done. I will commit and push to main now.', source: 'transcript' },
    'tool results and empty user messages are inside the turn; the prompt starts it')
  await appendFile(path, [msg('u4', 'user', [text('hookjudge (commit): verify first')]), msg('a3', 'assistant', [text('Ran npm test: 12 passed.')])].join('\n') + '\n')
  t.match(await s.reader.turnText(stop({ message_id: 'a3', stop_hook_active: true })), { text: 'Ran npm test: 12 passed.' }, 'after a block, only what followed its reason')
  t.match(await s.reader.turnText(droid.toEvent({ hook_event_name: 'SubagentStop', task_result: 'Subtask done.' }, 'SubagentStop')), { text: 'Subtask done.', source: 'message' }, 'SubagentStop: its task_result')
})
