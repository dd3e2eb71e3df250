/** E2E wiring: a throwaway agent config dir, the daemon in-process on a loopback port, a scripted judge, and `install` doing the rest. */
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import type { Test } from 'tap'
import { buildApp } from '../../server/app.js'
import { ADAPTERS } from '../../server/agents/adapter.js'
import { installCommand } from '../../server/commands/install.js'
import { settingsPath } from '../../server/install/settings-file.js'
import type { Metrics } from '../../server/ops/metrics.js'
import { commitVerdict, type FakeJudgeApi, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { TEST_ENV, tempDir, testConfig } from '../helper.js'
import { CLAUDE_BIN } from '../helpers/agents.js'
import { geminiSettings } from '../helpers/more-agents.js'

export type Agent = 'claude-code' | 'codex' | 'gemini' | 'copilot'
export type Transport = 'http' | 'shim'

export const PROPOSAL = 'Tests written. I\'ll commit and push to main now.'
export const VERIFIED = 'Ran npm test: 12 passed, 0 failed. Waiting for your go-ahead before any push.'
/** After the block: the agent takes the proposal back (the commit hook's Layer 1 still fires on it). */
export const WITHDRAWN = 'You are right: I will not commit or push yet. I will run the tests first and report the result.'
export const QUESTION = 'All 12 tests pass. Shall I commit, or do you want to review first?'
export const REASON = 'proposes a push without test evidence'
/** The http hook's timeout and the shim's HOOKJUDGE_TIMEOUT that install writes here. */
export const HOOK_TIMEOUT_S = 30

/** The agent text inside the judge prompt's markers, i.e. in the user message (the system prompt names the markers too). */
export function judgedText (body: any): string {
  const user = body?.messages?.findLast((m: { role: string }) => m.role === 'user')?.content
  const m = /<<<BEGIN AGENT TEXT (\w+)>>>\n([\s\S]*?)\n<<<END AGENT TEXT \1>>>/.exec(typeof user === 'string' ? user : JSON.stringify(user))
  return m?.[2] ?? ''
}

/** A judge that behaves like a correct one on the texts above. */
function verdict (body: unknown) {
  const text = judgedText(body)
  const query = text.includes('Shall I commit')
  return { text: commitVerdict({ new_proposal: text.includes('push to main now') || query, verification_reported: text.includes('12 passed'), direction_query: query }, REASON) }
}

export interface Wired {
  judge: FakeJudgeApi
  metrics: Metrics
  /** What the agent run needs on top of the harness env: the config dir install wrote to. */
  agentEnv: Record<string, string>
  installOut: string
  daemonRequests: () => Promise<{ judged: number, refused: number }>
}

/**
 * opts.hooks: the hooks install wires (default commit); opts.config: overrides of the daemon's test config;
 * opts.claudeBin: the Claude Code release on install's PATH (it reads `claude --version`), default the current one.
 */
export async function wire (t: Test, agent: Agent, transport: Transport, opts: { modelUrl: string, daemon?: 'up' | 'down', hooks?: string[], config?: Record<string, unknown>, claudeBin?: string }): Promise<Wired> {
  const root = tempDir(t, 'hookjudge-e2e-')
  const dirs = { HOME: join(root, 'home'), CLAUDE_CONFIG_DIR: join(root, 'claude'), CODEX_HOME: join(root, 'codex') }
  for (const d of Object.values(dirs)) await mkdir(d, { recursive: true })
  const judge = await startFakeJudgeApi(verdict)
  t.teardown(() => judge.close())
  // The daemon's transcript roots come from this env: the throwaway agent dirs.
  // POST /judge runs every enabled hook of the event: the daemon runs only the hooks under test.
  const wanted = opts.hooks ?? ['commit']
  const hooks: Record<string, object> = Object.fromEntries(Object.keys(testConfig().hooks).filter(h => !wanted.includes(h)).map(h => [h, { mode: 'off' }]))
  // The scenarios' texts are written for the commit hook's triggers; whether its learned scorer (retrained whenever the
  // corpus grows) also sends each on is Layer 1's business, tested in test/layer1/. Here every trigger hit is judged.
  if (wanted.includes('commit')) hooks.commit = { layer1: { model: '' } }
  // The daemon's deadline is the one install writes (below), not the unit tests' 2 s: a CI machine busy with other test
  // files can take that long before the judge is asked, and the fallback allow then looks like a Layer-1 miss.
  const judgeConfig = { deadlineMs: HOOK_TIMEOUT_S * 1000 - 2000, ...(opts.config?.judge as object) }
  const { app, metrics } = await buildApp(testConfig({ ...opts.config, judge: judgeConfig, hooks: { ...hooks, ...(opts.config?.hooks as object) } }, judge.url), { logger: false, env: { ...TEST_ENV, ...dirs } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  if (opts.daemon === 'down') await app.close()
  else t.teardown(() => app.close())
  if (agent === 'codex') {
    // The harness's provider block, in the CODEX_HOME that install writes hooks.json to.
    await writeFile(join(dirs.CODEX_HOME, 'config.toml'), [
      'model = "gpt-fake"', 'model_provider = "fake"', '', '[model_providers.fake]', 'name = "fake"', `base_url = "${opts.modelUrl}/v1"`,
      'wire_api = "responses"', 'env_key = "HOOKJUDGE_FAKE_OPENAI_KEY"', 'request_max_retries = 0', 'stream_max_retries = 0', ''
    ].join('\n'))
  }
  if (agent === 'gemini') await geminiSettings(dirs.HOME)
  await mkdir(join(root, 'bin'))
  await symlink(opts.claudeBin ?? CLAUDE_BIN, join(root, 'bin', 'claude'))
  let installOut = ''
  const out = new Writable({ write (c, _e, cb) { installOut += String(c); cb() } })
  // Installed timeouts of 30 s (deadline + 2): a run that waited for one could not pass for a merely slow machine.
  await writeFile(join(root, 'install.yaml'), `judge: { deadlineMs: ${HOOK_TIMEOUT_S * 1000 - 2000} }\n`)
  const env = { PATH: `${join(root, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`, SHELL: '/bin/sh', PWD: root, HOOKJUDGE_CONFIG: join(root, 'install.yaml'), HOOKJUDGE_PORT: String(port), ...dirs }
  const code = await installCommand([agent, '--hooks', wanted.join(','), '--transport', transport], { env, cwd: root, stdin: Readable.from([]), stdout: out, stderr: out })
  t.equal(code, 0, 'install succeeded', { installOut })
  // One entry for the end of the turn, whatever the hooks: the daemon's /judge runs them all.
  const stop = JSON.parse(await readFile(settingsPath(agent, 'user', env, root), 'utf8')).hooks[ADAPTERS[agent].caps.events.Stop![0]!]
  t.equal(stop.length, 1, 'one end-of-turn entry')
  const handler = stop[0].hooks?.[0] ?? stop[0]
  t.match(handler, transport === 'http' ? { type: 'http', url: /\/judge$/, timeout: HOOK_TIMEOUT_S } : { [agent === 'copilot' ? 'bash' : 'command']: new RegExp(`HOOKJUDGE_TIMEOUT=${HOOK_TIMEOUT_S} sh .*hookjudge-hook( --fail-safe)?( --agent=${agent})?$`) })
  const sum = async (m: { get: () => Promise<{ values: Array<{ value: number, labels: Record<string, unknown> }> }> }, pick = (_l: Record<string, unknown>) => true) =>
    (await m.get()).values.filter(v => pick(v.labels)).reduce((n, v) => n + v.value, 0)
  return {
    judge,
    metrics,
    agentEnv: agent === 'codex' ? { CODEX_HOME: dirs.CODEX_HOME } : agent === 'claude-code' ? { CLAUDE_CONFIG_DIR: dirs.CLAUDE_CONFIG_DIR } : { HOME: dirs.HOME },
    installOut,
    daemonRequests: async () => ({ judged: await sum(metrics.requests), refused: await sum(metrics.badRequests, l => l.reason === 'recursion') })
  }
}
