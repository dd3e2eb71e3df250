// Decision-log housekeeping runs on the injected clock: pruned by its date at start, then again each day it moves on.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import t from 'tap'
import { startHousekeeping } from '../../server/ops/housekeeping.js'
import { tempDir, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'

const DAY_MS = 86400_000

t.test('retention counts back from the clock\'s date, at start and on each daily run', async t => {
  const dir = join(tempDir(t), 'state')
  mkdirSync(dir)
  for (const day of ['2026-01-15', '2026-02-20', '2026-03-09']) writeFileSync(join(dir, `decisions-${day}.jsonl`), '{}\n')
  const config = testConfig({ decisionLog: { enabled: true, dir, retentionDays: 30 } })
  const removed: string[][] = []
  const log = { info: (o: { removed: string[] }) => { removed.push(o.removed) }, warn: () => {} } as unknown as FastifyBaseLogger
  const clock = testClock({ start: Date.parse('2026-03-10T03:00:00Z') })
  const hk = startHousekeeping(() => config, {}, log, clock)
  t.teardown(hk.stop)
  await hk.first
  t.strictSame(removed, [['decisions-2026-01-15.jsonl']], 'at start: only the file more than 30 days before the clock\'s date')
  t.ok(existsSync(join(dir, 'decisions-2026-02-20.jsonl')))

  clock.advance(DAY_MS)
  await clock.settled()
  t.equal(removed.length, 1, 'a day later nothing more is old enough')
  clock.advance(20 * DAY_MS)
  await clock.settled()
  t.strictSame(readdirSync(dir), ['decisions-2026-03-09.jsonl'], 'three weeks on, the February file is past retention')
})
