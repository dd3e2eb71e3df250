/** A bounded closed-loop load generator: C concurrent clients POSTing one body for a fixed count, over keep-alive. */
import { Pool } from 'undici'

export async function load (origin: string, path: string, body: string, concurrency: number, total: number) {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 })
  const lat: number[] = []
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < total) {
      next++
      const t0 = performance.now()
      const res = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body })
      await res.body.dump()
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} from ${path}`)
      lat.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  await pool.close()
  return { rps: total / seconds, lat }
}
