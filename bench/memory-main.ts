/** `node --import tsx bench/memory-main.ts`: just the memory figures (issue 41, item 5), each on a fresh daemon. */
import { join } from 'node:path'
import { freePort, knob, type Section, startDaemon, startProcess, stopProcess } from './lib.js'
import { memory } from './memory.js'
import { idleRss, memoryReturn, scenarios, sleep } from './memory-return.js'
import { consoleReport } from './report.js'

const CLIENTS = knob('BENCH_MEM_CLIENTS', 200)
const TEXTS = knob('BENCH_MEM_TEXTS', 100000)
const CACHE_MAX = knob('BENCH_CACHE_MAX', 10000)
const only = process.env.BENCH_MEM_ONLY ?? 'abc'

const port = await freePort()
const fake = await startProcess([join('bench', 'fake-api.ts')], { PORT: String(port) }, port)
const url = `http://127.0.0.1:${port}`
const start = () => startDaemon(url, { cache: { max: CACHE_MAX } })
try {
  const list = scenarios(url, { slowMs: knob('BENCH_MEM_SLOW_MS', 2000), clients: CLIENTS, slowTotal: knob('BENCH_MEM_SLOW_TOTAL', 2000), misses: knob('BENCH_MEM_MISSES', 10000), bursts: 3 })
    .filter((_, i) => only.includes('ab'[i]!))
  const print = (s: Section) => process.stdout.write(`${consoleReport([s])}\n${s.note}\n`)
  // Each scenario is printed as it ends: a run cut short still shows what it measured.
  for (const s of list) print(await memoryReturn(start, [s], knob('BENCH_MEM_IDLE_S', 60)))
  if (only.includes('c')) {
    const daemon = await start()
    try {
      await sleep(2000)
      print(await memory(daemon, url, TEXTS, CACHE_MAX, await idleRss(daemon.pid), NaN))
    } finally { await daemon.stop() }
  }
} finally {
  await stopProcess(fake)
}
