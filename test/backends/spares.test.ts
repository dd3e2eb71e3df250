// The spare pool: spares per key, a bound on live processes, recycling by age (injected clock), close.
import { tmpdir } from 'node:os'
import t from 'tap'
import { startProc } from '../../server/backends/process.js'
import { createProcPool } from '../../server/backends/spares.js'
import { gone } from '../helpers/judge-clis.js'

// Echoes its prompt: a stand-in judge that waits on stdin like claude -p and codex exec -.
const echo = () => startProc({ argv: ['sh', '-c', 'cat'], env: { PATH: process.env.PATH }, cwd: tmpdir(), maxBytes: 65536 })
const signal = () => AbortSignal.timeout(10000)

t.test('a spare per key is used, replaced, and the least recently used loses its spare at the bound', async t => {
  const pool = createProcPool({ spares: 2, maxProcesses: 3, idleMs: 600_000 })
  t.teardown(() => pool.close())
  pool.prime('a', echo)
  pool.prime('b', echo)
  t.same(pool.stats().spares.map(s => s.key), ['a', 'b'])
  const a1 = pool.stats().spares[0]!.pid
  const got = await pool.acquire('a', echo, signal())
  t.ok(got.spare)
  t.equal(got.proc.pid, a1)
  t.same(pool.stats().spares.map(s => s.key).sort(), ['a', 'b'], 'a replacement for a was started at once')
  t.equal(pool.stats().alive, 3)
  t.equal((await got.proc.finish('verdict', signal())).stdout, 'verdict')
  const c = await pool.acquire('c', echo, signal())
  t.notOk(c.spare, 'no spare for a new key')
  t.ok(pool.stats().alive <= 3, 'never more than maxProcesses')
  await c.proc.finish('', signal())
  t.same(pool.stats().spares.map(s => s.key).sort(), ['a', 'c'], 'b was least recently used: it lost its spare to c')
})

t.test('at the bound a request waits for a free slot, and gives up at its deadline', async t => {
  const pool = createProcPool({ spares: 0, maxProcesses: 1, idleMs: 600_000 })
  t.teardown(() => pool.close())
  const first = await pool.acquire('a', echo, signal())
  const late = new AbortController()
  const waiting = pool.acquire('a', echo, late.signal)
  late.abort()
  await t.rejects(waiting, { code: 'timeout', message: /all 1 judge processes busy/ })
  const queued = pool.acquire('a', echo, signal())
  t.equal((await first.proc.finish('one', signal())).stdout, 'one')
  const second = await queued
  t.equal((await second.proc.finish('two', signal())).stdout, 'two')
  t.equal(pool.stats().spawned, 2)
})

t.test('spares idle too long are recycled; a spare that died is not handed out; close kills everything', async t => {
  let now = 1_000
  const pool = createProcPool({ spares: 1, maxProcesses: 2, idleMs: 60_000, now: () => now })
  pool.prime('a', echo)
  const old = pool.stats().spares[0]!.pid!
  now += 59_999
  await pool.recycle()
  t.equal(pool.stats().spares[0]!.pid, old, 'not yet')
  now += 1
  await pool.recycle()
  const fresh = pool.stats().spares[0]!.pid!
  t.not(fresh, old)
  t.ok(await gone(old), 'the old spare was killed')
  t.equal(pool.stats().spares[0]!.ageMs, 0)

  const dead = startProc({ argv: ['true'], env: { PATH: process.env.PATH }, cwd: tmpdir(), maxBytes: 1024 })
  pool.prime('d', () => dead)
  await dead.exited
  const got = await pool.acquire('d', echo, signal())
  t.notOk(got.spare, 'the dead spare was skipped')
  await pool.close()
  t.ok(await gone(got.proc.pid!), 'a busy process is killed at close')
  t.equal(pool.stats().alive, 0)
  await t.rejects(pool.acquire('a', echo, signal()), { message: /closed/ })
})
