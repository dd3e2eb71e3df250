// Codex rollouts of every version: the raw response_item / event_msg records give the turn's text and steps, and a format
// nothing is understood of gives no facts (never "no verification ran").
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import t from 'tap'
import { codexTurn } from '../../server/agents/codex/transcript.js'
import { codex } from '../../server/agents/codex/adapter.js'
import { createTranscriptReader } from '../../server/agents/transcript-reader.js'
import { factsOf } from '../../server/evidence/facts.js'
import { createStepLog } from '../../server/evidence/steps.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { createUtterances } from '../../server/agents/utterances.js'
import { codexStop, tempDir, testConfig } from '../helper.js'
import { fixture } from './captured.js'

const classifier = createClassifier(testConfig().evidence)

/** The reader over lines (last first), as scanTurn drives it. */
function read (lines: string[], turnId?: string) {
  const out = createUtterances()
  const steps = createStepLog(classifier)
  const reader = codexTurn(turnId)
  let boundary = false
  for (let i = lines.length - 1; i >= 0 && !boundary; i--) boundary = reader(Buffer.from(lines[i]!), out, steps) === 'boundary'
  return { text: out.text(), steps: steps.steps(), boundary }
}

// A real rollout of September 2025 (bare lines, no envelope, the `shell` tool answering JSON with metadata.exit_code):
// AcidicSoil/codex-session-viewer@a270ef6 docs/example.jsonl, lines 1-4 and 386-426, long strings cut.
const LEGACY = fixture('codex-real-legacy-2025-09.jsonl')

t.test('2025 bare-line rollout: the last turn\'s text, its edits and its other tool calls', async t => {
  const r = read(LEGACY)
  t.ok(r.boundary, 'the user prompt ends the turn')
  t.match(r.text, /^Under browser constraints, true “automatic” access/)
  t.match(r.steps, [
    { kind: 'edit', tool: 'apply_patch', paths: ['src/utils/session-db.ts'], status: 'passed' },
    { kind: 'edit', tool: 'apply_patch', paths: ['src/App.tsx'], status: 'passed' },
    { kind: 'tool', tool: 'gitmcp__fetch_generic_url_content' }
  ])
  t.equal(r.steps.length, 3)
})

t.test('2025 bare-line rollout: the turn before, with its check and exit code', async t => {
  const before = LEGACY.slice(0, LEGACY.findIndex(l => l.includes('no, i want it to automatically connect')))
  const r = read(before)
  t.match(r.text, /^I’m going to update the scanner[\s\S]*\*\*Fix Applied\*\*/)
  t.match(r.steps.map(s => s.kind), ['edit', 'edit', 'edit', 'command'])
  t.match(r.steps.at(-1), { kind: 'command', command: 'npm run -s typecheck && npm run -s test -- --pool=threads', status: 'passed', exitCode: 0, verification: true })
  t.match(factsOf(r.steps), { verification_ran: true, verification_passed: true, edited_after_verification: false }, 'npm run -s … counts as a check')
})

// A real `codex exec` rollout of 0.135 (texts redacted by its publisher): kvsankar/agent-history@9a7a78b
// tests/fixtures/real_sessions/codex/session-01.jsonl. No item_completed lines; the message is a response_item.
t.test('0.135 rollout without the typed view: the message is read from its response_item', async t => {
  const r = read(fixture('codex-real-0.135-exec.jsonl'), '019e9625-806b-7343-9798-a7ca2de29a04')
  t.equal(r.text, '[REDACTED_ASSISTANT_TEXT]')
  t.strictSame(r.steps, [])
})

// Shapes of 0.77–0.104 calls as documented by other rollout parsers (no public rollout of these versions was found).
t.test('exec_command_end, patch_apply_end, custom_tool_call and local_shell_call answer their calls', async t => {
  const ev = (payload: object) => JSON.stringify({ timestamp: 't', type: 'event_msg', payload })
  const ri = (payload: object) => JSON.stringify({ timestamp: 't', type: 'response_item', payload })
  const lines = [
    ev({ type: 'task_started', turn_id: 'T' }),
    ri({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'fix it' }] }),
    ri({ type: 'custom_tool_call', status: 'completed', call_id: 'c1', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch' }),
    ev({ type: 'patch_apply_end', call_id: 'c1', turn_id: 'T', success: true, changes: { 'src/a.ts': { type: 'update' } } }),
    ri({ type: 'custom_tool_call_output', call_id: 'c1', output: 'Success. Updated the following files:\nM src/a.ts' }),
    ri({ type: 'function_call', name: 'shell_command', arguments: JSON.stringify({ command: 'npm test' }), call_id: 'c2' }),
    ev({ type: 'exec_command_end', call_id: 'c2', turn_id: 'T', command: ['bash', '-lc', 'npm test'], exit_code: 1, aggregated_output: '1 failing' }),
    ri({ type: 'function_call_output', call_id: 'c2', output: 'Exit code: 1\nWall time: 2 seconds\nOutput:\n1 failing' }),
    ri({ type: 'local_shell_call', call_id: 'c3', status: 'completed', action: { type: 'exec', command: ['bash', '-lc', 'npx tsc --noEmit'] } }),
    ri({ type: 'function_call_output', call_id: 'c3', output: 'Process exited with code 0\nOutput:\n' }),
    ri({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Fixed; tsc is clean.' }] })
  ]
  const r = read(lines, 'T')
  t.equal(r.text, 'Fixed; tsc is clean.')
  t.match(r.steps, [
    { kind: 'edit', tool: 'apply_patch', paths: ['src/a.ts'], status: 'passed' },
    { kind: 'command', command: 'npm test', status: 'failed', exitCode: 1, verification: true },
    { kind: 'command', tool: 'local_shell', command: 'npx tsc --noEmit', status: 'passed', exitCode: 0, verification: true }
  ])
})

t.test('a rollout of a format nothing is understood of gives no facts, not "no verification ran"', async t => {
  const root = tempDir(t)
  const env = { HOME: join(root, 'home'), CODEX_HOME: join(root, 'codex') }
  const reader = createTranscriptReader({ enabled: true, roots: [], maxReadBytes: 1 << 20 }, env, 4000, classifier)
  const path = join(env.CODEX_HOME, 'sessions', '2027', '01', '01', 'rollout-future.jsonl')
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, [{ kind: 'turn.begin', turn: 'T' }, { kind: 'say', text: 'All tests pass.' }].map(l => JSON.stringify(l)).join('\n') + '\n')
  const r = await reader.turnText(codex.toEvent(codexStop('All tests pass.', { transcript_path: path, turn_id: 'T' }), 'Stop'))
  t.equal(r.source, 'message', 'the judge text falls back to the hook\'s message')
  t.equal(r.evidence, undefined, 'and there are no facts to decide with')
})
