// scanLinesBackwards: the same lines as a forward split, last first, at every chunk size and across the read ahead; the byte
// cap; mid-write tails; a file growing under the scan.
import { appendFileSync } from 'node:fs'
import { open, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { CHUNK_BYTES, scanLinesBackwards } from '../../server/agents/tail-lines.js'
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

t.test('lines across the growing chunks and the read ahead: every line once, in order, a line split at each chunk edge', async t => {
  const file = join(tempDir(t), 'f.jsonl')
  // 300 KB of lines of varied length: edges of the 16, 32, 64 and 128 KB chunks fall inside lines and on newlines.
  const lines = Array.from({ length: 3000 }, (_, i) => `${i}:${'y'.repeat((i * 37) % 190)}`)
  await writeFile(file, lines.join('\n') + '\n')
  t.strictSame((await scan(file)).seen, lines.reverse().map(l => [l, true]))
})

t.test('a newline exactly at a chunk edge ends a line there; the next chunk starts a new one', async t => {
  const file = join(tempDir(t), 'f.jsonl')
  const last = 'z'.repeat(CHUNK_BYTES - 1)
  const before = 'w'.repeat(2 * CHUNK_BYTES - 1)
  await writeFile(file, `first\n${before}\n${last}\n`)
  const r = await scan(file)
  t.strictSame(r.seen.map(([l, c]) => [l.length, c]), [[last.length, true], [before.length, true], [5, true]])
})

t.test('one line longer than many chunks is joined once, whole', async t => {
  const file = join(tempDir(t), 'f.jsonl')
  const huge = `{"x":"${'h'.repeat(3 << 20)}"}`
  await writeFile(file, `a\n${huge}\nb\n`)
  const r = await scan(file)
  t.strictSame(r.seen.map(([l]) => l.length), [1, huge.length, 1])
  t.equal(r.seen[1]![0], huge)
})

t.test('a file that grows during the scan: only the lines up to the size given are read', async t => {
  const file = join(tempDir(t), 'f.jsonl')
  const lines = Array.from({ length: 2000 }, (_, i) => `line ${i} ${'v'.repeat(100)}`)
  await writeFile(file, lines.join('\n') + '\n')
  const fh = await open(file)
  try {
    const { size } = await fh.stat()
    const seen: string[] = []
    let grown = false
    const r = await scanLinesBackwards(fh, size, 1 << 30, bytes => {
      // The agent writes on while the read goes back through older chunks.
      if (!grown) { grown = true; appendFileSync(file, 'appended after the size was taken\n'.repeat(5000)) }
      seen.push(bytes.toString('utf8'))
      return false
    })
    t.equal(r.end, 'start')
    t.strictSame(seen, lines.reverse())
  } finally {
    await fh.close()
  }
})

t.test('a scan stopped while the next chunk is read ahead ends cleanly; its file closes', async t => {
  const file = join(tempDir(t), 'f.jsonl')
  await writeFile(file, Array.from({ length: 60000 }, (_, i) => `row ${i}`).join('\n') + '\n')
  // About 360 KB from the end: in the fifth chunk, while the sixth is read ahead.
  const r = await scan(file, { stopAt: 'row 25000' })
  t.equal(r.end, 'stopped')
  t.equal(r.seen.at(-1)![0], 'row 25000')
  t.equal(r.bytesRead, CHUNK_BYTES * (1 + 2 + 4 + 8 + 16), 'the chunk read ahead is not counted')
})
