// safe-file: only regular files are read, FIFOs and devices are refused without blocking, reads are capped and deadlined.
import { execFileSync } from 'node:child_process'
import { symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { beforeDeadline, openRegular, readSmallFile } from '../server/core/safe-file.js'
import { tempDir } from './helper.js'
import { testClock } from './helpers/clock.js'

t.test('readSmallFile: text, or why not', async t => {
  const dir = tempDir(t)
  await writeFile(join(dir, 'ok'), 'hello')
  await writeFile(join(dir, 'big'), 'x'.repeat(1025))
  await symlink('/dev/zero', join(dir, 'zero'))
  execFileSync('mkfifo', [join(dir, 'fifo')])
  t.strictSame(await readSmallFile(join(dir, 'ok'), 1024), { text: 'hello' })
  t.strictSame(await readSmallFile(join(dir, 'big'), 1024), 'too-large')
  t.strictSame(await readSmallFile(join(dir, 'big'), 1025), { text: 'x'.repeat(1025) }, 'exactly at the cap is fine')
  t.equal(await readSmallFile(join(dir, 'zero'), 1024), 'not-a-file', 'a symlink to a device')
  t.equal(await readSmallFile(join(dir, 'fifo'), 1024), 'not-a-file', 'a FIFO with no writer: refused at once')
  t.equal(await readSmallFile(join(dir, 'gone'), 1024), 'missing')
  t.equal(await readSmallFile(join(dir, 'ok', 'under'), 1024), 'missing', 'a path through a file')
  t.equal(await readSmallFile(dir, 1024), 'not-a-file', 'a directory')
  const clock = testClock()
  t.equal(await readSmallFile(join(dir, 'ok'), 1024, clock.now() - 1, clock), 'timeout', 'past the deadline nothing is read')
  t.strictSame(await readSmallFile(join(dir, 'ok'), 1024, clock.now() + 1, clock), { text: 'hello' }, 'before it, the whole file')
})

t.test('openRegular: noFollow refuses a symlink; the handle is a regular file with its size', async t => {
  const dir = tempDir(t)
  await writeFile(join(dir, 'f.jsonl'), 'abc\n')
  await symlink(join(dir, 'f.jsonl'), join(dir, 'link.jsonl'))
  // A clock no one moves: the deadline cannot pass, whatever the machine's load.
  const clock = testClock()
  const opened = await openRegular(join(dir, 'f.jsonl'), { until: clock.now() + 5000, noFollow: true, clock })
  t.match(opened, { size: 4 })
  if (typeof opened !== 'string') await opened.fh.close()
  t.equal(await openRegular(join(dir, 'link.jsonl'), { until: clock.now() + 5000, noFollow: true, clock }), 'unreadable')
  t.equal(clock.pending(), 0, 'each deadline timer is cancelled once its operation answers')
})

t.test('beforeDeadline: a hung operation gives timeout, and what it yields late is handed back to be released', async t => {
  let release: (v: string) => void = () => {}
  const hung = new Promise<string>(resolve => { release = resolve })
  const late: string[] = []
  const clock = testClock()
  const waiting = beforeDeadline(hung, clock.now() + 20, v => late.push(v), clock)
  t.equal(clock.advance(19), 0, 'not due before its time')
  t.equal(clock.advance(1), 1, 'the deadline fires at until')
  t.equal(await waiting, 'timeout')
  release('handle')
  await hung
  t.strictSame(late, ['handle'])
  t.equal(await beforeDeadline(Promise.resolve(7), clock.now() + 1000, undefined, clock), 7)
  t.equal(clock.pending(), 0, 'an answer in time cancels the deadline')
})
