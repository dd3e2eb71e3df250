/** Memory: the daemon's RSS idle, under load, along 100 000 distinct texts that all reach Layer 2 against a fast fake
 * backend (with the cache capped the curve must flatten once it is full), and once quiet after them (issue 41: ≤ 150 MB). */
import { Pool } from 'undici'
import { type Daemon, rssMiB, type Section, stopInput } from './lib.js'
import { control } from './layer2.js'
import { CLIENTS } from './throughput.js'

// About a kilobyte, like a real end-of-turn message; the number makes every text (so every cache key) distinct.
const PARA = 'I refactored the session store so refresh tokens rotate before expiry, updated the three call sites and the docs, and ran the unit tests locally. '
export const distinct = (i: number) => `${PARA.repeat(6)}Change ${i}: I'll commit and push to main now.`

const QUIET_MS = 15_000
/** Issue 41's bound on the daemon's RSS after 100 000 distinct judged texts. */
const BOUND_MIB = 150

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`

/** The daemon's JS heap in use, from its own /metrics (prom-client's default process metrics). */
async function heapMiB (url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text()
  return Number(/^(?:hookjudge_)?nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? NaN) / 2 ** 20
}

export async function memory (daemon: Daemon, fakeUrl: string, texts: number, cacheMax: number, idle: number, underLoad: number): Promise<Section> {
  await control(fakeUrl, 'delay=0&reset=1')
  const pool = new Pool(daemon.url, { connections: CLIENTS })
  const checkpoints: [number, number, number][] = []
  const step = Math.max(1, Math.round(texts / 10))
  let next = 0
  let done = 0
  let notJudged = 0
  const worker = async () => {
    while (next < texts) {
      const i = next++
      const res = await pool.request({ path: '/judge/commit', method: 'POST', headers: { 'content-type': 'application/json' }, body: stopInput(distinct(i)) })
      await res.body.dump()
      if (res.headers['x-hookjudge-source'] !== 'judge') notJudged++
      if (++done % step === 0) checkpoints.push([done, await rssMiB(daemon.pid), await heapMiB(daemon.url)])
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CLIENTS }, worker))
  const seconds = (performance.now() - started) / 1000
  await pool.close()
  const calls = (await control(fakeUrl, 'reset=1')).calls
  if (notJudged > 0) throw new Error(`${notJudged} of ${texts} texts did not reach Layer 2`)
  // Quiet, the daemon gives back what the run's garbage grew (server/ops/idle-memory.ts): RSS once it has.
  await new Promise(resolve => setTimeout(resolve, QUIET_MS))
  const after = await rssMiB(daemon.pid)
  const afterHeap = await heapMiB(daemon.url)
  const peak = Math.max(...checkpoints.map(c => c[1]))
  const mid = checkpoints.find(([n]) => n >= texts / 2) ?? [0, 0, 0]
  const last = checkpoints[checkpoints.length - 1] ?? [0, 0, 0]
  const heaps = checkpoints.filter(([n]) => n >= cacheMax).map(c => c[2])
  return {
    title: 'Memory (RSS of the daemon process)',
    note: 'Idle: after start-up and a warm-up, median of 5 samples. Under load: median over the throughput runs of each run\'s peak. ' +
      `Then ${texts} distinct ~1 KB texts, all Layer-1 hits, each judged by a fake backend answering at once (${calls} backend calls, ` +
      `${(texts / seconds).toFixed(0)} verdicts/s over ${CLIENTS} clients), with cache.max = ${cacheMax}: RSS every ${step} texts (the table shows every other). ` +
      `RSS from ${mid[0]} to ${last[0]} texts: ${signed(last[1] - mid[1])} MiB. Once the cache is full, the JS heap in use ` +
      `(the daemon's own /metrics, read at the same moments) stays between ${Math.min(...heaps).toFixed(0)} and ` +
      `${Math.max(...heaps).toFixed(0)} MiB: garbage collection's sawtooth, not growth. ` +
      `Then ${QUIET_MS / 1000} s quiet: RSS ${after.toFixed(1)} MiB (${after <= BOUND_MIB ? 'within' : 'over'} the ${BOUND_MIB} MiB bound; peak while judging ${peak.toFixed(1)} MiB).`,
    head: ['state', 'RSS MiB', 'JS heap used MiB'],
    rows: [
      ['idle', idle.toFixed(1), ''],
      ...(Number.isFinite(underLoad) ? [[`under load (${CLIENTS} clients, Layer-1 misses)`, underLoad.toFixed(1), '']] : []),
      // Every other sample in the table (the note's figures use them all): the report stays short.
      ...checkpoints.filter((_, i) => i % 2 === 1).map(([n, rss, heap]) => [`after ${n} distinct Layer-2 texts`, rss.toFixed(1), heap.toFixed(1)]),
      [`${QUIET_MS / 1000} s quiet after the last (bound ${BOUND_MIB} MiB)`, after.toFixed(1), afterHeap.toFixed(1)]
    ]
  }
}
