/** The end-to-end scenarios, run against the real agent CLI for one agent × transport (see the *.test.ts files here). */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Test } from 'tap'
import { startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { startFakeGemini } from '../fixtures/fake-gemini.js'
import { startFakeOpenAI } from '../fixtures/fake-openai.js'
import { runClaude, runCodex } from '../helpers/agents.js'
import { runCopilot, runGemini } from '../helpers/more-agents.js'
import { type Agent, HOOK_TIMEOUT_S, judgedText, PROPOSAL, QUESTION, type Transport, VERIFIED, WITHDRAWN, wire } from './wire.js'

type Reply = string | { text?: string, tools?: Array<{ name: string, input: unknown }> }
interface Driver {
  api (script: Reply[]): Promise<{ url: string, mainBodies: () => any[], close: () => Promise<void> }>
  run (t: Test, url: string, env: Record<string, string>): Promise<{ code: number | null, final: string | undefined, ms: number, stderr: string, cwd: string }>
  /** The text of the last user input in one model request: where hook feedback shows up. */
  lastUserText (body: any): string
  /** A reply that says something and then calls a harmless tool. */
  toolCall (text: string): Reply
}

let claudeBin: string | undefined
const claude: Driver = {
  api: async (script) => await startFakeAnthropic({ script }),
  async run (t, url, env) {
    // Bash pre-allowed, so only hookjudge's gate can stop a call (-p denies what would need a prompt).
    const r = await runClaude(t, { prompt: 'add the tests', apiUrl: url, env, bin: claudeBin, args: ['--allowedTools', 'Bash'] })
    return { code: r.code, final: r.json?.result, ms: r.ms, stderr: r.stderr, cwd: r.cwd }
  },
  lastUserText (body) {
    const c = body.messages.at(-1).content
    return typeof c === 'string' ? c : c.map((b: { text?: string }) => b.text ?? '').join('')
  },
  toolCall: (text) => ({ text, tools: [{ name: 'Bash', input: { command: 'echo hi' } }] })
}

const codex: Driver = {
  api: async (script) => await startFakeOpenAI({ script }),
  async run (t, url, env) {
    // A sandbox that lets the shell write the project dir, so only hookjudge's gate can stop a call.
    const r = await runCodex(t, { prompt: 'add the tests', apiUrl: url, env, args: ['-s', 'workspace-write'] })
    return { code: r.code, final: r.finalMessage, ms: r.ms, stderr: r.stderr, cwd: r.cwd }
  },
  lastUserText: (body) => body.input.at(-1).content.map((c: { text?: string }) => c.text ?? '').join(''),
  toolCall: (text) => ({ text, tools: [{ name: 'exec_command', input: { cmd: 'echo hi' } }] })
}

const gemini: Driver = {
  api: async (script) => await startFakeGemini({ script: script as never }),
  async run (t, url, env) {
    // Gemini's response joins every reply of the turn with no separator: the last reply is its end (see ended()).
    const r = await runGemini(t, { prompt: 'add the tests', apiUrl: url, env, args: ['--approval-mode', 'yolo'] })
    return { code: r.code, final: r.response, ms: r.ms, stderr: r.stderr, cwd: r.cwd }
  },
  lastUserText: (body) => body.contents.at(-1).parts.map((p: { text?: string }) => p.text ?? '').join(''),
  toolCall: (text) => ({ text, tools: [{ name: 'run_shell_command', input: { command: 'echo hi' } }] })
}

const copilot: Driver = {
  api: async (script) => await startFakeOpenAI({ script }),
  async run (t, url, env) {
    const r = await runCopilot(t, { prompt: 'add the tests', apiUrl: url, env, args: ['--silent'] })
    return { code: r.code, final: r.stdout.trim().split('\n\n').at(-1)?.trim(), ms: r.ms, stderr: r.stderr, cwd: r.cwd }
  },
  lastUserText: (body) => String(body.messages.at(-1).content),
  toolCall: (text) => ({ text, tools: [{ name: 'bash', input: { command: 'echo hi', description: 'greet' } }] })
}

const DRIVERS = { 'claude-code': claude, codex, gemini, copilot }
/** Where the feedback text starts in the model's next request, per agent. */
const FEEDBACK_AT: Record<Agent, RegExp> = {
  // Claude Code 2.1.332 names the hook's command or URL before the reason; 2.1.197 said "Stop hook feedback:".
  'claude-code': /^Stop hook blocking error from command: "[^"]+": hookjudge \(commit\)/,
  codex: /^<hook_prompt [^>]*>hookjudge \(commit\)/,
  gemini: /^hookjudge \(commit\)/,
  copilot: /^<current_datetime>[^<]*<\/current_datetime>\n\nhookjudge \(commit\)/
}
/** A shell call that leaves a file behind, in each agent's own tool. */
const TOUCH: Record<Agent, Reply> = {
  'claude-code': { text: 'Marking.', tools: [{ name: 'Bash', input: { command: 'touch hookjudge-ran' } }] },
  codex: { text: 'Marking.', tools: [{ name: 'exec_command', input: { cmd: 'touch hookjudge-ran' } }] },
  gemini: { text: 'Marking.', tools: [{ name: 'run_shell_command', input: { command: 'touch hookjudge-ran' } }] },
  copilot: { text: 'Marking.', tools: [{ name: 'bash', input: { command: 'touch hookjudge-ran', description: 'mark' } }] }
}

const FEEDBACK = /hookjudge \(commit\): you proposed changing shared state[\s\S]*Judge's reason: proposes a push without test evidence/

/** opts.claudeBin: run this Claude Code release (install then reads its version); opts.skip: scenarios this agent cannot play. */
export function scenarios (t: Test, agent: Agent, transport: Transport, opts: { claudeBin?: string, skip?: string[] } = {}): void {
  const d = DRIVERS[agent]
  claudeBin = opts.claudeBin
  const feedbackAt = agent === 'claude-code' && opts.claudeBin !== undefined ? /^Stop hook feedback:\nhookjudge \(commit\)/ : FEEDBACK_AT[agent]
  const setup = async (t: Test, script: Reply[], daemon: 'up' | 'down' = 'up', hooks?: string[]) => {
    const api = await d.api(script)
    t.teardown(api.close)
    return { api, ...await wire(t, agent, transport, { modelUrl: api.url, daemon, hooks, claudeBin: opts.claudeBin }) }
  }
  const ended = (t: Test, final: string | undefined, last: string, msg?: string) =>
    agent === 'gemini' ? t.ok(final?.endsWith(last), msg ?? `the final text ends with ${last}`, { final }) : t.equal(final, last, msg ?? 'the final text')
  const test = (name: string, fn: (t: Test) => Promise<void>) => { if (!opts.skip?.includes(name)) t.test(name, fn) }
  const fail = (r: { stderr: string }) => ({ stderr: r.stderr.slice(-3000) })

  test('a violating final reply is blocked; the model\'s next request carries hookjudge\'s feedback', async t => {
    const s = await setup(t, [PROPOSAL, VERIFIED])
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.comment(`${agent}/${transport} block run: ${r.ms} ms`)
    t.equal(r.code, 0, 'exit 0', fail(r))
    ended(t, r.final, VERIFIED, 'the turn ends after the corrected reply')
    const bodies = s.api.mainBodies()
    t.equal(bodies.length, 2, 'one more model request after the block')
    t.match(d.lastUserText(bodies[1]), FEEDBACK)
    t.match(d.lastUserText(bodies[1]), feedbackAt)
    t.equal(s.judge.requests.length, 2, 'both stops judged')
    t.equal(judgedText(s.judge.requests[0]?.body), PROPOSAL)
  })

  test('after a block, the next Stop judges only what the agent wrote since: a withdrawal is allowed by the judge', async t => {
    const s = await setup(t, [PROPOSAL, WITHDRAWN])
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.equal(r.code, 0, 'exit 0', fail(r))
    ended(t, r.final, WITHDRAWN)
    t.equal(s.judge.requests.length, 2, 'both stops reached the judge')
    t.equal(judgedText(s.judge.requests[1]?.body), WITHDRAWN, 'the proposal the agent was told about is not judged again')
    const allowed = (await s.metrics.requests.get()).values.filter(v => v.labels.decision === 'allow').map(v => v.labels.source)
    t.strictSame(allowed, ['judge'], 'allowed by the judge, not by the loop guard')
  })

  test('an allowed reply ends the turn', async t => {
    const s = await setup(t, [QUESTION])
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.equal(r.code, 0, 'exit 0', fail(r))
    t.equal(r.final, QUESTION)
    t.equal(s.api.mainBodies().length, 1, 'no further model request')
    const decided = (await s.metrics.requests.get()).values.map(v => v.labels)
    t.equal(s.judge.requests.length, 1, 'Layer 2 judged it (and allowed)', { decided })
  })

  test('a proposal in an earlier message of the turn is caught through the transcript', async t => {
    const s = await setup(t, [d.toolCall(PROPOSAL), 'Printed the greeting.', VERIFIED])
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.equal(r.code, 0, 'exit 0', fail(r))
    const bodies = s.api.mainBodies()
    t.equal(bodies.length, 3, 'tool round, harmless last message, then a request after the block')
    t.match(d.lastUserText(bodies[2]), FEEDBACK)
    ended(t, r.final, VERIFIED)
    t.equal(judgedText(s.judge.requests[0]?.body), `${PROPOSAL}\n\nPrinted the greeting.`, 'the judge saw the turn, not just the last message')
  })

  test('daemon stopped: the turn ends normally (fail open) at once', async t => {
    const s = await setup(t, [PROPOSAL], 'down')
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.comment(`${agent}/${transport} daemon-down run: ${r.ms} ms`)
    t.equal(r.code, 0, 'exit 0', fail(r))
    ended(t, r.final, PROPOSAL)
    t.equal(s.api.mainBodies().length, 1)
    t.ok(r.ms < HOOK_TIMEOUT_S * 1000, `no wait for the installed timeout (${r.ms} ms < ${HOOK_TIMEOUT_S} s)`)
  })

  test('HOOKJUDGE_ACTIVE=1 in the agent\'s env: nothing is judged', async t => {
    const s = await setup(t, [PROPOSAL])
    const r = await d.run(t, s.api.url, { ...s.agentEnv, HOOKJUDGE_ACTIVE: '1' })
    t.equal(r.code, 0, 'exit 0', fail(r))
    ended(t, r.final, PROPOSAL)
    t.equal(s.api.mainBodies().length, 1)
    t.equal(s.judge.requests.length, 0, 'no judge call')
    // The shim stands aside before any request; a native http hook cannot, so it sends the variable and the guard answers {}.
    t.strictSame(await s.daemonRequests(), transport === 'shim' ? { judged: 0, refused: 0 } : { judged: 0, refused: 1 })
  })

  test('a gate fails safe: with the daemon up a harmless call runs; with it down the call does not run', async t => {
    for (const daemon of ['up', 'down'] as const) {
      const s = await setup(t, [TOUCH[agent], 'Done.'], daemon, ['commit', 'dangerous-bash'])
      const r = await d.run(t, s.api.url, s.agentEnv)
      t.equal(r.code, 0, `exit 0 (daemon ${daemon})`, fail(r))
      t.equal(existsSync(join(r.cwd, 'hookjudge-ran')), daemon === 'up', daemon === 'up' ? 'the gate let the call run' : 'the call was stopped, not run')
      t.equal(s.api.mainBodies().length, 2, 'the agent went on after the tool call')
    }
  })
}
