// Steps from real captured transcripts (claude 2.1.197, codex 0.171.0, copilot 1.0.102): commands with exit status and output tail, edits, facts.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { copilot } from '../../server/agents/copilot/adapter.js'
import { createTranscriptReader } from '../../server/agents/transcript-reader.js'
import { checkClaims } from '../../server/evidence/claim-check.js'
import { findClaims } from '../../server/evidence/claims.js'
import { claudeTurn } from '../../server/agents/claude-code/transcript.js'
import { codexTurn } from '../../server/agents/codex/transcript.js'
import { copilotTurn } from '../../server/agents/copilot/transcript.js'
import { createUtterances, type TurnReader } from '../../server/agents/utterances.js'
import { factsOf } from '../../server/evidence/facts.js'
import { createStepLog } from '../../server/evidence/steps.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { tempDir, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { fixture } from './captured.js'

const classifier = createClassifier(testConfig().evidence)

/** One backwards pass over the lines, as the tail reader makes it: text and steps together. */
function read (lines: string[], reader: TurnReader) {
  const out = createUtterances()
  const log = createStepLog(classifier)
  for (let i = lines.length - 1; i >= 0; i--) if (reader(Buffer.from(lines[i]!), out, log) !== 'more') break
  const steps = log.steps()
  return { text: out.text(), steps, facts: factsOf(steps) }
}
const cmd = (command: string, status: string, exitCode?: number, extra: Record<string, unknown> = {}): object =>
  ({ kind: 'command', command, status, ...(exitCode === undefined ? {} : { exitCode }), ...extra })
const edit = (status = 'passed'): object => ({ kind: 'edit', paths: [/\/a\.txt$/], status })
const readers = { claude: () => claudeTurn({}), codex: () => codexTurn() }

t.test('the four scenarios, both agents: steps in order and the facts they give', async t => {
  const npmTest = (status: string, exitCode: number) => cmd('npm test', status, exitCode, { verification: true, tail: /> test\n> node -e/ })
  const cases: Array<[string, object[], object]> = [
    ['verified', [edit(), npmTest('passed', 0)], { verification_ran: true, verification_passed: true, verification_failed: false, edited_after_verification: false, verification_exempt: false }],
    ['no-run', [edit()], { verification_ran: false, verification_passed: false, verification_failed: false, edited_after_verification: false, verification_exempt: false }],
    ['failed-run', [edit(), npmTest('failed', 1)], { verification_ran: true, verification_passed: false, verification_failed: true, edited_after_verification: false, verification_exempt: false }],
    ['run-then-edit', [npmTest('passed', 0), edit()], { verification_ran: true, verification_passed: false, verification_failed: false, edited_after_verification: true, verification_exempt: false }]
  ]
  for (const [agent, reader] of Object.entries(readers)) {
    for (const [name, steps, facts] of cases) {
      const r = read(fixture(`${agent}-evidence-${name}.jsonl`), reader())
      t.equal(r.text, 'All tests pass.', `${agent} ${name}: the text`)
      t.match(r.steps.filter(s => s.kind !== 'tool'), steps, `${agent} ${name}: steps`)
      t.equal(r.steps.filter(s => s.kind !== 'tool').length, steps.length)
      t.strictSame(r.facts, facts, `${agent} ${name}: facts`)
    }
  }
})

t.test('Claude Code result shapes: exit codes from "Exit code N", timeouts, refused calls, a refused edit', async t => {
  const r = read(fixture('claude-evidence-shapes.jsonl'), claudeTurn({}))
  t.match(r.steps, [
    cmd('false', 'failed', 1, { verification: false }),
    cmd('exit 3', 'failed', 3),
    cmd('echo out; echo err >&2; exit 2', 'failed', 2, { tail: 'out\nerr' }),
    cmd('npm test 2>&1 | tail -3', 'passed', 0, { verification: true }),
    cmd('sleep 5', 'failed', 143, { tail: 'Command timed out after 1s' }),
    { kind: 'command', command: 'rm -rf nothing-here', status: 'error', exitCode: undefined, tail: /was blocked/ },
    { kind: 'edit', tool: 'Edit', status: 'error' }
  ])
  t.match(r.facts, { verification_passed: true }, 'a refused edit is no edit')
})

t.test('Codex result shapes: exit_code of CommandExecution items, apply_patch through exec_command as a FileChange', async t => {
  const r = read(fixture('codex-evidence-shapes.jsonl'), codexTurn())
  t.match(r.steps, [
    cmd('false', 'failed', 1), cmd('exit 3', 'failed', 3), cmd('echo out; echo err >&2; exit 2', 'failed', 2, { tail: /out/ }),
    cmd('npm test 2>&1 | tail -3', 'passed', 0, { verification: true }),
    { kind: 'command', command: 'rm -rf nothing-here', status: 'error', verification: false },
    { kind: 'edit', tool: 'apply_patch', paths: [/a\.txt$/], status: 'passed' }
  ])
  t.equal(r.steps.length, 6, 'a command the sandbox rejected has no item, only its refusal as output: it never ran')
})

t.test('Copilot result shapes: a shell call\'s exit code and output, a patch applied and one that failed', async t => {
  const r = read(fixture('copilot-evidence-shapes.jsonl'), copilotTurn())
  t.match(r.steps, [
    { kind: 'edit', tool: 'apply_patch', paths: [/\/src\/a\.ts$/], status: 'passed' },
    { kind: 'edit', tool: 'apply_patch', paths: ['src/missing.ts'], status: 'error' },
    cmd('npm test', 'passed', 0, { verification: true, checks: ['tests'], tail: /Tests: 3 passed, 3 total$/ }),
    cmd('echo boom >&2; exit 3', 'failed', 3, { tail: 'boom' })
  ])
  t.equal(r.steps.length, 4)
  t.equal(r.text, 'Editing.\n\nEditing a missing file.\n\nRunning.\n\nFailing one.\n\nAll tests pass.', 'the turn\'s messages')
  t.match(r.facts, { verification_ran: true })
  const blind = createUtterances()
  const reader = copilotTurn()
  const lines = fixture('copilot-evidence-shapes.jsonl')
  for (let i = lines.length - 1; i >= 0; i--) if (reader(Buffer.from(lines[i]!), blind) !== 'more') break
  t.equal(blind.text(), r.text, 'without a step log the same pass reads the same text')
})

t.test('a Copilot Stop carries its turn\'s evidence: a claim of a test run that is not there is unsupported', async t => {
  const home = tempDir(t)
  const path = join(home, '.copilot', 'session-state', 'c1', 'events.jsonl')
  mkdirSync(join(home, '.copilot', 'session-state', 'c1'), { recursive: true })
  // The captured turn without its `npm test` call: edits, then only a command that failed.
  const lines = fixture('copilot-evidence-shapes.jsonl').filter(l => !l.includes('call_fake_3_0'))
  writeFileSync(path, lines.join('\n') + '\n')
  const reader = createTranscriptReader({ enabled: true, roots: [], maxReadBytes: 1 << 20 }, { HOME: home }, 4000, classifier, testClock({ instantSleep: true }))
  const read = await reader.turnText(copilot.toEvent({ sessionId: 'c1', cwd: home, transcriptPath: path, stopReason: 'end_turn', stop_hook_active: false }))
  t.match(read.evidence?.steps, [{ kind: 'edit', status: 'passed' }, { kind: 'edit', status: 'error' }, cmd('echo boom >&2; exit 3', 'failed', 3)])
  t.match(checkClaims(findClaims(read.text), read.evidence!.steps), [{ type: 'tests', outcome: 'unsupported', evidence: /no tests command ran/ }])
})

t.test('a piped check exits with its pipe\'s status: its output decides', async t => {
  const line = (id: string, output: string, isError = false) => JSON.stringify({ type: 'user', promptId: 'p', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: output, is_error: isError }] }, toolUseResult: { stdout: output } })
  const use = (id: string, command: string) => JSON.stringify({ type: 'assistant', message: { id: `m-${id}`, content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] } })
  const lines = [
    JSON.stringify({ type: 'user', promptId: 'p', message: { role: 'user', content: 'go' } }),
    use('a', 'npm test 2>&1 | tail -5'), line('a', 'Tests: 2 failed, 40 passed'),
    use('b', 'cargo test; echo done'), line('b', 'test result: ok. 3 passed; 0 failed\ndone'),
    use('c', 'set -o pipefail; pytest | tee log'), line('c', 'FAILED tests/x.py::y'),
    use('d', 'ls | wc -l'), line('d', '1 failed')
  ]
  const r = read(lines, claudeTurn({ promptId: 'p' }))
  t.match(r.steps, [
    cmd('npm test 2>&1 | tail -5', 'failed', 0, { verification: true }),
    cmd('cargo test; echo done', 'passed', 0, { verification: true }),
    cmd('set -o pipefail; pytest | tee log', 'failed', 0, { verification: true }),
    cmd('ls | wc -l', 'passed', 0, { verification: false })
  ], 'a check\'s output reports its failures whatever its status says; an ordinary command is never judged by its output')
})

t.test('a message written twice yields its tool call once; calls of other tools are kept as plain tool steps', async t => {
  const lines = fixture('claude-evidence-verified.jsonl')
  const dup = lines.findIndex(l => l.includes('"name":"Bash"'))
  const r = read([...lines.slice(0, dup + 1), lines[dup]!, ...lines.slice(dup + 1)], claudeTurn({}))
  t.equal(r.steps.filter(s => s.kind === 'command').length, 1)
  t.match(r.steps, [{ kind: 'tool', tool: 'Read' }, { kind: 'edit' }, { kind: 'command' }])
})
