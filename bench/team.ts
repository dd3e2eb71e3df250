/** Team figures: three replicas sharing one redis-server; cross-replica cache hits, throughput with Redis on and off,
 * and what shared state adds to a Layer-2 call. Run alone (`node --import tsx bench/team.ts`) or from bench/run.ts. */
import { Pool } from 'undici'
import { startRedis } from '../test/helpers/redis-server.js'
import { control, hitText } from './layer2.js'
import { type Daemon, median, ms, type Section, startDaemon, stats, stopInput, times } from './lib.js'

export const TEAM_ROUTE = '/judge'
const CLIENTS = 16

async function post (pool: Pool, text: string, session = 'bench'): Promise<{ ms: number, source: string }> {
  const t0 = performance.now()
  const body = stopInput(text).replace('"session_id":"bench"', `"session_id":"${session}"`)
  const res = await pool.request({ path: TEAM_ROUTE, method: 'POST', headers: { 'content-type': 'application/json' }, body })
  await res.body.dump()
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`)
  return { ms: performance.now() - t0, source: String(res.headers['x-hookjudge-source']) }
}

// After each timed request: the writes a daemon sends after its answer finish before the next request is timed,
// as they would during the agent's own turn, instead of landing on the next (other) daemon's time.
const GAP_MS = 3
const settle = () => new Promise(resolve => setTimeout(resolve, GAP_MS))

type Timed = (i: number) => Promise<{ ms: number, source: string }>

/** n pairs, one request on each daemon, alternating which goes first; [sharing replica's ms, in-process daemon's ms]. */
async function paired (n: number, shared: Timed, local: Timed, source?: string): Promise<[number[], number[]]> {
  const out: [number[], number[]] = [[], []]
  for (let i = 0; i < n; i++) {
    for (const side of i % 2 === 0 ? [0, 1] as const : [1, 0] as const) {
      const r = await (side === 0 ? shared : local)(i)
      if (source !== undefined && r.source !== source) throw new Error(`expected source ${source}, got ${r.source}`)
      out[side].push(r.ms)
      await settle()
    }
  }
  return out
}

/** Requests/s of distinct Layer-2 texts (each a model call to the fake, which answers at once) at CLIENTS clients. */
async function rate (url: string, tag: string, total: number): Promise<number> {
  const pool = new Pool(url, { connections: CLIENTS })
  let next = 0
  const t0 = performance.now()
  await Promise.all(Array.from({ length: CLIENTS }, async () => { while (next < total) await post(pool, hitText(next++) + tag) }))
  const rps = total / ((performance.now() - t0) / 1000)
  await pool.close()
  return rps
}

export async function team (fakeUrl: string, samples: number, total: number, runs: number): Promise<Section> {
  const redis = await startRedis()
  const shared = { state: { redis: { url: redis.url } } }
  const daemons: Daemon[] = []
  try {
    for (let i = 0; i < 3; i++) daemons.push(await startDaemon(fakeUrl, shared))
    const local = await startDaemon(fakeUrl)
    daemons.push(local)
    const [a, b, c] = daemons.slice(0, 3).map(d => new Pool(d.url, { connections: 1 }))
    const solo = new Pool(local.url, { connections: 1 })
    await control(fakeUrl, 'delay=0&reset=1')
    for (let i = 0; i < 20; i++) for (const p of [a!, b!, c!, solo]) await post(p, `warm ${i}: I'll commit and push now.`)
    // Cross-replica hit: A judged the text, B's first sight of it comes from Redis; B's second is its own LRU.
    // Not timed, only counted: a request that found Redis slow (over timeoutMs on a busy machine) and was judged
    // locally, and one that reached Redis before A's store: it takes A's announced verdict, not a hit.
    const remote: number[] = []
    const inProcess: number[] = []
    let missed = 0
    for (let i = 0; i < samples; i++) {
      const text = hitText(i) + ' (cross)'
      await post(a!, text)
      await settle()
      const r = await post(i % 2 === 0 ? b! : c!, text)
      await settle()
      if (r.source !== 'cache') { missed++; continue }
      remote.push(r.ms)
      inProcess.push((await post(i % 2 === 0 ? b! : c!, text)).ms)
      await settle()
    }
    // A Layer-2 call (a miss: lookup and claim in Redis, the model, the verdicts stored and announced) on a replica
    // sharing state, beside the same call on a daemon keeping it in process; the fake answers at once.
    const misses = await paired(samples, i => post(a!, hitText(i) + ' (miss redis)'), i => post(solo, hitText(i) + ' (miss local)'), 'judge')
    // Control: the same texts again, now hits in each daemon's own LRU (no Redis round trip is waited for on either):
    // their paired difference is what the two daemons differ by without shared state, the noise floor of the others.
    const hits = await paired(samples, i => post(a!, hitText(i) + ' (miss redis)'), i => post(solo, hitText(i) + ' (miss local)'), 'cache')
    // The same for a call whose verdict blocks (its loop guard decided from the state read with the claim); one session
    // each, so no guard releases.
    await control(fakeUrl, 'block=1')
    const blocks = await paired(samples, i => post(a!, hitText(i) + ' (block redis)', `block-${i}`), i => post(solo, hitText(i) + ' (block local)', `block-${i}`), 'judge')
    await control(fakeUrl, 'block=0')
    for (const p of [a!, b!, c!, solo]) await p.close()
    const on: number[] = []
    const off: number[] = []
    for (let r = 0; r < runs; r++) {
      on.push(await rate(daemons[0]!.url, ` (load on ${r})`, total))
      off.push(await rate(local.url, ` (load off ${r})`, total))
    }
    const rs = stats(remote)
    const ls = stats(inProcess)
    // The median of paired differences: each pair ran back to back, so a busy moment of the machine hits both.
    const [withRedis, without] = misses
    const [blockRedis, blockLocal] = blocks
    const added = median(withRedis.map((x, i) => x - without[i]!))
    const addedBlock = median(blockRedis.map((x, i) => x - blockLocal[i]!))
    const bias = median(hits[0].map((x, i) => x - hits[1][i]!))
    return {
      title: 'Team: three replicas sharing one Redis',
      note: 'Three `hookjudge serve` processes with `state.redis.url` on one loopback redis-server (7, no persistence), and one ' +
        `without it; the fake judge API answers at once. Cache hits: ${samples} texts judged on replica A, then asked on B or C ` +
        `(first time there: from Redis), then again (from that replica's LRU); one keep-alive client. Layer-2 call: ${samples} ` +
        'distinct texts in pairs, one on a sharing replica and one on the in-process daemon (which goes first alternates), ' +
        `once with allowing and once with blocking verdicts (a session each); ${GAP_MS} ms between timed requests, so the ` +
        `writes a daemon sends after its answer do not land on the next one's time. Throughput: ${CLIENTS} clients, ` +
        `${total} distinct Layer-2 texts a run, ${runs} runs each, alternating; route ${TEAM_ROUTE}.`,
      head: ['figure', 'median', 'p99', 'note'],
      rows: [
        ['cache hit from another replica (via Redis)', `${ms(rs.median)} ms`, `${ms(rs.p99)} ms`, `${times(rs.median / ls.median)} the in-process hit; ${samples - missed} of ${samples} shared`],
        ['cache hit in process (the replica\'s LRU)', `${ms(ls.median)} ms`, `${ms(ls.p99)} ms`, ''],
        ['Layer-2 call, state in Redis', `${ms(median(withRedis))} ms`, `${ms(stats(withRedis).p99)} ms`, ''],
        ['Layer-2 call, state in process', `${ms(median(without))} ms`, `${ms(stats(without).p99)} ms`, ''],
        ['added by shared state to a Layer-2 call', `${ms(added)} ms`, '', 'median of paired differences; target ≤ 1 ms'],
        ['control: an LRU hit on the sharing replica, minus on the other', `${ms(bias)} ms`, '', 'no shared state waited for: the noise floor of the differences'],
        ['Layer-2 call that blocks, state in Redis', `${ms(median(blockRedis))} ms`, `${ms(stats(blockRedis).p99)} ms`, ''],
        ['Layer-2 call that blocks, state in process', `${ms(median(blockLocal))} ms`, `${ms(stats(blockLocal).p99)} ms`, ''],
        ['added by shared state to a Layer-2 call that blocks', `${ms(addedBlock)} ms`, '', 'median of paired differences; one round trip, as for an allow'],
        ['throughput, Redis on', `${median(on).toFixed(0)} req/s`, '', `${times(median(on) / median(off))} Redis off`],
        ['throughput, Redis off', `${median(off).toFixed(0)} req/s`, '', '']
      ]
    }
  } finally {
    await Promise.all(daemons.map(d => d.stop()))
    await redis.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { freePort, knob, startProcess, stopProcess } = await import('./lib.js')
  const { join } = await import('node:path')
  const port = await freePort()
  const fake = await startProcess([join('bench', 'fake-api.ts')], { PORT: String(port) }, port)
  try {
    const section = await team(`http://127.0.0.1:${port}`, knob('BENCH_TEAM', 200), knob('BENCH_TEAM_LOAD', 3000), knob('BENCH_LOAD_RUNS', 3))
    const { markdownTable } = await import('./report.js')
    process.stdout.write([`## ${section.title}`, '', section.note, '', markdownTable(section)].join('\n') + '\n')
  } finally {
    await stopProcess(fake)
  }
}
