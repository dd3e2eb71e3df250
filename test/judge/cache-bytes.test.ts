// The verdict cache is bounded in bytes as well as in entries (cache.maxBytes): long verdicts evict the oldest sooner,
// and the setting is validated like every other.
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { ConfigError } from '../../server/core/errors.js'
import { type CachedVerdict, cacheKey, createVerdictCache, entryBytes } from '../../server/judge/cache.js'

const verdict = (reason: string): CachedVerdict => ({ fields: { new_proposal: false, direction_query: false }, reason, backend: 'anthropic', model: 'claude-haiku-4-5' })
const key = (i: number) => cacheKey('fp1', `text ${i}`)

t.test('an entry counts its strings at two bytes a character plus a fixed overhead', async t => {
  const short = entryBytes(key(1), verdict(''))
  t.equal(entryBytes(key(1), verdict('x'.repeat(500))), short + 1000)
  t.ok(short > 256 + 2 * key(1).length, 'the overhead and the key are counted')
})

t.test('past maxBytes the least recently used entries go, whatever the count allows', async t => {
  const one = entryBytes(key(0), verdict('r'.repeat(100)))
  const cache = createVerdictCache({ max: 1000, maxBytes: one * 10, ttlSeconds: 60 })
  for (let i = 0; i < 25; i++) cache.set(key(i), verdict('r'.repeat(100)))
  t.equal(cache.size, 10, 'ten entries fit in the bytes')
  t.ok(cache.bytes <= one * 10)
  t.equal(cache.get(key(14)), undefined, 'the oldest went')
  t.same(cache.get(key(24))?.reason, 'r'.repeat(100), 'the newest stayed')
  cache.set(key(100), verdict('r'.repeat(500)))
  t.equal(cache.size, 8, 'a verdict of 500 characters takes the room of three of 100')
  t.ok(cache.bytes <= one * 10)
})

t.test('the count bound still holds when the bytes allow more', async t => {
  const cache = createVerdictCache({ max: 3, maxBytes: 1 << 20, ttlSeconds: 60 })
  for (let i = 0; i < 5; i++) cache.set(key(i), verdict('ok'))
  t.equal(cache.size, 3)
})

t.test('cache.maxBytes: 16 MiB by default; a bad value is named in the config error', async t => {
  t.equal(loadConfig({ env: {}, file: '/dev/null' }).cache.maxBytes, 16777216)
  t.equal(loadConfig({ env: {}, file: '/dev/null', overrides: { cache: { maxBytes: 1 << 20 } } }).cache.maxBytes, 1 << 20)
  for (const bad of [0, 1000, 'lots', 1.5]) {
    const err = t.throws(() => loadConfig({ env: {}, file: '/dev/null', overrides: { cache: { maxBytes: bad } } })) as ConfigError
    t.ok(err instanceof ConfigError)
    t.match(err.message, /cache\.maxBytes: expected an integer from 65536 to/)
  }
})
