/** The deadline under load: N concurrent distinct Layer-1 hits against a backend slower than its queue allows; the share
 * of answers later than deadline + 100 ms, seen by the clients and by the daemon's own records; then the same rounds
 * with the shipped circuit breaker: how many answers are the judge's, and whether the slow backend's circuit opened.
 * Run: node --import tsx bench/deadline.ts (knobs: BENCH_DEADLINE_N, _ROUNDS, _MS, _DELAY_MS). */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Pool } from 'undici'
import { control, hitText } from './layer2.js'
import { freePort, knob, machine, ms, startDaemon, startProcess, stats, stopInput, stopProcess } from './lib.js'

const N = knob('BENCH_DEADLINE_N', 200)
const ROUNDS = knob('BENCH_DEADLINE_ROUNDS', 3)
const DEADLINE_MS = knob('BENCH_DEADLINE_MS', 2000)
const DELAY_MS = knob('BENCH_DEADLINE_DELAY_MS', 1500)
const LATE_MS = DEADLINE_MS + 100

interface Answer { ms: number, source: string, status: number }

async function post (pool: Pool, text: string, session: string): Promise<Answer> {
  const t0 = performance.now()
  const body = stopInput(text).replace('"session_id":"bench"', `"session_id":"${session}"`)
  const res = await pool.request({ path: '/judge', method: 'POST', headers: { 'content-type': 'application/json' }, body })
  await res.body.dump()
  return { ms: performance.now() - t0, source: String(res.headers['x-hookjudge-source']), status: res.statusCode }
}

/** The daemon's own view: each request's ms (arrival at the route to answer), one per turn, warm-up left out. */
function recordedMs (stateDir: string): number[] {
  const dir = join(stateDir, 'hookjudge')
  const turns = new Map<string, number>()
  for (const f of readdirSync(dir).filter(f => f.startsWith('decisions-'))) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean)) {
      const r = JSON.parse(line) as { turn: string, ms: number, sessionId: string }
      if (r.sessionId !== 'warm') turns.set(r.turn, r.ms)
    }
  }
  return [...turns.values()]
}

const share = (xs: number[]) => `${xs.filter(x => x > LATE_MS).length} = ${(100 * xs.filter(x => x > LATE_MS).length / xs.length).toFixed(1)} %`

/** The same rounds against a daemon with the shipped breaker (judge.circuit defaults): the judge's share of the answers,
 * the calls an open circuit skipped, and the circuit's state after. */
async function shippedBreaker (fakeUrl: string): Promise<string> {
  const d = await startDaemon(fakeUrl, { judge: { backends: ['anthropic'], deadlineMs: DEADLINE_MS } })
  try {
    const pool = new Pool(d.url, { connections: N, pipelining: 1 })
    await Promise.all(Array.from({ length: N }, () => pool.request({ path: '/healthz', method: 'GET' }).then(r => r.body.dump())))
    let judged = 0
    for (let r = 0; r < ROUNDS; r++) {
      const answers = await Promise.all(Array.from({ length: N }, (_, i) => post(pool, `${hitText(r * N + i)} Breaker round ${r}.`, `b${r}-${i}`)))
      judged += answers.filter(a => a.source === 'judge').length
    }
    await pool.close()
    const metrics = await (await fetch(`${d.url}/metrics`)).text()
    const skipped = /hookjudge_backend_requests_total\{backend="anthropic",outcome="circuit_open"\} (\d+)/.exec(metrics)?.[1] ?? '0'
    const ready = await (await fetch(`${d.url}/readyz`)).json() as { backends?: { name: string, circuit?: { state: string } | null }[] }
    const circuit = ready.backends?.find(b => b.name === 'anthropic')?.circuit?.state ?? 'unknown'
    return `shipped breaker (judge.circuit defaults), ${ROUNDS} rounds more: judge answers ${judged} of ${N * ROUNDS} ` +
      `(${(100 * judged / (N * ROUNDS)).toFixed(1)} %), calls skipped by an open circuit ${skipped}; circuit after: ${circuit}`
  } finally {
    await d.stop()
  }
}

const fakePort = await freePort()
const fakeUrl = `http://127.0.0.1:${fakePort}`
const fake = await startProcess(['bench/fake-api.ts'], { PORT: String(fakePort) }, fakePort)
// The breaker at its highest threshold: every round meets the slow backend instead of a circuit opened by the last one.
const daemon = await startDaemon(fakeUrl, { judge: { backends: ['anthropic'], deadlineMs: DEADLINE_MS, circuit: { failures: 1000 } } })
const before = machine()
const all: Answer[] = []
const perRound: { late: number, max: number }[] = []
let daemonMs: number[] = []
let breaker = ''
try {
  // Every client's connection is open before the first round: the figures are the daemon's, not TCP handshakes.
  const pool = new Pool(daemon.url, { connections: N, pipelining: 1 })
  await Promise.all(Array.from({ length: N }, () => pool.request({ path: '/healthz', method: 'GET' }).then(r => r.body.dump())))
  await control(fakeUrl, 'delay=0')
  for (let i = 0; i < 5; i++) await post(pool, hitText(-1 - i), 'warm')
  await control(fakeUrl, `delay=${DELAY_MS}&reset=1`)
  for (let r = 0; r < ROUNDS; r++) {
    // Distinct texts (and sessions): no cache hit and no coalescing, every request its own model call.
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => post(pool, `${hitText(r * N + i)} Round ${r}.`, `s${r}-${i}`)))
    const bad = answers.filter(a => a.status !== 200)
    if (bad.length > 0) throw new Error(`${bad.length} answers were not HTTP 200 (first: ${bad[0]!.status})`)
    perRound.push({ late: answers.filter(a => a.ms > LATE_MS).length / N, max: Math.max(...answers.map(a => a.ms)) })
    all.push(...answers)
  }
  await pool.close()
  await daemon.stop(() => { daemonMs = recordedMs(daemon.stateDir) })
  breaker = await shippedBreaker(fakeUrl)
} finally {
  await daemon.stop()
  await stopProcess(fake)
}

const s = stats(all.map(a => a.ms))
const d = stats(daemonMs)
const counts = new Map<string, number>()
for (const a of all) counts.set(a.source, (counts.get(a.source) ?? 0) + 1)
process.stdout.write([
  `deadline bench: ${N} concurrent distinct Layer-1 hits (POST /judge, Claude Code Stop), ${ROUNDS} rounds; ` +
    `backend answers after ${DELAY_MS} ms, judge.deadlineMs ${DEADLINE_MS}`,
  `machine: ${before.cpu}, node ${before.node}; load average ${before.load} before, ${machine().load} after`,
  `answers: ${all.length} (${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')})`,
  `clients: later than ${LATE_MS} ms: ${share(all.map(a => a.ms))} (per round ${perRound.map(p => `${(100 * p.late).toFixed(1)} %`).join(', ')}); ` +
    `median ${ms(s.median)}, p99 ${ms(s.p99)}, max ${ms(Math.max(...all.map(a => a.ms)))} ms`,
  `daemon records (route to answer): later than ${LATE_MS} ms: ${share(daemonMs)}; median ${ms(d.median)}, p99 ${ms(d.p99)}, max ${ms(Math.max(...daemonMs))} ms`,
  breaker
].join('\n') + '\n')
