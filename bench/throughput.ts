/** Requests/s and p99 of POST /judge (every Stop hook) at 16 concurrent keep-alive clients, with the daemon's RSS sampled
 * during its runs (the "under load" memory figure); and the same for an ordinary real reply and a transcript read. */
import { type Daemon, median, ms, rssMiB, sampleRss, type Section, stats, stopInput } from './lib.js'
import { MISS_TEXT } from './latency.js'
import { load } from './load.js'
import { ordinaryReply } from './real-replies.js'

export const CLIENTS = 16

type Run = { rps: number, p99: number }

/** turnBody: the bench's message as a Stop whose turn the daemon reads from its transcript (bench/turn-file.ts). */
export async function throughput (daemon: Daemon, total: number, runs: number, turnBody: string): Promise<{ section: Section, peakRssMiB: number }> {
  const body = stopInput(MISS_TEXT)
  const reply = ordinaryReply()
  const replyBody = stopInput(reply)
  await load(daemon.url, '/judge', body, CLIENTS, Math.min(2000, total))
  await load(daemon.url, '/judge', replyBody, CLIENTS, Math.min(2000, total))
  await load(daemon.url, '/judge', turnBody, CLIENTS, Math.min(2000, total))
  const judge: Run[] = []
  const real: Run[] = []
  const read: Run[] = []
  const peaks: number[] = []
  const run = async (url: string, path: string, b: string, into: Run[]) => {
    const r = await load(url, path, b, CLIENTS, total)
    into.push({ rps: r.rps, p99: stats(r.lat).p99 })
  }
  for (let r = 0; r < runs; r++) {
    const sampler = sampleRss(daemon.pid)
    await run(daemon.url, '/judge', body, judge)
    peaks.push(Math.max(await rssMiB(daemon.pid), ...sampler.stop()))
    await run(daemon.url, '/judge', replyBody, real)
    await run(daemon.url, '/judge', turnBody, read)
  }
  const jr = median(judge.map(x => x.rps))
  const rr = median(real.map(x => x.rps))
  const tr = median(read.map(x => x.rps))
  return {
    peakRssMiB: median(peaks),
    section: {
      title: `Throughput at ${CLIENTS} concurrent clients`,
      note: `${CLIENTS} closed-loop keep-alive clients (undici), ${total} requests a run, ${runs} runs each, alternating; ` +
        'median over runs of requests/s and of each run\'s p99. The hook input is a Layer-1 miss: the bench\'s 78-byte message, ' +
        `a real reply of ${Buffer.byteLength(reply)} bytes that every Stop hook lets through (the corpus's validation reply nearest the median length of such replies), ` +
        'and the bench\'s message with its turn read from a Claude Code transcript, as a live Stop\'s is. ' +
        'Load generator, daemon and fake share the same cores.',
      head: ['target', 'req/s', 'p99 ms'],
      rows: [
        ['POST /judge, all six Stop hooks (hookjudge)', jr.toFixed(0), ms(median(judge.map(x => x.p99)))],
        ['… the same with an ordinary real reply', rr.toFixed(0), ms(median(real.map(x => x.p99)))],
        ['… the bench\'s message with its transcript read', tr.toFixed(0), ms(median(read.map(x => x.p99)))]
      ]
    }
  }
}
