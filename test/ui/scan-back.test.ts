// Reading decision files backwards: every line once with its true offset across 1 MiB chunks, torn tails, budgets.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { scanBack } from '../../server/ui/scan-back.js'
import { walkDecisions } from '../../server/ui/decision-walk.js'
import { tempDir } from '../helper.js'
import { record, seed } from './seed.js'

/** Lines of varied length, one longer than a chunk, so lines straddle every chunk boundary. */
function lines (): string[] {
  const out: string[] = []
  for (let i = 0; i < 3000; i++) out.push(`{"n":${i},"pad":"${'x'.repeat((i * 7919) % 1500)}"}`)
  out.splice(1500, 0, `{"n":"big","pad":"${'y'.repeat(1_600_000)}"}`)
  return out
}

/** Short stand-ins for long lines, so a failure prints a readable diff. */
const short = (l: string) => `${l.slice(0, 16)}…${l.length}`

function expected (ls: string[]): { offset: number, text: string }[] {
  let offset = 0
  return ls.map(text => { const at = offset; offset += Buffer.byteLength(text) + 1; return { offset: at, text } }).reverse()
}

t.test('whole file: newest first, true offsets, torn last line left out', async t => {
  const ls = lines()
  const path = join(tempDir(t), 'f.jsonl')
  writeFileSync(path, ls.join('\n') + '\n{"torn":')
  const got: { offset: number, text: string }[] = []
  const end = await scanBack(path, Number.MAX_SAFE_INTEGER, Infinity, l => { got.push(l); return true })
  t.equal(end.stoppedAt, 0)
  t.equal(got.length, ls.length)
  t.strictSame(got.map(l => [l.offset, short(l.text)]), expected(ls).map(l => [l.offset, short(l.text)]))
})

t.test('a budget stops between chunks; the next scan from stoppedAt finishes with no line lost or repeated', async t => {
  const ls = lines()
  const path = join(tempDir(t), 'f.jsonl')
  writeFileSync(path, ls.join('\n') + '\n')
  const got: string[] = []
  let end = Number.MAX_SAFE_INTEGER
  let scans = 0
  do {
    end = (await scanBack(path, end, 1 << 20, l => { got.push(l.text); return true })).stoppedAt
    scans++
  } while (end > 0 && scans < 50)
  t.ok(scans > 2, `several scans (${scans})`)
  t.strictSame(got.map(short), [...ls].reverse().map(short))
})

t.test('visit returning false stops at that line: the next scan starts just below it', async t => {
  const path = join(tempDir(t), 'f.jsonl')
  writeFileSync(path, 'a\nb\nc\n\nd\n')
  const first: string[] = []
  const r = await scanBack(path, 100, Infinity, l => { first.push(l.text); return first.length < 2 })
  t.strictSame(first, ['d', 'c'], 'blank lines are not visited')
  t.equal(r.stoppedAt, 4)
  const rest: string[] = []
  await scanBack(path, r.stoppedAt, Infinity, l => { rest.push(l.text); return true })
  t.strictSame(rest, ['b', 'a'])
  t.strictSame(await scanBack(join(path, 'missing'), 100, Infinity, () => true), { stoppedAt: 0, bytesRead: 0 })
})

t.test('walkDecisions skips lines that are not records and resumes across days from its cursor', async t => {
  const dir = tempDir(t)
  seed(dir, [record({ ts: '2026-11-30T10:00:00.000Z' }), record({ ts: '2026-12-01T10:00:00.000Z' })])
  writeFileSync(join(dir, 'decisions-2026-12-01.jsonl'), 'not json\n[1]\n', { flag: 'a' })
  const ids: string[] = []
  const cursor = await walkDecisions(dir, {}, f => { ids.push(f.id); return false })
  t.strictSame(ids, ['2026-12-01:0'])
  t.strictSame(cursor, { day: '2026-12-01', offset: 0 })
  await walkDecisions(dir, { before: cursor! }, f => { ids.push(f.id); return true })
  t.strictSame(ids, ['2026-12-01:0', '2026-11-30:0'])
})
