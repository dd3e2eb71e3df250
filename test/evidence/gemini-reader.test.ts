// Gemini CLI's chat recording (0.61.0, captured against a loopback fake): its shell calls and edits as steps, its text, a
// Stop that carries them, and the turn after a block.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { gemini } from '../../server/agents/gemini/adapter.js'
import { geminiStep, shellResult } from '../../server/agents/gemini/steps.js'
import { geminiTurn } from '../../server/agents/gemini/transcript.js'
import { createTranscriptReader } from '../../server/agents/transcript-reader.js'
import { createUtterances } from '../../server/agents/utterances.js'
import { checkClaims } from '../../server/evidence/claim-check.js'
import { findClaims } from '../../server/evidence/claims.js'
import { createStepLog } from '../../server/evidence/steps.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { tempDir, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { fixture } from './captured.js'

const classifier = createClassifier(testConfig().evidence)
const SHAPES = 'gemini-evidence-shapes.jsonl'

function read (lines: string[]) {
  const out = createUtterances()
  const log = createStepLog(classifier)
  const reader = geminiTurn()
  for (let i = lines.length - 1; i >= 0; i--) if (reader(Buffer.from(lines[i]!), out, log) !== 'more') break
  return { text: out.text(), steps: log.steps() }
}

t.test('shell calls with their exit code and output, an edit applied and one that failed, the turn\'s text', async t => {
  const r = read(fixture(SHAPES))
  t.match(r.steps, [
    { kind: 'edit', tool: 'replace', paths: [/\/a\.txt$/], status: 'passed' },
    { kind: 'edit', tool: 'replace', paths: [/\/missing\.txt$/], status: 'error' },
    { kind: 'command', command: 'npm test', status: 'passed', exitCode: 0, checks: ['tests'], tail: /Tests: 3 passed, 3 total$/ },
    { kind: 'command', command: 'echo boom >&2; exit 3', status: 'failed', exitCode: 3, tail: 'boom' }
  ])
  t.equal(r.steps.length, 4, 'a message written twice (before and after its calls ran) gives its calls once')
  t.equal(r.text, 'Editing.\n\nEditing a missing file.\n\nRunning.\n\nFailing one.\n\nAll tests pass.')
})

t.test('the shell output\'s own fields: the last Exit Code line is the status, the output ends where the fields start', async t => {
  t.strictSame(shellResult('<untrusted_context>\nOutput: Exit Code: 0\nExit Code: 2\nProcess Group PGID: 1\n</untrusted_context>'), { output: 'Exit Code: 0', exitCode: 2 })
  t.strictSame(shellResult('<untrusted_context>\nOutput: ok\nall good\nProcess Group PGID: 9\n</untrusted_context>'), { output: 'ok\nall good', exitCode: 0 })
  // Older releases print every field: "(none)" when unset, and a signal when one ended the command.
  const old = (exit: string, signal: string) => `Command: npm test\nDirectory: (root)\nOutput: 3 passed\nError: (none)\nExit Code: ${exit}\nSignal: ${signal}\nBackground PIDs: (none)\nProcess Group PGID: 7`
  t.strictSame(shellResult(old('0', '(none)')), { output: '3 passed', exitCode: 0 })
  t.strictSame(shellResult(old('(none)', '9')), { output: '3 passed', exitCode: 0, killed: true })
  const call = (output: string, status = 'success') => geminiStep({ id: 'c', name: 'run_shell_command', args: { command: 'npm test' }, result: [{ functionResponse: { response: { output } } }], status }, classifier)
  t.match(call(old('(none)', '9')), { kind: 'command', status: 'error' }, 'killed by a signal: no status of its own')
  t.match(call(old('0', '(none)')), { kind: 'command', status: 'passed', exitCode: 0 })
  t.match(call('', 'cancelled'), { kind: 'command', status: 'error' }, 'cancelled before it ran')
})

t.test('a Gemini Stop carries its turn\'s evidence; after a block, only what came since', async t => {
  const home = tempDir(t)
  const dir = join(home, '.gemini', 'tmp', 'proj', 'chats')
  mkdirSync(dir, { recursive: true })
  const reader = createTranscriptReader({ enabled: true, roots: [], maxReadBytes: 1 << 20 }, { HOME: home }, 4000, classifier, testClock({ instantSleep: true }))
  const stop = async (lines: string[], text: string) => {
    const path = join(dir, `session-${lines.length}.jsonl`)
    writeFileSync(path, lines.join('\n') + '\n')
    const r = await reader.turnText(gemini.toEvent({ hook_event_name: 'AfterAgent', session_id: 's', cwd: home, transcript_path: path, prompt_response: text }, 'Stop'))
    return { r, claims: checkClaims(findClaims(r.text), r.evidence?.steps ?? []) }
  }
  const all = fixture(SHAPES)
  // The captured project's test script only prints its tally (so the run proves nothing); a real runner's output instead:
  const ran = all.map(l => l.replace(/> g@1\.0\.0 test\\n> node -e \\"console\.log\('Tests: 3 passed, 3 total'\)\\"\\n\\n/g, ''))
  t.match((await stop(all, 'All tests pass.')).claims, [{ type: 'tests', outcome: 'unsupported', evidence: /only prints text/ }])
  const whole = await stop(ran, 'Editing.\nEditing a missing file.\nRunning.\nFailing one.\nAll tests pass.')
  t.match(whole.claims, [{ type: 'tests', outcome: 'supported', command: 'npm test' }])
  t.equal(whole.r.text, 'Editing.\n\nEditing a missing file.\n\nRunning.\n\nFailing one.\n\nAll tests pass.', 'the replies once, not again from prompt_response')
  const untested = all.filter(l => !l.includes('"command":"npm test"'))
  const without = await stop(untested, 'All tests pass.')
  t.match(without.r, { source: 'transcript', evidence: { steps: [{ kind: 'edit' }, { kind: 'edit' }, { kind: 'command', status: 'failed' }] } })
  t.match(without.claims, [{ type: 'tests', outcome: 'unsupported', evidence: /no tests command ran/ }])
  // Gemini sends a block's reason as the next user message: the turn read then starts after it.
  const feedback = JSON.stringify({ id: 'u9', timestamp: '2026-12-07T06:52:00.000Z', type: 'user', content: [{ text: 'hookjudge (unverified-claim): you said “All tests pass.” …' }] })
  const after = JSON.stringify({ id: 'g9', timestamp: '2026-12-07T06:52:01.000Z', type: 'gemini', content: 'I did not run the tests.', model: 'gemini-2.5-flash' })
  // Its prompt_response then still holds every reply of the turn, the one before the block too: the file's text is judged.
  const next = await stop([...all, feedback, after], 'Editing.\nEditing a missing file.\nRunning.\nFailing one.\nAll tests pass.\nI did not run the tests.')
  t.equal(next.r.text, 'I did not run the tests.')
  t.strictSame(next.r.evidence?.steps, [], 'no step of the turn before the block')
})
