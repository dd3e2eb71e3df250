// The wait bench's arithmetic: the seeded log-normal delay is repeatable and has the stated median and spread, and the
// mean, p95 and share-waited of a list of waits are the ones worked out by hand.
import t from 'tap'
import { logNormal, percentile, summarize, uniforms } from '../bench/wait-draw.js'

t.test('uniforms: the same seed and request draw the same pair, whatever nonce the daemon put in', async t => {
  const a = uniforms('s', 'text <<<BEGIN AGENT TEXT 0123456789abcdef01234567>>>')
  t.same(uniforms('s', 'text <<<BEGIN AGENT TEXT fedcba9876543210fedcba98>>>'), a)
  t.not(uniforms('t', 'text <<<BEGIN AGENT TEXT 0123456789abcdef01234567>>>')[0], a[0], 'another seed, another draw')
  t.not(uniforms('s', 'other text')[0], a[0], 'another request, another draw')
  for (const u of a) t.ok(u > 0 && u < 1)
})

t.test('logNormal: σ 0 is the median; a sample has the median and the log-spread asked for', async t => {
  t.equal(logNormal(2000, 0, uniforms('s', 'x')), 2000)
  const xs = Array.from({ length: 20000 }, (_, i) => logNormal(2000, 0.6, uniforms('seed', String(i))))
  t.ok(Math.abs(percentile(xs, 0.5) / 2000 - 1) < 0.03, `median ${percentile(xs, 0.5)}`)
  const logs = xs.map(x => Math.log(x / 2000))
  const sd = Math.sqrt(logs.reduce((a, b) => a + b * b, 0) / logs.length)
  t.ok(Math.abs(sd - 0.6) < 0.02, `σ ${sd}`)
  t.ok(xs.every(x => x > 0))
})

t.test('percentile: nearest rank', async t => {
  const xs = Array.from({ length: 20 }, (_, i) => 20 - i)
  t.equal(percentile(xs, 0.95), 19)
  t.equal(percentile(xs, 0.5), 10)
  t.equal(percentile(xs, 1), 20)
  t.equal(percentile([7], 0.95), 7)
  t.ok(Number.isNaN(percentile([], 0.95)))
})

t.test('summarize: seconds, and the share held at least the floor', async t => {
  const waits = [5, 10, 2000, 3000, ...Array(16).fill(20)]
  t.same(summarize(waits, 100), { turns: 20, meanS: (5 + 10 + 2000 + 3000 + 16 * 20) / 20 / 1000, p95S: 2, waited: 0.1 })
  t.equal(summarize([100], 100).waited, 1, 'the floor itself waits')
  t.equal(summarize([99], 100).waited, 0)
  t.ok(Number.isNaN(summarize([], 100).meanS))
})
