// scanLinesBackwards: the same lines as a forward split, last first, at every chunk size; the byte cap; mid-write tails.
import { open, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { scanLinesBackwards } from '../../server/agents/tail-lines.js'
import { tempDir } from '../helper.js'

async function scan (file: string, opts: { chunk?: number, max?: number, stopAt?: string } = {}) {
  const fh = await open(file)
  try {
    const { size } = await fh.stat()
    const seen: Array<[string, boolean]> = []
    const r = await scanLinesBackwards(fh, size, opts.max ?? 1 << 30, (bytes, complete) => {
      const line = bytes.toString('utf8')
      seen.push([line, complete])
      return line === opts.stopAt
    }, opts.chunk)
    return { ...r, seen }
  } finally {
    await fh.close()
  }
}

t.test('every chunk size yields the lines of a forward split, last first, multibyte text intact', async t => {
  const dir = tempDir(t)
  const lines = ['{"a":1}', '', 'コミットします', 'x'.repeat(300), '{"emoji":"🎉🎉"}', 'last']
  const file = join(dir, 'f.jsonl')
  await writeFile(file, lines.join('\n') + '\n')
  const want = lines.filter(l => l !== '').reverse().map(l => [l, true])
  for (const chunk of [1, 2, 3, 5, 7, 64, 1 << 16]) {
    const r = await scan(file, { chunk })
    t.strictSame(r.seen, want, `chunk ${chunk}`)
    t.equal(r.end, 'start')
  }
})

t.test('a final line without its newline is passed as incomplete', async t => {
  const file = join(tempDir(t), 'f.jsonl')
  await writeFile(file, '{"a":1}\n{"b":')
  for (const chunk of [1, 4, 100]) {
    t.strictSame((await scan(file, { chunk })).seen, [['{"b":', false], ['{"a":1}', true]], `chunk ${chunk}`)
  }
})

t.test('the visitor stops the scan; the cap ends it without a partial line', async t => {
  const file = join(tempDir(t), 'f.jsonl')
  await writeFile(file, ['one', 'two', 'three', 'four'].join('\n') + '\n')
  const stopped = await scan(file, { chunk: 2, stopAt: 'three' })
  t.equal(stopped.end, 'stopped')
  t.strictSame(stopped.seen.map(s => s[0]), ['four', 'three'])
  t.ok(stopped.bytesRead < 19, 'read less than the whole file')
  const capped = await scan(file, { chunk: 4, max: 8 })
  t.equal(capped.end, 'cap')
  t.equal(capped.bytesRead, 8)
  t.strictSame(capped.seen.map(s => s[0]), ['four'], 'the cut line "three" (only "ree" read) is never passed')
})

t.test('an empty file ends at the start at once', async t => {
  const file = join(tempDir(t), 'f.jsonl')
  await writeFile(file, '')
  t.strictSame(await scan(file), { end: 'start', bytesRead: 0, seen: [] })
})
