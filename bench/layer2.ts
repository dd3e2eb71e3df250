/** Layer-2 overhead: time to verdict minus the backend's own time against a fake that answers after a fixed delay;
 * and the cache-hit path (the same text again). One keep-alive client, sequential requests. */
import { Pool } from 'undici'
import { type Daemon, ms, type Section, stats, stopInput, times } from './lib.js'

export const hitText = (i: number) => `Refactor done. I'll commit and push to main now (change ${i}).`

export async function control (fakeUrl: string, query: string) {
  const res = await fetch(`${fakeUrl}/control?${query}`)
  return await res.json() as { calls: number, inputTokens: number, outputTokens: number, serviceMedianMs: number }
}

async function post (pool: Pool, text: string, path = '/judge/commit'): Promise<{ ms: number, source: string }> {
  const t0 = performance.now()
  const res = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body: stopInput(text) })
  await res.body.dump()
  return { ms: performance.now() - t0, source: String(res.headers['x-hookjudge-source']) }
}

export async function layer2 (daemon: Daemon, fakeUrl: string, samples: number, delayMs: number, missMs: number): Promise<Section> {
  const pool = new Pool(daemon.url, { connections: 1 })
  try {
    await control(fakeUrl, `delay=${delayMs}`)
    for (let i = 0; i < 5; i++) await post(pool, hitText(-1 - i))
    await control(fakeUrl, 'reset=1')
    const verdicts: number[] = []
    for (let i = 0; i < samples; i++) {
      const r = await post(pool, hitText(i))
      if (r.source !== 'judge') throw new Error(`expected a Layer-2 verdict, got source ${r.source}`)
      verdicts.push(r.ms)
    }
    const backend = (await control(fakeUrl, 'reset=1&delay=0')).serviceMedianMs
    const cached: number[] = []
    for (let i = 0; i < samples * 4; i++) {
      const r = await post(pool, hitText(i % samples))
      if (r.source !== 'cache') throw new Error(`expected a cache hit, got source ${r.source}`)
      cached.push(r.ms)
    }
    const v = stats(verdicts)
    const c = stats(cached)
    const overhead = v.median - backend
    return {
      title: 'Layer 2: overhead over the backend, and the cache-hit path',
      note: `A loopback fake judge API answers after ${delayMs} ms. ${v.n} distinct Layer-1 hits, one keep-alive client; ` +
        'the backend\'s own time is measured inside the fake (request read → answer written). Overhead = time to verdict − ' +
        `backend time: redaction, prompt, the HTTP hop to the backend, parsing, and the route. The cache path repeats those texts (${c.n} requests).`,
      head: ['figure', 'median ms', 'p99 ms', 'note'],
      rows: [
        ['time to verdict (cache miss)', ms(v.median), ms(v.p99), ''],
        ['backend\'s own time (inside the fake)', ms(backend), '', `fixed delay ${delayMs} ms`],
        ['hookjudge overhead on a Layer-2 call', ms(overhead), '', `${(100 * overhead / backend).toFixed(1)}% of the backend time`],
        ['cache hit (same text again)', ms(c.median), ms(c.p99), `${times(c.median / missMs)} a Layer-1 miss`]
      ]
    }
  } finally {
    await pool.close()
  }
}
