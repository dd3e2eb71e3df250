// The config watcher's debounce runs on the injected clock: a burst of writes is one reload once the clock passes 200 ms.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { watchConfig } from '../server/config/config-watch.js'
import { tempDir } from './helper.js'
import { testClock } from './helpers/clock.js'

t.test('two writes in a row: no reload before the debounce has passed on the clock, then exactly one', async t => {
  const file = join(tempDir(t), 'config.yaml')
  writeFileSync(file, 'a: 1\n')
  const clock = testClock()
  const seen: string[] = []
  const watcher = watchConfig([file], () => { seen.push('reload') }, { clock, debounceMs: 200 })
  t.teardown(() => watcher.close())
  writeFileSync(file, 'a: 2\n')
  writeFileSync(file, 'a: 3\n')
  await clock.armed()
  clock.advance(199)
  t.strictSame(seen, [], 'still inside the debounce')
  clock.advance(1)
  t.strictSame(seen, ['reload'], 'one reload for the burst')
  t.equal(clock.pending(), 0, 'nothing else scheduled')
})

t.test('close cancels a debounce that has not ended', async t => {
  const file = join(tempDir(t), 'config.yaml')
  writeFileSync(file, 'a: 1\n')
  const clock = testClock()
  let reloads = 0
  const watcher = watchConfig([file], () => { reloads++ }, { clock })
  writeFileSync(file, 'a: 2\n')
  await clock.armed()
  watcher.close()
  clock.advance(1000)
  t.equal(reloads, 0)
})
