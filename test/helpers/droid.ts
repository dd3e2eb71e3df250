/** Run the real Factory Droid CLI (`droid exec`) offline against a loopback fake model, and wire it to an in-process daemon with `install droid`. */
//
// const api = await startFakeOpenAI({ script: ['hi'] }); t.teardown(api.close)
// const w = await wireDroid(t, { modelUrl: api.url, verdict: () => ({ text: '…' }) })   // daemon + fake judge + `install droid`
// const r = await runDroid(t, { prompt: 'say hi', apiUrl: api.url, env: w.agentEnv })      // r.result === 'hi'
//
// Model: a BYOK custom model in <HOME>/.factory/settings.json (`customModels`, provider "openai": the Responses API at
//   <apiUrl>/v1, so the fake-openai fixture serves it); `droid exec --model custom:hookjudge-fake-0` (custom model ids
//   are `custom:<displayName>-<index>`). No Factory login: a custom model needs none.
// Offline: FACTORY_AIRGAP_ENABLED=1 (no org settings, feature flags or telemetry calls to api.factory.ai),
//   FACTORY_API_BASE_URL at a closed loopback port for anything left, no auto-update, `cloudSessionSync: false`
//   (otherwise every exec waits 5 s for a cloud flush that cannot succeed).
// Output: `-o json`, one line `{"type":"result","result":<final text>,"is_error",…}`.
import { mkdir, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import type { Test } from 'tap'
import { buildApp } from '../../server/app.js'
import { installCommand } from '../../server/commands/install.js'
import type { Metrics } from '../../server/ops/metrics.js'
import { type Behaviour, type FakeJudgeApi, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { TEST_ENV, tempDir, testConfig } from '../helper.js'
import { run, type RunOptions, type RunResult, scratch } from './agents.js'

export const DROID_MODEL = 'custom:hookjudge-fake-0'

/** The settings file of a throwaway Droid home: the fake model, no cloud session sync. install then adds hooks.json beside it. */
export async function droidSettings (home: string, apiUrl: string): Promise<void> {
  await mkdir(join(home, '.factory'), { recursive: true })
  const settings = {
    cloudSessionSync: false,
    customModels: [{ model: 'gpt-fake', displayName: 'hookjudge-fake', baseUrl: `${apiUrl}/v1`, apiKey: 'sk-dummy', provider: 'openai' }]
  }
  await writeFile(join(home, '.factory', 'settings.json'), JSON.stringify(settings, null, 2) + '\n')
}

export interface DroidRun extends RunResult { json: Record<string, any> | undefined, result: string | undefined }

/** Its Linux x64 binary, which `npm test` installs beside the project (scripts/test-deps.sh: npm ci cannot hold it). */
export const DROID_BIN = join(PACKAGE_ROOT, '.agent-clis', 'node_modules', '@factory', 'cli-linux-x64', 'bin', 'droid')

/** `droid exec -o json --model custom:… [args] <prompt>`; opts.env.HOME names a home droidSettings() prepared (else one is made). */
export async function runDroid (t: Test, opts: RunOptions): Promise<DroidRun> {
  const root = await scratch(t, 'droid')
  const cwd = opts.cwd ?? join(root, 'project')
  await mkdir(cwd, { recursive: true })
  if (opts.env?.HOME === undefined) await droidSettings(join(root, 'home'), opts.apiUrl)
  const env = {
    FACTORY_AIRGAP_ENABLED: '1',
    FACTORY_API_BASE_URL: 'http://127.0.0.1:9',
    FACTORY_DROID_AUTO_UPDATE_ENABLED: 'false',
    NO_COLOR: '1'
  }
  const r = await run(t, 'droid', ['exec', '-o', 'json', '--model', DROID_MODEL, ...(opts.args ?? []), opts.prompt], root, cwd, env, { bin: DROID_BIN, ...opts })
  let json: Record<string, any> | undefined
  try { json = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '') } catch { json = undefined }
  return { ...r, json, result: typeof json?.result === 'string' ? json.result : undefined }
}

export interface WiredDroid {
  judge: FakeJudgeApi
  metrics: Metrics
  /** HOME for the droid run: install wrote <HOME>/.factory/hooks.json there. */
  agentEnv: Record<string, string>
  home: string
  installOut: string
}

/**
 * A daemon in-process on a loopback port (judge: a fake answering `verdict`), only opts.hooks enabled (default commit),
 * a Droid home with the fake model, and `install droid --transport shim` writing its hooks there, as a user would.
 */
export async function wireDroid (t: Test, opts: { modelUrl: string, verdict: (body: any) => Behaviour, hooks?: string[], config?: Record<string, any>, timeoutS: number }): Promise<WiredDroid> {
  const root = tempDir(t, 'hookjudge-e2e-droid-')
  const home = join(root, 'home')
  await droidSettings(home, opts.modelUrl)
  const judge = await startFakeJudgeApi(opts.verdict)
  t.teardown(() => judge.close())
  const wanted = opts.hooks ?? ['commit']
  const hooks: Record<string, object> = Object.fromEntries(Object.keys(testConfig().hooks).filter(h => !wanted.includes(h)).map(h => [h, { mode: 'off' }]))
  // Every trigger hit of the commit hook is judged (its learned scorer is tested in test/layer1/).
  if (wanted.includes('commit')) hooks.commit = { layer1: { model: '' } }
  const judgeConfig = { deadlineMs: opts.timeoutS * 1000 - 2000, ...opts.config?.judge }
  const { app, metrics } = await buildApp(testConfig({ ...opts.config, judge: judgeConfig, hooks: { ...hooks, ...opts.config?.hooks } }, judge.url), { logger: false, env: { ...TEST_ENV, HOME: home } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  const port = (app.server.address() as AddressInfo).port
  let installOut = ''
  const out = new Writable({ write (c, _e, cb) { installOut += String(c); cb() } })
  await writeFile(join(root, 'install.yaml'), `judge: { deadlineMs: ${opts.timeoutS * 1000 - 2000} }\n`)
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', SHELL: '/bin/sh', PWD: root, HOME: home, HOOKJUDGE_CONFIG: join(root, 'install.yaml'), HOOKJUDGE_PORT: String(port) }
  const code = await installCommand(['droid', '--hooks', wanted.join(','), '--transport', 'shim'], { env, cwd: root, stdin: Readable.from([]), stdout: out, stderr: out })
  t.equal(code, 0, 'install droid succeeded', { installOut })
  return { judge, metrics, agentEnv: { HOME: home }, home, installOut }
}
