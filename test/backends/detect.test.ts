// Zero-config default (`judge.backends: auto`): each source is picked when only it is present; with none, Layer 1 still runs.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import t from 'tap'
import { detectChain, detectChainSync, NO_BACKEND_FIX } from '../../server/backends/detect.js'
import { loadConfig } from '../../server/config/config.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { startFakeOpenAI } from '../fixtures/fake-openai.js'
import { build, claudeStop, testConfig } from '../helper.js'
import { scratchDir } from '../helpers/judge-clis.js'

const CLOSED = 'http://127.0.0.1:9/v1' // nothing listens: the Ollama probe fails at once
const autoConfig = (ollamaUrl = CLOSED) => testConfig({ judge: { backends: 'auto' }, backends: { ollama: { baseUrl: ollamaUrl } } })

async function binDir (t: Parameters<typeof scratchDir>[0], ...names: string[]): Promise<string> {
  const dir = await scratchDir(t, 'path')
  // Stand-ins that wait on stdin like the real CLIs (a spare may start them).
  for (const n of names) await writeFile(join(dir, n), '#!/bin/sh\ncat >/dev/null\n', { mode: 0o755 })
  return dir
}

t.test("the checkout's own node_modules/.bin (dev-dependency CLIs, never logged in) is not a judge", async t => {
  const own = join(PACKAGE_ROOT, 'node_modules', '.bin')
  const ownOnly = detectChainSync(autoConfig(), { PATH: own })
  t.strictSame(ownOnly.chain, [], 'npm start puts it on PATH')
  t.match(ownOnly.checked.find(c => c.name === 'claude-cli'), { found: false, why: /^only this checkout's claude is on PATH \(.*node_modules\/\.bin\/claude\): the tests' copy, never logged in, which auto does not pick/ }, 'and the reason says so')
  t.strictSame(detectChainSync(autoConfig(), { PATH: `${own}:${await binDir(t, 'codex')}` }).chain, ['codex-cli'], 'a CLI elsewhere on PATH still counts')
})

t.test('the shipped default is auto, with the predefined backends', async t => {
  const c = loadConfig({ env: {}, file: '/dev/null' })
  t.equal(c.judge.auto, true)
  t.strictSame(c.judge.backends, [])
  t.equal(c.hooks.commit!.autoChain, true)
  t.match(c.backends, { 'claude-cli': { type: 'claude-cli', model: 'haiku' }, 'codex-cli': { type: 'codex-cli' }, ollama: { type: 'openai', baseUrl: 'http://127.0.0.1:11434/v1' } })
  t.strictSame(testConfig({ judge: { backends: ['openai', 'anthropic'] } }).hooks.commit!.backends, ['openai', 'anthropic'], 'explicit lists still work')
})

t.test('each source is picked when only it is present, in the fixed order when several are', async t => {
  const ollama = await startFakeOpenAI({ model: 'llama3.2:latest' })
  t.teardown(ollama.close)
  const empty = await binDir(t)
  const cases: [string, Record<string, string>, string, string[]][] = [
    ['ANTHROPIC_API_KEY', { ANTHROPIC_API_KEY: 'k', PATH: empty }, CLOSED, ['anthropic']],
    ['OPENAI_API_KEY', { OPENAI_API_KEY: 'k', PATH: empty }, CLOSED, ['openai']],
    ['claude on PATH', { PATH: await binDir(t, 'claude') }, CLOSED, ['claude-cli']],
    ['codex on PATH', { PATH: await binDir(t, 'codex') }, CLOSED, ['codex-cli']],
    ['Ollama answering with its model', { PATH: empty }, `${ollama.url}/v1`, ['ollama']],
    ['nothing', { PATH: empty }, CLOSED, []],
    ['everything', { ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k', PATH: await binDir(t, 'codex', 'claude') }, `${ollama.url}/v1`, ['anthropic', 'openai', 'claude-cli', 'codex-cli', 'ollama']]
  ]
  for (const [name, env, url, chain] of cases) {
    t.strictSame((await detectChain(autoConfig(url), env)).chain, chain, name)
  }
  const lacking = await detectChain(testConfig({ judge: { backends: 'auto' }, backends: { ollama: { baseUrl: `${ollama.url}/v1`, model: 'qwen3' } } }), { PATH: empty })
  t.match(lacking.checked.find(c => c.name === 'ollama'), { found: false, why: /lacks qwen3: run ollama pull qwen3/ })
  t.strictSame(detectChainSync(autoConfig(`${ollama.url}/v1`), { PATH: empty }).chain, [], 'without probes (CLI verbs) a local server is not assumed')
})

t.test('the app logs the chain it chose and judges with it', async t => {
  const lines: string[] = []
  const stream = new Writable({ write (c, _e, cb) { lines.push(String(c)); cb() } })
  const { app, runtime } = await build(t, autoConfig(), { env: { PATH: await binDir(t, 'claude') }, logger: { level: 'info', stream } })
  t.ok(lines.some(l => /judge chain \(auto\): claude-cli/.test(l)), 'one startup line names the chain')
  t.strictSame(runtime().config.hooks.commit!.backends, ['claude-cli'])
  const ready = (await app.inject({ url: '/readyz' })).json()
  t.equal(ready.status, 'ready')
  t.strictSame(ready.backends.map((b: { name: string }) => b.name), ['claude-cli'])
})

t.test('with no backend: /readyz is 503 with the one-line fix, Layer 1 still runs, Layer-2 hits fall back', async t => {
  const { app } = await build(t, autoConfig(), { env: { PATH: await binDir(t) } })
  const res = await app.inject({ url: '/readyz' })
  t.equal(res.statusCode, 503)
  t.strictSame(res.json().reasons, [NO_BACKEND_FIX])
  t.match(NO_BACKEND_FIX, /fix: export ANTHROPIC_API_KEY=<key>, or install the claude CLI/)
  const quiet = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Renamed the helper.') })
  t.equal(quiet.headers['x-hookjudge-source'], 'layer1')
  const hit = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('I\'ll push to main now.') })
  t.strictSame(hit.json(), {})
  t.equal(hit.headers['x-hookjudge-source'], 'fallback')
})
