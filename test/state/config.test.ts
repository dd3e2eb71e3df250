// state.redis and server.tokensFile in the config: defaults, and a defined error for every bad value.
import t from 'tap'
import { ConfigError } from '../../server/core/errors.js'
import { testConfig } from '../helper.js'

const problems = (overrides: Record<string, unknown>): string[] => {
  try { testConfig(overrides); return [] } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    return err.problems.map(p => `${p.path}: ${p.expected} (got ${p.got})`)
  }
}

t.test('no state section: in process; a url gets the 50 ms default', async t => {
  t.same(testConfig().state, {})
  t.same(testConfig({ state: { redis: { url: 'rediss://redis.team.example:6380/0', passwordEnv: 'HOOKJUDGE_REDIS_PASSWORD' } } }).state,
    { redis: { url: 'rediss://redis.team.example:6380/0', timeoutMs: 50, decisions: 20000, passwordEnv: 'HOOKJUDGE_REDIS_PASSWORD' } })
})

t.test('bad state values are named, and a password in the file is refused without echoing it', async t => {
  t.match(problems({ state: { redis: { url: 'http://127.0.0.1:6379' } } }), [/^state\.redis\.url: a redis:\/\/host:port\/db or rediss:\/\//])
  const secret = problems({ state: { redis: { url: 'redis://:hunter2hunter2@127.0.0.1:6379/0' } } })
  t.match(secret, [/^state\.redis\.url: no password in the file/])
  t.notMatch(secret.join(), /hunter2/)
  t.match(problems({ state: { redis: { url: 'redis://127.0.0.1', timeoutMs: 0 } } }), [/^state\.redis\.timeoutMs: an integer from 1 to 10000/])
  t.match(problems({ state: { redis: { url: 'redis://127.0.0.1', pasword: 'x' } } }), [/^state\.redis\.pasword: a known key/])
  t.match(problems({ state: { redis: 'redis://127.0.0.1' } }), [/^state\.redis: a map/])
  t.match(problems({ state: { memcached: {} } }), [/^state\.memcached: a known key/])
  t.match(problems({ state: { redis: {} } }), [/^state\.redis\.url: a non-empty string/])
})

t.test('server.tokensFile: allowed off loopback, exclusive with tokenFile', async t => {
  t.equal(testConfig({ server: { host: '0.0.0.0', tokensFile: '/etc/hookjudge/tokens' } }).server.tokensFile, '/etc/hookjudge/tokens')
  t.match(problems({ server: { host: '0.0.0.0' } }), [/^server\.host: a loopback address .* unless server\.tokenFile or server\.tokensFile is set/])
  t.match(problems({ server: { tokenFile: '/a', tokensFile: '/b' } }), [/^server\.tokensFile: either server\.tokenFile/])
})
