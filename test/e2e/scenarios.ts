/** The five end-to-end scenarios, run against the real agent CLI for one agent × transport (see the *.test.ts files here). */
import type { Test } from 'tap'
import { startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { startFakeOpenAI } from '../fixtures/fake-openai.js'
import { runClaude, runCodex } from '../helpers/agents.js'
import { type Agent, HOOK_TIMEOUT_S, judgedText, PROPOSAL, QUESTION, type Transport, VERIFIED, WITHDRAWN, wire } from './wire.js'

type Reply = string | { text?: string, tools?: Array<{ name: string, input: unknown }> }
interface Driver {
  api (script: Reply[]): Promise<{ url: string, mainBodies: () => any[], close: () => Promise<void> }>
  run (t: Test, url: string, env: Record<string, string>): Promise<{ code: number | null, final: string | undefined, ms: number, stderr: string }>
  /** The text of the last user input in one model request: where hook feedback shows up. */
  lastUserText (body: any): string
  /** A reply that says something and then calls a harmless tool. */
  toolCall (text: string): Reply
}

const claude: Driver = {
  api: async (script) => await startFakeAnthropic({ script }),
  async run (t, url, env) {
    const r = await runClaude(t, { prompt: 'add the tests', apiUrl: url, env })
    return { code: r.code, final: r.json?.result, ms: r.ms, stderr: r.stderr }
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
    const r = await runCodex(t, { prompt: 'add the tests', apiUrl: url, env })
    return { code: r.code, final: r.finalMessage, ms: r.ms, stderr: r.stderr }
  },
  lastUserText: (body) => body.input.at(-1).content.map((c: { text?: string }) => c.text ?? '').join(''),
  toolCall: (text) => ({ text, tools: [{ name: 'exec_command', input: { cmd: 'echo hi' } }] })
}

const FEEDBACK = /hookjudge \(commit\): you proposed changing shared state[\s\S]*Judge's reason: proposes a push without test evidence/

export function scenarios (t: Test, agent: Agent, transport: Transport): void {
  const d = agent === 'codex' ? codex : claude
  const setup = async (t: Test, script: Reply[], daemon: 'up' | 'down' = 'up') => {
    const api = await d.api(script)
    t.teardown(api.close)
    return { api, ...await wire(t, agent, transport, { modelUrl: api.url, daemon }) }
  }
  const fail = (r: { stderr: string }) => ({ stderr: r.stderr.slice(-3000) })

  t.test('a violating final reply is blocked; the model\'s next request carries hookjudge\'s feedback', async t => {
    const s = await setup(t, [PROPOSAL, VERIFIED])
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.comment(`${agent}/${transport} block run: ${r.ms} ms`)
    t.equal(r.code, 0, 'exit 0', fail(r))
    t.equal(r.final, VERIFIED, 'the turn ends after the corrected reply')
    const bodies = s.api.mainBodies()
    t.equal(bodies.length, 2, 'one more model request after the block')
    t.match(d.lastUserText(bodies[1]), FEEDBACK)
    t.match(d.lastUserText(bodies[1]), agent === 'codex' ? /^<hook_prompt [^>]*>hookjudge \(commit\)/ : /^Stop hook feedback:\nhookjudge \(commit\)/)
    t.equal(s.judge.requests.length, 2, 'both stops judged')
    t.equal(judgedText(s.judge.requests[0]?.body), PROPOSAL)
  })

  t.test('after a block, the next Stop judges only what the agent wrote since: a withdrawal is allowed by the judge', async t => {
    const s = await setup(t, [PROPOSAL, WITHDRAWN])
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.equal(r.code, 0, 'exit 0', fail(r))
    t.equal(r.final, WITHDRAWN)
    t.equal(s.judge.requests.length, 2, 'both stops reached the judge')
    t.equal(judgedText(s.judge.requests[1]?.body), WITHDRAWN, 'the proposal the agent was told about is not judged again')
    const allowed = (await s.metrics.requests.get()).values.filter(v => v.labels.decision === 'allow').map(v => v.labels.source)
    t.strictSame(allowed, ['judge'], 'allowed by the judge, not by the loop guard')
  })

  t.test('an allowed reply ends the turn', async t => {
    const s = await setup(t, [QUESTION])
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.equal(r.code, 0, 'exit 0', fail(r))
    t.equal(r.final, QUESTION)
    t.equal(s.api.mainBodies().length, 1, 'no further model request')
    t.equal(s.judge.requests.length, 1, 'Layer 2 judged it (and allowed)')
  })

  t.test('a proposal in an earlier message of the turn is caught through the transcript', async t => {
    const s = await setup(t, [d.toolCall(PROPOSAL), 'Printed the greeting.', VERIFIED])
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.equal(r.code, 0, 'exit 0', fail(r))
    const bodies = s.api.mainBodies()
    t.equal(bodies.length, 3, 'tool round, harmless last message, then a request after the block')
    t.match(d.lastUserText(bodies[2]), FEEDBACK)
    t.equal(r.final, VERIFIED)
    t.equal(judgedText(s.judge.requests[0]?.body), `${PROPOSAL}\n\nPrinted the greeting.`, 'the judge saw the turn, not just the last message')
  })

  t.test('daemon stopped: the turn ends normally (fail open) at once', async t => {
    const s = await setup(t, [PROPOSAL], 'down')
    const r = await d.run(t, s.api.url, s.agentEnv)
    t.comment(`${agent}/${transport} daemon-down run: ${r.ms} ms`)
    t.equal(r.code, 0, 'exit 0', fail(r))
    t.equal(r.final, PROPOSAL)
    t.equal(s.api.mainBodies().length, 1)
    t.ok(r.ms < HOOK_TIMEOUT_S * 1000, `no wait for the installed timeout (${r.ms} ms < ${HOOK_TIMEOUT_S} s)`)
  })

  t.test('HOOKJUDGE_ACTIVE=1 in the agent\'s env: nothing is judged', async t => {
    const s = await setup(t, [PROPOSAL])
    const r = await d.run(t, s.api.url, { ...s.agentEnv, HOOKJUDGE_ACTIVE: '1' })
    t.equal(r.code, 0, 'exit 0', fail(r))
    t.equal(r.final, PROPOSAL)
    t.equal(s.api.mainBodies().length, 1)
    t.equal(s.judge.requests.length, 0, 'no judge call')
    // The shim stands aside before any request; a native http hook cannot, so it sends the variable and the guard answers {}.
    t.strictSame(await s.daemonRequests(), transport === 'shim' ? { judged: 0, refused: 0 } : { judged: 0, refused: 1 })
  })
}
