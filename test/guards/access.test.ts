// Local-only access: loopback Host (DNS rebinding), no browsers, the bearer token from a private file, non-loopback binds need it.
import { chmodSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildApp } from '../../server/app.js'
import { ConfigError } from '../../server/core/errors.js'
import { isLoopbackHost } from '../../server/guards/loopback.js'
import { tokenHeaderFor } from '../../server/guards/token.js'
import { build, claudeStop, tempDir, testConfig, TEST_ENV } from '../helper.js'

const TOKEN = 'f3a9c1d27be84e6a90c4d5e6f7a8b9c0'

function tokenFile (t: Parameters<typeof tempDir>[0], mode = 0o600, content = `${TOKEN}\n`) {
  const file = join(tempDir(t), 'token')
  writeFileSync(file, content)
  chmodSync(file, mode)
  return file
}

const get = (app: any, headers: Record<string, string>, url = '/readyz') => app.inject({ method: 'GET', url, headers })

t.test('isLoopbackHost', async t => {
  for (const h of ['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) t.ok(isLoopbackHost(h), h)
  for (const h of ['0.0.0.0', '::', 'evil.com', 'localhost.evil.com', '127.0.0.1.evil.com', 'x.localhost', '10.0.0.1', '128.0.0.1', '[::2]', '']) t.notOk(isLoopbackHost(h), h)
})

t.test('Host must name a loopback address (DNS rebinding)', async t => {
  const { app } = await build(t)
  for (const host of ['127.0.0.1:5834', 'localhost', 'localhost:80', '[::1]:5834', '127.0.0.2']) {
    t.equal((await get(app, { host })).statusCode, 200, host)
  }
  for (const host of ['evil.example:5834', 'evil.example', '127.0.0.1.nip.io:5834', '0.0.0.0:5834', '192.168.1.20:5834', 'localhost:5834:1', '[::1']) {
    const res = await get(app, { host })
    t.equal(res.statusCode, 403, host)
    t.match(res.json(), { error: /loopback host/ })
  }
  const judged = await app.inject({ method: 'POST', url: '/judge/commit', headers: { host: 'attacker.test' }, payload: claudeStop('I will push.') })
  t.equal(judged.statusCode, 403, 'the judge route too')
  t.match((await app.inject({ url: '/metrics' })).body, /hookjudge_bad_requests_total\{reason="forbidden_host"\} 8/)
})

t.test('browser requests are refused; Claude Code\'s http hook, curl and Node clients pass', async t => {
  const { app } = await build(t)
  for (const [name, headers] of Object.entries<Record<string, string>>({
    Origin: { origin: 'http://127.0.0.1:5834' },
    'Origin null': { origin: 'null' },
    'Sec-Fetch-Site': { 'sec-fetch-site': 'cross-site' },
    'Sec-Fetch-Mode navigate': { 'sec-fetch-mode': 'navigate' },
    'Sec-Fetch-Dest': { 'sec-fetch-dest': 'empty' },
    'a browser fetch': { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }
  })) {
    const res = await get(app, headers)
    t.equal(res.statusCode, 403, name)
    t.match(res.json(), { error: /browsers/ })
  }
  const claude = { 'content-type': 'application/json', accept: 'application/json, text/plain, */*', 'user-agent': 'axios/1.15.2', host: '127.0.0.1:5834' }
  const res = await app.inject({ method: 'POST', url: '/judge/commit', headers: claude, payload: claudeStop('Renamed a file.') })
  t.equal(res.statusCode, 200, 'Claude Code http hook headers')
  t.equal((await get(app, { 'user-agent': 'curl/7.88.1', host: 'localhost' })).statusCode, 200, 'curl through the socket')
  t.equal((await get(app, { 'sec-fetch-mode': 'cors', 'user-agent': 'node' })).statusCode, 200, 'Node fetch')
})

t.test('bearer token from a 0600 file', async t => {
  const file = tokenFile(t)
  const { app } = await build(t, testConfig({ server: { tokenFile: file } }))
  const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/judge/commit', headers, payload: claudeStop('Renamed a file.') })
  for (const [name, auth] of Object.entries({ none: undefined, wrong: `Bearer ${TOKEN.slice(0, -1)}x`, short: 'Bearer f3a9', basic: `Basic ${TOKEN}`, 'extra space': `Bearer  ${TOKEN}` })) {
    const res = await post(auth ? { authorization: auth } : {})
    t.equal(res.statusCode, 401, name)
    t.equal(res.headers['www-authenticate'], 'Bearer')
    t.strictSame(res.json(), { error: 'missing or wrong bearer token' })
  }
  t.equal((await post({ authorization: `Bearer ${TOKEN}` })).statusCode, 200)
  t.equal((await post({ authorization: `bearer ${TOKEN}` })).statusCode, 200, 'the scheme is case-insensitive')
  t.equal((await get(app, {}, '/healthz')).statusCode, 200, '/healthz stays open (process-up probe)')
  t.equal((await get(app, {}, '/metrics')).statusCode, 401, '/metrics needs it')
  t.equal((await get(app, { authorization: `Bearer ${TOKEN}` }, '/metrics')).statusCode, 200)
})

t.test('a token file that is not private, missing or malformed is refused at load', async t => {
  const cases: Array<[string, string, RegExp]> = [
    ['group-readable', tokenFile(t, 0o640), /chmod 600 .*got mode 640/],
    ['world-readable', tokenFile(t, 0o644), /chmod 600/],
    ['missing', '/nonexistent/hookjudge-token', /ENOENT/],
    ['too short', tokenFile(t, 0o600, 'abc\n'), /16 to 512 visible ASCII/],
    ['two lines', tokenFile(t, 0o600, `${TOKEN}\nsecond\n`), /visible ASCII/]
  ]
  for (const [name, file, message] of cases) {
    const err = await buildApp(testConfig({ server: { tokenFile: file } }), { logger: false, env: TEST_ENV }).catch(e => e)
    t.type(err, ConfigError, name)
    t.match(err.message, /server\.tokenFile/)
    t.match(err.message, message, name)
    t.notMatch(err.message, TOKEN, 'the token is never in a message')
  }
})

t.test('binding to a non-loopback address requires the token', async t => {
  t.throws(() => testConfig({ server: { host: '0.0.0.0' } }), /server\.host: expected a loopback address \(127\.0\.0\.1, ::1, localhost\) unless server\.tokenFile or server\.tokensFile is set, got "0\.0\.0\.0"/)
  t.throws(() => testConfig({ server: { host: '192.168.1.20' } }), ConfigError)
  t.doesNotThrow(() => testConfig({ server: { host: '::1' } }))
  const file = tokenFile(t)
  const { app } = await build(t, testConfig({ server: { host: '0.0.0.0', tokenFile: file } }))
  const res = await get(app, { host: '192.168.1.20:5834', authorization: `Bearer ${TOKEN}` })
  t.equal(res.statusCode, 200, 'any Host is fine once the token guards the door')
  t.equal((await get(app, { host: '192.168.1.20:5834' })).statusCode, 401)
  t.equal((await get(app, { origin: 'http://192.168.1.20:5834', authorization: `Bearer ${TOKEN}` })).statusCode, 403, 'still no browsers')
})

t.test('tokenHeaderFor: how install wires the token (never the token itself)', async t => {
  t.equal(tokenHeaderFor(testConfig()), null)
  const file = tokenFile(t)
  const wiring = tokenHeaderFor(testConfig({ server: { tokenFile: file } }))
  t.strictSame(wiring, {
    http: { headers: { Authorization: 'Bearer ${HOOKJUDGE_TOKEN}' }, allowedEnvVars: ['HOOKJUDGE_TOKEN'] }, // eslint-disable-line no-template-curly-in-string
    shimEnv: { HOOKJUDGE_TOKEN_FILE: file }
  })
  t.notMatch(JSON.stringify(wiring), TOKEN)
})
