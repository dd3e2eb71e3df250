// The real `claude -p` (and `codex exec`, `gemini -p`), wired by `install … --hooks unverified-claim` to an in-process daemon with NO judge
// backend: "All tests pass." with no test run is blocked by the facts alone; after the agent runs `npm test`, the claim passes.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Test } from 'tap'
import t from 'tap'
import { startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { startFakeGemini } from '../fixtures/fake-gemini.js'
import { startFakeOpenAI } from '../fixtures/fake-openai.js'
import { runClaude, runCodex } from '../helpers/agents.js'
import { runGemini } from '../helpers/more-agents.js'
import { tempDir } from '../helper.js'
import { type Agent, wire } from './wire.js'

const CLAIM = 'All tests pass.'
const REPORT = 'Ran npm test: all tests pass.'
const FEEDBACK = /hookjudge \(unverified-claim\): you said “All tests pass\.” \(tests\), but no tests command ran in this turn\. Run `npm test` now/

async function scripted (t: Test, agent: Agent) {
  const tool = agent === 'codex'
    ? { name: 'exec_command', input: { cmd: 'npm test' } }
    : agent === 'gemini' ? { name: 'run_shell_command', input: { command: 'npm test' } } : { name: 'Bash', input: { command: 'npm test', description: 'Run the tests' } }
  const script = [CLAIM, { tools: [tool] }, REPORT]
  const api = agent === 'codex' ? await startFakeOpenAI({ script }) : agent === 'gemini' ? await startFakeGemini({ script }) : await startFakeAnthropic({ script })
  t.teardown(api.close)
  // The hook's judge chain is empty: the facts alone must decide.
  const w = await wire(t, agent, agent === 'claude-code' ? 'http' : 'shim', { modelUrl: api.url, hooks: ['unverified-claim'], config: { hooks: { 'unverified-claim': { backends: [] } } } })
  const cwd = tempDir(t, 'hookjudge-e2e-project-')
  await writeFile(join(cwd, 'package.json'), JSON.stringify({ name: 'demo', scripts: { test: 'node -e 0' } }))
  const opts = { prompt: 'make the tests pass', apiUrl: api.url, cwd, env: w.agentEnv }
  const run = agent === 'codex'
    ? await runCodex(t, { ...opts, args: ['-s', 'workspace-write'] }).then(r => ({ ...r, final: r.finalMessage }))
    : agent === 'gemini'
      ? await runGemini(t, { ...opts, args: ['--approval-mode', 'yolo'] }).then(r => ({ ...r, final: r.response }))
      : await runClaude(t, { ...opts, args: ['--allowedTools', 'Bash(npm test)'] }).then(r => ({ ...r, final: r.json?.result }))
  return { api, w, run }
}

/** A message's text: its text blocks joined; other blocks (tool results) as JSON. */
const textOf = (content: unknown): string => typeof content === 'string'
  ? content
  : Array.isArray(content) ? content.map(b => typeof b?.text === 'string' ? b.text : JSON.stringify(b)).join('') : ''

t.test('Claude Code: blocked for a claim with no test run, allowed once the test command ran', async t => {
  const { api, w, run } = await scripted(t, 'claude-code')
  t.equal(run.code, 0, 'exit 0', { stderr: run.stderr.slice(-3000) })
  t.equal(run.final, REPORT, 'the turn ended after the verified claim')
  const bodies = api.mainBodies()
  t.equal(bodies.length, 3, 'claim, test run, verified claim')
  // Claude Code 2.1.332 names the hook before the reason (2.1.197 said "Stop hook feedback:").
  t.match(textOf(bodies[1]!.messages.at(-1).content), new RegExp(`^Stop hook blocking error from command: "[^"]+": ${FEEDBACK.source}`))
  t.match(textOf(bodies[2]!.messages.at(-1).content), /"is_error":false/, 'npm test really ran and passed')
  t.equal(w.judge.requests.length, 0, 'no judge model was asked')
  const decisions = (await w.metrics.requests.get()).values.filter(v => v.labels.hook === 'unverified-claim')
  t.strictSame(Object.fromEntries(decisions.map(v => [`${v.labels.decision}/${v.labels.source}`, v.value])), { 'block/layer1': 1, 'allow/layer1': 1 })
})

t.test('Codex: the same, through the shim', async t => {
  const { api, w, run } = await scripted(t, 'codex')
  t.equal(run.code, 0, 'exit 0', { stderr: run.stderr.slice(-3000) })
  t.equal(run.final, REPORT)
  const bodies = api.mainBodies()
  t.equal(bodies.length, 3)
  t.match(textOf(bodies[1]!.input.at(-1).content), FEEDBACK)
  t.equal(w.judge.requests.length, 0)
})

t.test('Gemini CLI: the same, through the shim, with the facts from its chat recording', async t => {
  const { api, w, run } = await scripted(t, 'gemini')
  t.equal(run.code, 0, 'exit 0', { stderr: run.stderr.slice(-3000) })
  // Gemini's response joins every reply of the turn: the turn ends with the verified claim.
  t.ok(String(run.final).endsWith(REPORT), 'the turn ended after the verified claim', { final: run.final })
  const bodies = api.mainBodies()
  t.equal(bodies.length, 3, 'claim, test run, verified claim')
  t.match(bodies[1]!.contents.at(-1).parts.map((p: { text?: string }) => p.text ?? '').join(''), FEEDBACK)
  t.equal(w.judge.requests.length, 0, 'no judge model was asked')
})
