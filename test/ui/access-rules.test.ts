// The review page's access rules through inject: ui.enabled (also by reload), its own origin only, the bearer token.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { build, tempDir, testConfig } from '../helper.js'

async function app (t: Parameters<typeof tempDir>[0], over: Record<string, unknown> = {}) {
  const dir = tempDir(t)
  const built = await build(t, testConfig({ decisionLog: { enabled: true, dir }, ...over }))
  return { ...built, dir }
}

t.test('a reload turns the page off and on again', async t => {
  const dir = tempDir(t)
  const { app: a, reload } = await build(t, testConfig({ decisionLog: { enabled: true, dir } }))
  t.equal((await a.inject({ url: '/ui' })).statusCode, 200)
  t.match(reload(testConfig({ decisionLog: { enabled: true, dir }, ui: { enabled: false } })), { ok: true })
  t.equal((await a.inject({ url: '/ui' })).statusCode, 404)
  t.match(reload(testConfig({ decisionLog: { enabled: true, dir } })), { ok: true })
  t.equal((await a.inject({ url: '/ui' })).statusCode, 200)
})

t.test('ui.enabled: false answers 404 everywhere under /ui', async t => {
  const { app: a } = await app(t, { ui: { enabled: false } })
  for (const url of ['/ui', '/ui/assets/app.js', '/ui/api/decisions']) t.equal((await a.inject({ url })).statusCode, 404, url)
  t.equal((await a.inject({ method: 'POST', url: '/ui/api/labels', body: '{}' })).statusCode, 404)
  t.equal((await a.inject({ url: '/healthz' })).statusCode, 200, 'the rest of the daemon is unchanged')
})

t.test('access: other origins refused, the page\'s own fetches pass, browsers still barred elsewhere', async t => {
  const { app: a } = await app(t)
  const host = '127.0.0.1:5834'
  const get = (url: string, headers: Record<string, string>) => a.inject({ url, headers: { host, ...headers } })
  t.equal((await get('/ui', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' })).statusCode, 200, 'typed into the address bar')
  t.equal((await get('/ui/api/meta', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' })).statusCode, 200, 'the page\'s fetch')
  t.equal((await get('/ui', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' })).statusCode, 403, 'a link from another site')
  t.equal((await get('/ui/api/decisions', { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode, 403)
  t.equal((await get('/ui/api/decisions', { origin: 'http://127.0.0.1:9999' })).statusCode, 403, 'another port is another origin')
  t.equal((await get('/ui', { host: 'evil.example' })).statusCode, 403, 'DNS rebinding: a non-loopback Host')
  t.equal((await get('/status', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' })).statusCode, 403, 'the rest of the API stays closed to browsers')
})

t.test('token: the page follows the bearer rule of every route', async t => {
  const dir = tempDir(t)
  const file = join(dir, 'token')
  writeFileSync(file, 'a-very-secret-token-123\n', { mode: 0o600 })
  const { app: a } = await app(t, { server: { tokenFile: file } })
  const page = await a.inject({ url: '/ui' })
  t.equal(page.statusCode, 303, 'the page without the token: the sign-in form')
  t.equal(page.headers.location, '/ui/sign-in')
  t.equal((await a.inject({ url: '/ui/api/decisions' })).statusCode, 401)
  t.equal((await a.inject({ url: '/ui', headers: { authorization: 'Bearer a-very-secret-token-123' } })).statusCode, 200)
})
