// README.md's block example ("Wire it into your agent"), kept true: the real `claude -p` and `codex exec`, wired by plain
// `install claude-code` / `install codex` into a throwaway HOME, run the README's command against a loopback fake model
// (first the proposal, then a corrected reply) and an in-process daemon whose commit hook a fake judge API answers. What
// the CLI printed, the feedback in the model's next request and `logs --hook commit` must be what the README shows, up
// to what differs per run: the port, the temp HOME, the times and durations.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import type { Test } from 'tap'
import t from 'tap'
import { buildApp } from '../../server/app.js'
import { installCommand } from '../../server/commands/install.js'
import { logsCommand } from '../../server/commands/logs.js'
import { startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { startFakeOpenAI } from '../fixtures/fake-openai.js'
import { TEST_ENV, tempDir, testConfig } from '../helper.js'
import { CLAUDE_BIN, run } from '../helpers/agents.js'
import { capture } from '../helpers/ops.js'
import { judgedText } from './wire.js'

const PROPOSAL = 'All done. I will commit and push to main now.'
const PROMPT = `Reply with exactly: "${PROPOSAL}"`
const CORRECTED = 'You are right: I will not commit or push yet. I will run the tests first and report the result.'
const BLOCK_REASON = 'proposes a push without test evidence'
const ALLOW_REASON = 'no push proposed: it will run the tests first'
/** What the README shows for the temp HOME the CLIs ran in. */
const SHOWN_HOME = '/home/you'
const START = '<!-- block example: kept true by test/e2e/readme-block.test.ts -->'
const END = '<!-- end of block example -->'

type Agent = 'claude-code' | 'codex'
interface Captured { command: string, printed: string, told: string, logs: string }

/** The commands as the README writes them; the argv the test runs. */
const COMMANDS: Record<Agent, { shown: string, bin: string, argv: string[] }> = {
  'claude-code': { shown: `claude -p '${PROMPT}'`, bin: 'claude', argv: ['-p', PROMPT] },
  codex: { shown: `codex exec --skip-git-repo-check --dangerously-bypass-hook-trust '${PROMPT}'`, bin: 'codex', argv: ['exec', '--skip-git-repo-check', '--dangerously-bypass-hook-trust', PROMPT] }
}
const LABELS: Record<Agent, string> = {
  'claude-code': 'Claude Code (`install claude-code`: a native http hook):',
  codex: 'Codex (`install codex`: through the shim):'
}

/** A message's text (Anthropic messages / OpenAI Responses input items): its text blocks. */
const textOf = (item: any): string => typeof item?.content === 'string'
  ? item.content
  : (item?.content ?? []).map((b: { text?: string }) => b.text ?? '').join('\n')
/** What the model's next request carries after its blocked reply: each message the CLI added, under its role. */
const addedAfter = (items: any[], reply: string): string[] =>
  items.slice(items.findLastIndex(m => m.role === 'assistant' && textOf(m) === reply) + 1).map(m => `[${m.role} message]\n${textOf(m)}`)

/** The README region for the captured runs: per agent a label and one text block. */
function render (runs: Record<Agent, Captured>): string {
  return (Object.keys(LABELS) as Agent[]).map(agent => {
    const c = runs[agent]
    return [
      LABELS[agent], '', '```text', `$ ${c.command}`, c.printed.trimEnd(), '',
      `# the model's first reply, "${PROPOSAL}", was blocked; its next request added:`, c.told, '',
      '$ hookjudge logs --hook commit', c.logs.trimEnd(), '```'
    ].join('\n')
  }).join('\n\n')
}

/** What differs per run, on both sides: loopback ports, log times, durations. */
function normalise (s: string): string {
  return s
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/\b\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/g, '<time>')
    .replace(/ +\d+ ms\b/g, ' <n> ms')
}

/** The region between the markers, which must sit in the "Wire it into your agent" section. */
function readmeRegion (t: Test): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const from = readme.indexOf(START)
  const to = readme.indexOf(END)
  const section = readme.indexOf('\n## Wire it into your agent\n')
  const next = readme.indexOf('\n## ', section + 1)
  const placed = section >= 0 && from > section && to > from && to < next
  t.ok(placed, 'the markers are in "Wire it into your agent", in order')
  return placed ? readme.slice(from + START.length, to).trim() : ''
}

/** One README run: the daemon, a fake judge, `install AGENT` into a temp HOME, the README's command, then `logs --hook commit`. */
async function capturedRun (t: Test, agent: Agent): Promise<Captured> {
  const script = [PROPOSAL, CORRECTED]
  const api = agent === 'codex' ? await startFakeOpenAI({ script }) : await startFakeAnthropic({ script })
  t.teardown(api.close)
  const judge = await startFakeJudgeApi(body => judgedText(body).includes('push to main now')
    ? { text: commitVerdict({ new_proposal: true }, BLOCK_REASON) }
    : { text: commitVerdict({}, ALLOW_REASON) })
  t.teardown(() => judge.close())

  // The agents' default config dirs (~/.claude, ~/.codex) under a throwaway HOME, as a user's would be.
  const root = tempDir(t, 'hookjudge-readme-')
  const home = join(root, 'home')
  await mkdir(join(home, '.codex'), { recursive: true })
  // The daemon runs the commit hook alone, Layer 2 on every trigger hit (as in wire.ts), and keeps the decision log in
  // its default place under HOME, where a bare `logs` looks. Its deadline fits the timeout install writes (30 s).
  const off = Object.fromEntries(Object.keys(testConfig().hooks).filter(h => h !== 'commit').map(h => [h, { mode: 'off' }]))
  const config = testConfig({ judge: { deadlineMs: 28_000 }, decisionLog: { enabled: true }, hooks: { ...off, commit: { layer1: { model: '' } } } }, judge.url)
  const { app } = await buildApp(config, { logger: false, env: { ...TEST_ENV, HOME: home } })
  let closing: Promise<void> | undefined
  const close = async () => await (closing ??= app.close())
  t.teardown(close)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port

  if (agent === 'codex') {
    await writeFile(join(home, '.codex', 'config.toml'), [
      'model = "gpt-fake"', 'model_provider = "fake"', '', '[model_providers.fake]', 'name = "fake"', `base_url = "${api.url}/v1"`,
      'wire_api = "responses"', 'env_key = "HOOKJUDGE_FAKE_OPENAI_KEY"', 'request_max_retries = 0', 'stream_max_retries = 0', ''
    ].join('\n'))
  }
  // install reads `claude --version` from PATH; its config sets the installed timeouts (deadline + 2 s = 30 s).
  await mkdir(join(root, 'bin'))
  await symlink(CLAUDE_BIN, join(root, 'bin', 'claude'))
  await writeFile(join(root, 'install.yaml'), 'judge: { deadlineMs: 28000 }\n')
  let installOut = ''
  const out = new Writable({ write (c, _e, cb) { installOut += String(c); cb() } })
  const installEnv = { PATH: `${join(root, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`, SHELL: '/bin/sh', HOME: home, PWD: root, HOOKJUDGE_CONFIG: join(root, 'install.yaml'), HOOKJUDGE_PORT: String(port) }
  t.equal(await installCommand([agent], { env: installEnv, cwd: root, stdin: Readable.from([]), stdout: out, stderr: out }), 0, `install ${agent}`, { installOut })

  // A git project: `codex exec` runs only in one unless told otherwise.
  const cwd = join(root, 'project')
  await mkdir(cwd)
  execFileSync('git', ['init', '-q', cwd])
  const agentEnv: Record<string, string> = agent === 'codex'
    ? { HOOKJUDGE_FAKE_OPENAI_KEY: 'sk-dummy', SHELL: '/bin/sh' }
    : { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'sk-ant-dummy', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_TELEMETRY: '1', CLAUDE_CODE_MAX_RETRIES: '0' }
  // run() sets HOME to <root>/home: the HOME install wrote to.
  const { bin, argv, shown } = COMMANDS[agent]
  const r = await run(t, bin, argv, root, cwd, agentEnv, { prompt: PROMPT, apiUrl: api.url, timeoutMs: 60_000 })
  t.equal(r.code, 0, `${bin} exit 0`, { stderr: r.stderr.slice(-3000) })
  t.equal(r.stdout, `${CORRECTED}\n`, 'stdout: the corrected reply only')

  const bodies = api.mainBodies()
  t.equal(bodies.length, 2, 'one more model request after the block')
  const items: any[] = agent === 'codex' ? bodies[1]?.input ?? [] : bodies[1]?.messages ?? []
  t.ok(items.some(m => m.role === 'assistant' && textOf(m) === PROPOSAL), 'the next request holds the blocked reply')
  const added = addedAfter(items, PROPOSAL)
  t.ok(added.length > 0 && added.every(m => m.includes('hookjudge (commit): you proposed changing shared state')), 'what follows it is hookjudge\'s feedback', { added })
  const told = added.join('\n\n')
  t.strictSame(judge.requests.map(q => judgedText(q.body)), [PROPOSAL, CORRECTED], 'both ends of turn judged')

  // The daemon closed, every decision record is on disk; then `logs` as the user runs it (same HOME, default config).
  await close()
  const logs = capture({ HOME: home })
  t.equal(await logsCommand(['--hook', 'commit'], logs.io), 0, 'logs --hook commit', { stderr: logs.err() })
  t.match(logs.out(), /^\S+ \S+Z {2}commit +block {2}judge +\d+ ms {2}proposes a push without test evidence\n/, 'the block is the first line')

  return { command: shown, printed: r.stdout, told: told.replaceAll(home, SHOWN_HOME), logs: logs.out() }
}

t.test('README.md shows a block as the real Claude Code and Codex CLIs show it', async t => {
  const runs = { 'claude-code': await capturedRun(t, 'claude-code'), codex: await capturedRun(t, 'codex') }
  const region = readmeRegion(t)
  const expected = render(runs)
  t.equal(normalise(region), normalise(expected), 'README.md\'s block example is what the CLIs did (fix the README, or the regression)')
  if (normalise(region) !== normalise(expected)) t.comment(`captured (paste between the markers):\n${expected}`)
})
