// Pure parts of operations: which decision files pruning removes, histogram quantiles, --since parsing, unit quoting.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { parseSince } from '../../server/commands/logs.js'
import { dayFiles, type DayFile, filesToPrune, pruneDecisionFiles } from '../../server/ops/decision-files.js'
import { quantile } from '../../server/ops/figures.js'
import { unitWord } from '../../server/service/systemd.js'
import { tempDir } from '../helper.js'

const NOW = new Date('2026-05-31T12:00:00Z')
const file = (day: string, size: number): DayFile => ({ name: `decisions-${day}.jsonl`, day, path: `/x/decisions-${day}.jsonl`, size })
const days = [file('2026-04-01', 100), file('2026-04-30', 100), file('2026-05-01', 100), file('2026-05-30', 100), file('2026-05-31', 500)]

t.test('filesToPrune', async t => {
  const cases: [string, { retentionDays: number, maxBytes: number }, string[]][] = [
    ['retention drops the days older than 30', { retentionDays: 30, maxBytes: 0 }, ['2026-04-01', '2026-04-30']],
    ['0 keeps every day', { retentionDays: 0, maxBytes: 0 }, []],
    ['the cap drops the oldest days first', { retentionDays: 0, maxBytes: 700 }, ['2026-04-01', '2026-04-30']],
    ['both apply', { retentionDays: 30, maxBytes: 550 }, ['2026-04-01', '2026-04-30', '2026-05-01', '2026-05-30']],
    ['today\'s file stays even over the cap', { retentionDays: 1, maxBytes: 10 }, ['2026-04-01', '2026-04-30', '2026-05-01', '2026-05-30']]
  ]
  for (const [name, opts, gone] of cases) t.strictSame(filesToPrune(days, opts, NOW).map(f => f.day), gone, name)
})

t.test('pruneDecisionFiles removes only daily decision files', async t => {
  const dir = tempDir(t)
  for (const name of ['decisions-2020-01-01.jsonl', 'decisions-2026-05-31.jsonl', 'notes.txt']) writeFileSync(join(dir, name), 'x\n')
  t.strictSame(await pruneDecisionFiles(dir, { retentionDays: 30, maxBytes: 0 }, NOW), ['decisions-2020-01-01.jsonl'])
  t.strictSame((await dayFiles(dir)).map(f => f.name), ['decisions-2026-05-31.jsonl'])
  t.strictSame(await dayFiles(join(dir, 'missing')), [])
})

t.test('quantile interpolates inside the bucket, like histogram_quantile', async t => {
  const b: [number, number][] = [[0.1, 50], [1, 90], [10, 100], [Infinity, 100]]
  t.equal(quantile(b, 0.5), 0.1)
  t.equal(quantile(b, 0.7), 0.1 + 0.9 * (20 / 40))
  t.equal(quantile(b, 0.99), 1 + 9 * 0.9)
  t.equal(quantile([[1, 0], [Infinity, 0]], 0.5), null, 'no observations')
  t.equal(quantile([[1, 0], [Infinity, 4]], 0.5), 1, 'past the last bound: that bound')
})

t.test('parseSince takes durations and dates', async t => {
  t.equal(parseSince('90m', NOW).toISOString(), '2026-05-31T10:30:00.000Z')
  t.equal(parseSince('7d', NOW).toISOString(), '2026-05-24T12:00:00.000Z')
  t.equal(parseSince('2026-05-01', NOW).toISOString(), '2026-05-01T00:00:00.000Z')
  t.throws(() => parseSince('soon', NOW), /--since takes a date/)
})

t.test('unitWord quotes for systemd', async t => {
  t.equal(unitWord('/usr/bin/node'), '/usr/bin/node')
  t.equal(unitWord('/a b/c'), '"/a b/c"')
  t.equal(unitWord('100%'), '100%%')
  t.equal(unitWord('$HOME'), '"$$HOME"')
  t.equal(unitWord('say "hi"\\'), '"say \\"hi\\"\\\\"')
})
