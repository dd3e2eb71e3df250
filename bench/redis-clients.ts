/** `node --import tsx bench/redis-clients.ts`: node-redis v5 beside ioredis on one real redis-server, to pick the client. */
import { Redis } from 'ioredis'
import { createClient } from 'redis'
import { startRedis } from '../test/helpers/redis-server.js'
import { knob, stats } from './lib.js'

const N = knob('BENCH_REDIS_OPS', 5000)
const CONC = 64
const LUA = "local v = redis.call('GET', KEYS[1]) or '0' redis.call('SET', KEYS[1], v + 1, 'PX', 60000) return v"

interface Driver {
  get (k: string): Promise<unknown>
  set (k: string, v: string): Promise<unknown>
  lua (k: string): Promise<unknown>
  close (): Promise<void>
}

async function nodeRedis (url: string): Promise<Driver> {
  const c = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: () => 20 } })
  c.on('error', () => {})
  await c.connect()
  return {
    get: k => c.get(k),
    set: (k, v) => c.set(k, v, { expiration: { type: 'PX', value: 60000 } }),
    lua: k => c.eval(LUA, { keys: [k] }),
    close: async () => { c.destroy() }
  }
}

async function ioRedis (url: string): Promise<Driver> {
  const c = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 20, lazyConnect: true })
  c.on('error', () => {})
  await c.connect()
  return {
    get: k => c.get(k),
    set: (k, v) => c.set(k, v, 'PX', 60000),
    lua: k => c.eval(LUA, 1, k),
    close: async () => { c.disconnect() }
  }
}

async function timed (op: () => Promise<unknown>, n: number): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await op()
    out.push(performance.now() - t)
  }
  return out
}

async function throughput (op: (i: number) => Promise<unknown>, n: number): Promise<number> {
  let next = 0
  const t = performance.now()
  await Promise.all(Array.from({ length: CONC }, async () => { while (next < n) await op(next++) }))
  return n / ((performance.now() - t) / 1000)
}

/** How long the first command takes to fail once the server is gone, and how long until one succeeds after it is back. */
async function outage (d: Driver, server: Awaited<ReturnType<typeof startRedis>>): Promise<{ failMs: number, backMs: number }> {
  await server.kill()
  const t = performance.now()
  await d.get('x').catch(() => {})
  const failMs = performance.now() - t
  await server.start()
  const b = performance.now()
  for (;;) {
    if (await d.get('x').then(() => true, () => false)) break
    await new Promise(resolve => setTimeout(resolve, 5))
  }
  return { failMs, backMs: performance.now() - b }
}

const server = await startRedis()
const rows: string[] = []
try {
  const value = JSON.stringify({ ok: true, verdict: { reason: 'x'.repeat(200) } })
  for (const [name, make] of [['redis (node-redis) 5', nodeRedis], ['ioredis 5', ioRedis]] as const) {
    const d = await make(server.url)
    await timed(() => d.get('warm'), 500)
    const get = stats(await timed(() => d.get('k1'), N))
    const lua = stats(await timed(() => d.lua('k2'), N))
    const sets = await throughput(i => d.set(`k:${i % 1000}`, value), N * 4)
    const out = await outage(d, server)
    rows.push(`| ${name} | ${get.median.toFixed(3)} | ${get.p99.toFixed(3)} | ${lua.median.toFixed(3)} | ${Math.round(sets)} | ${out.failMs.toFixed(1)} | ${out.backMs.toFixed(0)} |`)
    await d.close()
  }
} finally {
  await server.stop()
}
process.stdout.write(['| client | GET p50 ms | GET p99 ms | EVAL p50 ms | SET/s (64 in flight) | first error when down, ms | back after restart, ms |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |', ...rows].join('\n') + '\n')
