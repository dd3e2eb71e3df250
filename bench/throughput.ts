/** Requests/s and p99 of POST /judge (every Stop hook) at 16 concurrent keep-alive clients beside a bare Fastify route, with the
 * daemon's RSS sampled during its runs (the "under load" memory figure). */
import { type Daemon, median, ms, rssMiB, sampleRss, type Section, stats, stopInput, times } from './lib.js'
import { MISS_TEXT } from './latency.js'
import { load } from './load.js'

export const CLIENTS = 16

export async function throughput (daemon: Daemon, bareUrl: string, total: number, runs: number): Promise<{ section: Section, peakRssMiB: number }> {
  const body = stopInput(MISS_TEXT)
  await load(daemon.url, '/judge', body, CLIENTS, Math.min(2000, total))
  await load(bareUrl, '/static', body, CLIENTS, Math.min(2000, total))
  const judge: { rps: number, p99: number }[] = []
  const bare: { rps: number, p99: number }[] = []
  const peaks: number[] = []
  for (let r = 0; r < runs; r++) {
    const sampler = sampleRss(daemon.pid)
    const j = await load(daemon.url, '/judge', body, CLIENTS, total)
    peaks.push(Math.max(await rssMiB(daemon.pid), ...sampler.stop()))
    judge.push({ rps: j.rps, p99: stats(j.lat).p99 })
    const b = await load(bareUrl, '/static', body, CLIENTS, total)
    bare.push({ rps: b.rps, p99: stats(b.lat).p99 })
  }
  const jr = median(judge.map(x => x.rps))
  const br = median(bare.map(x => x.rps))
  return {
    peakRssMiB: median(peaks),
    section: {
      title: `Throughput at ${CLIENTS} concurrent clients`,
      note: `${CLIENTS} closed-loop keep-alive clients (undici), ${total} requests a run, ${runs} runs each, alternating; ` +
        'median over runs of requests/s and of each run\'s p99. The hook input is a Layer-1 miss. ' +
        'Load generator, daemon and fake share the same cores.',
      head: ['target', 'req/s', 'p99 ms', 'vs bare'],
      rows: [
        ['POST /judge, all six Stop hooks (hookjudge)', jr.toFixed(0), ms(median(judge.map(x => x.p99))), times(jr / br)],
        ['bare Fastify POST route', br.toFixed(0), ms(median(bare.map(x => x.p99))), times(1)]
      ]
    }
  }
}
