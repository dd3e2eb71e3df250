// The config watcher's debounce runs on the injected clock: a burst of writes is one reload once the clock passes 200 ms.
import { mkdirSync, writeFileSync } from 'node:fs'
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

t.test('a user file that does not exist at start (nor its folder) is looked for on the clock, then read and followed', async t => {
  const dir = join(tempDir(t), 'hookjudge')
  const file = join(dir, 'config.yaml')
  const clock = testClock()
  let reloads = 0
  const watcher = watchConfig([file], () => { reloads++ }, { clock, debounceMs: 200, appearMs: 2000 })
  t.teardown(() => watcher.close())
  clock.advance(2000)
  clock.advance(200)
  t.equal(reloads, 0, 'nothing there: no reload')
  mkdirSync(dir)
  writeFileSync(file, 'a: 1\n')
  clock.advance(2000)
  clock.advance(200)
  t.equal(reloads, 1, 'it appeared: one reload')
  writeFileSync(file, 'a: 2\n')
  await clock.armed()
  clock.advance(200)
  t.equal(reloads, 2, 'and it is followed from then on')
})

t.test('/dev/null (no user file) is not looked for', async t => {
  const clock = testClock()
  const watcher = watchConfig(['/dev/null'], () => {}, { clock })
  t.teardown(() => watcher.close())
  t.equal(clock.pending(), 0)
})
