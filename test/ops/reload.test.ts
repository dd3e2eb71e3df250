// Hot reload through buildApp's reload(): backends handed over, cache entries of unchanged hooks kept, in-flight requests
// on their own config, an invalid file refused, logged and counted; POST /reload for loopback callers only.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import type { Backend } from '../../server/backends/contract.js'
import { cacheKey, createVerdictCache } from '../../server/judge/cache.js'
import { commitVerdict, startFakeJudgeApi, type Script } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, tempDir, testConfig } from '../helper.js'

const PUSH = 'Done with the refactor. I\'ll commit and push to main now.'
let session = 0
// A fresh session each time: the loop governor would otherwise turn a repeated block into an allow.
const post = (app: any, text: string) => app.inject({ method: 'POST', url: '/judge/commit', payload: JSON.stringify(claudeStop(text, { session_id: `s${++session}` })) })

async function setup (t: Parameters<typeof build>[0], script: Script) {
  const api = await startFakeJudgeApi(script)
  t.teardown(() => api.close())
  const config = (o: Record<string, unknown> = {}) => testConfig(o, api.url)
  return { api, config, ...await build(t, config()) }
}

t.test('retain() keeps the entries of the fingerprints given and drops the rest', async t => {
  const cache = createVerdictCache({ max: 10, maxBytes: 1 << 20, ttlSeconds: 60 })
  const verdict = { fields: {}, reason: 'r', backend: 'b', model: 'm' }
  for (const [fp, text] of [['aaa', 'x'], ['aaa', 'y'], ['bbb', 'x']]) cache.set(cacheKey(fp!, text!), verdict)
  t.equal(cache.retain(new Set(['aaa'])), 1)
  t.equal(cache.size, 2)
  t.strictSame(cache.get(cacheKey('aaa', 'x')), verdict)
  t.equal(cache.get(cacheKey('bbb', 'x')), undefined)
})

t.test('a reload keeps cached verdicts of unchanged hooks and drops the changed hook\'s', async t => {
  const { app, api, config, reload } = await setup(t, { text: commitVerdict({ new_proposal: true }) })
  t.equal((await post(app, PUSH)).headers['x-hookjudge-source'], 'judge')
  const other = reload(config({ hooks: { 'scope-check': { prompt: 'A different task.' } } }))
  t.match(other, { ok: true, changes: ['hook scope-check changed its verdicts\' inputs'] })
  t.equal((await post(app, PUSH)).headers['x-hookjudge-source'], 'cache', 'the commit verdict survived')
  t.equal(api.requests.length, 1)
  const own = reload(config({ hooks: { 'scope-check': { prompt: 'A different task.' }, commit: { prompt: 'Another commit task.' } } }))
  t.match(own, { ok: true, changes: ['hook commit changed its verdicts\' inputs', '1 cached verdicts dropped'] })
  t.equal((await post(app, PUSH)).headers['x-hookjudge-source'], 'judge')
  t.equal(api.requests.length, 2)
})

t.test('unchanged backends are handed over as the same object; changed ones are replaced', async t => {
  const { runtime, config, reload } = await setup(t, { text: commitVerdict({}) })
  const before = runtime()
  const result = reload(config({ backends: { openai: { model: 'gpt-other' } } }))
  t.match(result, { ok: true, changes: ['backend openai replaced'] })
  t.equal(runtime().backends.get('anthropic'), before.backends.get('anthropic'))
  t.not(runtime().backends.get('openai'), before.backends.get('openai'))
  t.equal(runtime().backends.get('openai')?.model, 'gpt-other')
  t.equal(runtime().cache, before.cache, 'same cache settings: the cache is handed over')
})

t.test('retired backends are closed when the app closes, not while requests may still use them', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({}) })
  t.teardown(() => api.close())
  const config = (o: Record<string, unknown> = {}) => testConfig(o, api.url)
  const closed: string[] = []
  const fake = (name: string): Backend => ({ name, type: 'openai', model: 'm', unusable: null, ask: async () => ({ text: '{}' }), warm: () => {}, close: async () => { closed.push(name) } })
  const { app, reload } = await build(t, config(), { backends: new Map([['anthropic', fake('anthropic')], ['openai', fake('openai')]]) })
  reload(config({ backends: { openai: { model: 'gpt-other' } } }))
  t.strictSame(closed, [], 'the replaced backend stays open for requests that started on it')
  await app.close()
  t.ok(closed.includes('openai'), 'closed with the app')
  t.ok(closed.includes('anthropic'))
})

t.test('a request in flight during a reload finishes on the config it started with', async t => {
  let reloadNow = () => {}
  const { app, config, reload } = await setup(t, (_body, i) => {
    if (i === 0) reloadNow()
    return { text: commitVerdict({ new_proposal: true }, 'no tests') }
  })
  reloadNow = () => { reload(config({ hooks: { commit: { feedback: 'NEW FEEDBACK: {reason}' } } })) }
  const first = (await post(app, PUSH)).json()
  t.match(first.reason, /run the project's tests/, 'the old feedback, though the reload happened mid-request')
  const second = (await post(app, PUSH)).json()
  t.equal(second.reason, 'NEW FEEDBACK: no tests')
})

t.test('an invalid file is refused, every problem logged and counted; POST /reload answers loopback only', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({}) })
  t.teardown(() => api.close())
  const file = join(tempDir(t), 'config.yaml')
  const good = `backends:\n  anthropic: { baseUrl: "${api.url}" }\ndecisionLog: { enabled: false }\n`
  writeFileSync(file, good)
  const load = () => loadConfig({ env: {}, file })
  const lines: any[] = []
  const stream = new Writable({ write (c, _e, cb) { lines.push(JSON.parse(String(c))); cb() } })
  const { app, runtime } = await build(t, load(), { load, logger: { level: 'info', stream } })
  const before = runtime()

  writeFileSync(file, good + 'judge: { deadlineMs: fast }\ncache: { max: -1 }\n')
  const refused = await app.inject({ method: 'POST', url: '/reload' })
  t.equal(refused.statusCode, 422)
  t.match(refused.json(), { ok: false, problems: [/judge.deadlineMs: expected an integer/, /cache.max: expected an integer/] })
  t.equal(runtime(), before, 'the running config stays')
  const logged = lines.find(l => /config reload refused/.test(l.msg))
  t.match(logged, { level: 50, problems: [/judge.deadlineMs/, /cache.max/] })

  writeFileSync(file, good + 'judge: { deadlineMs: 3000 }\n')
  const ok = await app.inject({ method: 'POST', url: '/reload' })
  t.equal(ok.statusCode, 200)
  t.equal(runtime().config.judge.deadlineMs, 3000)
  const metrics = (await app.inject({ url: '/metrics' })).body
  t.match(metrics, /hookjudge_config_reloads_total\{result="error"\} 1/)
  t.match(metrics, /hookjudge_config_reloads_total\{result="ok"\} 1/)

  const remote = await app.inject({ method: 'POST', url: '/reload', remoteAddress: '192.0.2.7' })
  t.equal(remote.statusCode, 403)
})
