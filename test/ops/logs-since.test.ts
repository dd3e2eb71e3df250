// logs --since DURATION counts back from the verb's clock (the io's), never from the machine's: a fixed wall time here.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { logsCommand } from '../../server/commands/logs.js'
import { tempDir } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { capture } from '../helpers/ops.js'

// 01:00 UTC: two hours back is the day before, so the previous day's file must be read, and only from 23:00 on.
const NOW = Date.parse('2026-03-10T01:00:00.000Z')
const STAMPS = [
  '2026-03-09T21:00:00.000Z',
  '2026-03-09T22:59:59.999Z',
  '2026-03-09T23:00:00.000Z',
  '2026-03-10T00:30:00.000Z',
  '2026-03-10T00:59:59.000Z'
]

function seed (dir: string) {
  mkdirSync(dir, { recursive: true })
  for (const day of new Set(STAMPS.map(ts => ts.slice(0, 10)))) {
    const lines = STAMPS.filter(ts => ts.startsWith(day)).map(ts => JSON.stringify({ ts, hook: 'commit', decision: 'allow', source: 'layer1', ms: 1, reason: ts }))
    writeFileSync(join(dir, `decisions-${day}.jsonl`), lines.join('\n') + '\n')
  }
}

t.test('logs --since 2h prints exactly the records of the two hours before the injected time', async t => {
  const dir = tempDir(t)
  const logDir = join(dir, 'state')
  seed(logDir)
  const cli = join(dir, 'cli.yaml')
  writeFileSync(cli, `decisionLog: { dir: "${logDir}" }\n`)
  const run = async (since: string) => {
    const c = capture({ HOME: dir }, { clock: testClock({ start: NOW }) })
    t.equal(await logsCommand(['--config', cli, '--since', since, '--json'], c.io), 0)
    return c.out().trim().split('\n').filter(Boolean).map(l => JSON.parse(l).ts as string)
  }
  t.strictSame(await run('2h'), STAMPS.slice(2), 'from 23:00:00.000 on, across the day boundary')
  t.strictSame(await run('90m'), STAMPS.slice(3))
  t.strictSame(await run('1d'), STAMPS, 'a day back: all of them')
  t.strictSame(await run('1s'), STAMPS.slice(4), 'one second back: the record of exactly then')
})
