/** Memory comes back (issue 41): the daemon's RSS after a burst of 200 clients on a slow backend and after bursts of
 * distinct Layer-1 misses, sampled while it idles; the target is within 25 % of its idle RSS 60 s later. */
import { Pool } from 'undici'
import { type Daemon, median, rssMiB, sampleRss, type Section, stopInput } from './lib.js'
import { control } from './layer2.js'
import { distinct } from './memory.js'
/** An ordinary reply no hook's Layer 1 sends on; the number makes every text distinct. */
const missText = (i: number) => `I renamed the helper, updated its three callers and the README (case ${i}). All done here.`

export const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** `total` POST /judge of text(i) over `clients` keep-alive connections; the RSS peak while they run. */
async function burst (daemon: Daemon, clients: number, total: number, text: (i: number) => string): Promise<number> {
  const pool = new Pool(daemon.url, { connections: clients })
  const sampler = sampleRss(daemon.pid)
  let next = 0
  const worker = async () => {
    while (next < total) {
      const res = await pool.request({ path: '/judge', method: 'POST', headers: { 'content-type': 'application/json' }, body: stopInput(text(next++)) })
      await res.body.dump()
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} from /judge`)
    }
  }
  try {
    await Promise.all(Array.from({ length: clients }, worker))
  } finally {
    await pool.close()
  }
  return Math.max(await rssMiB(daemon.pid), ...sampler.stop())
}

/** RSS every `every` ms for `seconds` of idle; the samples, the first one at `every`. */
async function idleCurve (pid: number, seconds: number, every = 5000): Promise<number[]> {
  const out: number[] = []
  for (let t = every; t <= seconds * 1000; t += every) {
    await sleep(every)
    out.push(await rssMiB(pid))
  }
  return out
}

export async function idleRss (pid: number): Promise<number> {
  const xs: number[] = []
  for (let i = 0; i < 5; i++) { xs.push(await rssMiB(pid)); await sleep(200) }
  return median(xs)
}

export interface Scenario { name: string, run: (daemon: Daemon) => Promise<number> }

/** The two bursts of issue 41: each scenario on a fresh daemon, its idle RSS measured after a warm-up. */
export function scenarios (fakeUrl: string, opts: { slowMs: number, clients: number, slowTotal: number, misses: number, bursts: number }): Scenario[] {
  return [
    {
      name: `${opts.clients} clients, backend answering after ${opts.slowMs} ms, ${opts.slowTotal} distinct Layer-2 texts`,
      run: async (daemon) => {
        await control(fakeUrl, `delay=${opts.slowMs}&reset=1`)
        try { return await burst(daemon, opts.clients, opts.slowTotal, i => distinct(1e7 + i)) } finally { await control(fakeUrl, 'delay=0&reset=1') }
      }
    },
    {
      name: `${opts.bursts} bursts of ${opts.misses} distinct Layer-1 misses (${opts.clients} clients)`,
      run: async (daemon) => {
        let peak = 0
        for (let b = 0; b < opts.bursts; b++) peak = Math.max(peak, await burst(daemon, opts.clients, opts.misses, i => missText(b * opts.misses + i)))
        return peak
      }
    }
  ]
}

/** One row per scenario: idle, peak, RSS every 5 s of idle, and whether the 60 s figure is within 25 % of idle. */
export async function memoryReturn (start: () => Promise<Daemon>, list: Scenario[], idleSeconds: number): Promise<Section> {
  const rows: string[][] = []
  const steps = Math.floor(idleSeconds / 5)
  for (const s of list) {
    const daemon = await start()
    try {
      // The same warm-up as the bench's idle figure: the daemon has answered, its lazy parts are built.
      await burst(daemon, 4, 200, i => missText(-1 - i))
      await sleep(2000)
      const idle = await idleRss(daemon.pid)
      const peak = await s.run(daemon)
      const curve = await idleCurve(daemon.pid, idleSeconds)
      const last = curve[curve.length - 1] ?? NaN
      rows.push([s.name, idle.toFixed(1), peak.toFixed(1), ...curve.map(x => x.toFixed(0)), last <= idle * 1.25 ? 'yes' : `no (+${((last / idle - 1) * 100).toFixed(0)} %)`])
    } finally {
      await daemon.stop()
    }
  }
  return {
    title: 'Memory after a burst (RSS MiB of the daemon process)',
    note: `Each burst on a fresh daemon: idle after a warm-up (median of 5 samples), the peak while the burst runs (sampled every 100 ms), then RSS every 5 s of idle up to ${idleSeconds} s. Target: within 25 % of idle ${idleSeconds} s after.`,
    head: ['burst', 'idle', 'peak', ...Array.from({ length: steps }, (_, i) => `+${(i + 1) * 5} s`), 'within 25 %'],
    rows
  }
}
