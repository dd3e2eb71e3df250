// Config mistakes are named: unknown keys with the nearest known one, all at once; the keys other work adds are typed;
// the vendors' base-URL variables are honoured; docs/configuration.md is the one the key table makes.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../server/config/config.js'
import { ConfigError } from '../server/core/errors.js'
import { DOC_PATH, renderConfigDoc } from '../scripts/config-doc.js'
import { tempDir } from './helper.js'

const problems = (overrides: Record<string, unknown>, env = {}) => {
  try {
    loadConfig({ env, file: '/dev/null', overrides })
  } catch (err) {
    if (err instanceof ConfigError) return err.message
    throw err
  }
  return ''
}

t.test('typos are refused, each named with the nearest known key, all in one message', async t => {
  const msg = problems({ server: { prot: 5900 }, judge: { backend: ['openai'] }, hooks: { commit: { tirgger: ['x'], mdoe: 'shadow' } }, ui: { enabeld: true } })
  t.match(msg, /is invalid \(5 problems\)/)
  t.match(msg, /- server\.prot: unknown key; did you mean `port`\?\n/)
  t.match(msg, /- judge\.backend: unknown key; did you mean `backends`\?\n/)
  t.match(msg, /- hooks\.commit\.tirgger: unknown key; did you mean `trigger`\?\n/)
  t.match(msg, /- hooks\.commit\.mdoe: unknown key; did you mean `mode`\?(\n|$)/)
  t.match(msg, /- ui\.enabeld: unknown key; did you mean `enabled`\?/)
  t.match(problems({ nonsense: 1 }), /- nonsense: unknown key; known here: server, log, judge, /, 'no near key: the known ones are listed')
  t.match(problems({ backends: { mine: { type: 'openai', model: 'm', baseurl: 'http://127.0.0.1:1' } } }), /backends\.mine\.baseurl: unknown key; did you mean `baseUrl`\?/)
})

t.test('the keys other work wires are accepted and their types checked', async t => {
  const c = loadConfig({
    env: {},
    file: '/dev/null',
    overrides: { state: { redis: { url: 'redis://127.0.0.1:6379/0', passwordEnv: 'REDIS_PASSWORD' } }, server: { tokensFile: '/etc/hookjudge/tokens' }, ui: { enabled: false } }
  })
  t.strictSame(c.state, { redis: { url: 'redis://127.0.0.1:6379/0', timeoutMs: 50, decisions: 20000, passwordEnv: 'REDIS_PASSWORD' } })
  t.equal(c.server.tokensFile, '/etc/hookjudge/tokens')
  t.strictSame(c.ui, { enabled: false })
  const d = loadConfig({ env: {}, file: '/dev/null' })
  t.strictSame([d.state, d.ui], [{}, { enabled: true }], 'defaults: no shared state, the page on')
  const msg = problems({ state: { redis: { url: 'http://x', timeoutMs: 'fast' } }, server: { tokensFile: 7 }, ui: { enabled: 'yes' }, hooks: { commit: { layer1: { modle: 'x.json' } } } })
  t.match(msg, /state\.redis\.url: expected a redis:\/\/host:port\/db or rediss:\/\/ \(TLS\) URL/)
  t.match(msg, /state\.redis\.timeoutMs: expected an integer from 1 to 10000, got "fast"/)
  t.match(msg, /server\.tokensFile: expected a non-empty string, got 7/)
  t.match(msg, /ui\.enabled: expected true or false, got "yes"/)
  t.match(msg, /hooks\.commit\.layer1\.modle: unknown key; did you mean `model`\?/)
  t.equal(problems({ server: { host: '0.0.0.0', tokensFile: '/etc/hookjudge/tokens' } }), '', 'a tokens file allows a non-loopback host')
})

t.test('ANTHROPIC_BASE_URL and OPENAI_BASE_URL set the shipped backends\' base URLs; the user file still wins', async t => {
  const env = { ANTHROPIC_BASE_URL: 'http://127.0.0.1:8001', OPENAI_BASE_URL: 'http://127.0.0.1:8002/v1' }
  const c = loadConfig({ env, file: '/dev/null' })
  t.equal(c.backends.anthropic?.baseUrl, 'http://127.0.0.1:8001')
  t.equal(c.backends.openai?.baseUrl, 'http://127.0.0.1:8002/v1')
  const file = join(tempDir(t), 'config.yaml')
  writeFileSync(file, 'backends:\n  anthropic: { baseUrl: "http://127.0.0.1:9001" }\n')
  t.equal(loadConfig({ env, file }).backends.anthropic?.baseUrl, 'http://127.0.0.1:9001')
  t.equal(loadConfig({ env: {}, file: '/dev/null' }).backends.anthropic?.baseUrl, 'https://api.anthropic.com', 'unset: the vendor\'s')
})

t.test('docs/configuration.md is what scripts/config-doc.ts makes from the key table (run it after a key change)', async t => {
  t.equal(readFileSync(DOC_PATH, 'utf8'), renderConfigDoc())
  for (const key of ['server.tokensFile', 'state.redis.url', 'ui.enabled', 'hooks.*.layer1.model', 'ANTHROPIC_BASE_URL']) t.match(readFileSync(DOC_PATH, 'utf8'), `\`${key}\``)
})
