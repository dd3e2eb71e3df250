// safe-file: only regular files are read, FIFOs and devices are refused without blocking, reads are capped and deadlined.
import { execFileSync } from 'node:child_process'
import { symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { beforeDeadline, openRegular, readSmallFile } from '../server/core/safe-file.js'
import { tempDir } from './helper.js'

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
  t.equal(await readSmallFile(join(dir, 'ok'), 1024, Date.now() - 1), 'timeout', 'past the deadline nothing is read')
})

t.test('openRegular: noFollow refuses a symlink; the handle is a regular file with its size', async t => {
  const dir = tempDir(t)
  await writeFile(join(dir, 'f.jsonl'), 'abc\n')
  await symlink(join(dir, 'f.jsonl'), join(dir, 'link.jsonl'))
  const opened = await openRegular(join(dir, 'f.jsonl'), { until: Date.now() + 5000, noFollow: true })
  t.match(opened, { size: 4 })
  if (typeof opened !== 'string') await opened.fh.close()
  t.equal(await openRegular(join(dir, 'link.jsonl'), { until: Date.now() + 5000, noFollow: true }), 'unreadable')
})

t.test('beforeDeadline: a hung operation gives timeout, and what it yields late is handed back to be released', async t => {
  let release: (v: string) => void = () => {}
  const hung = new Promise<string>(resolve => { release = resolve })
  const late: string[] = []
  t.equal(await beforeDeadline(hung, Date.now() + 20, v => late.push(v)), 'timeout')
  release('handle')
  await hung
  t.strictSame(late, ['handle'])
  t.equal(await beforeDeadline(Promise.resolve(7), Date.now() + 1000), 7)
})
