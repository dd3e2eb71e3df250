/** A TCP proxy in front of a real redis-server that can hold Redis's replies after a client's first N round trips. */
import { once } from 'node:events'
import { createConnection, createServer, type Socket } from 'node:net'

export interface RedisProxy {
  url: string
  /**
   * From now on, on every connection, Redis's replies to the client's first `n` exchanges pass and later ones are held
   * (until release). An exchange starts with a client write that follows a reply (or is the first since this call):
   * commands sent together, pipelined, are one. A request that waits for more than `n` sequential round trips
   * therefore waits until its Redis timeout.
   */
  holdAfter (n: number): void
  /** Lets every held reply through, in order, and stops holding. */
  release (): void
  /** How many replies are held now. */
  held (): number
  /** Resolves once a reply is held (at once if one is). */
  holding (): Promise<void>
  close (): Promise<void>
}

interface Pair { client: Socket, redis: Socket, exchanges: number, lastFromClient: boolean, queue: Buffer[] }

export async function startRedisProxy (redisPort: number): Promise<RedisProxy> {
  const pairs = new Set<Pair>()
  let limit: number | undefined
  const waiting: Array<() => void> = []
  const server = createServer(client => {
    const redis = createConnection({ host: '127.0.0.1', port: redisPort })
    const pair: Pair = { client, redis, exchanges: 0, lastFromClient: false, queue: [] }
    pairs.add(pair)
    client.on('data', chunk => {
      if (!pair.lastFromClient) pair.exchanges++
      pair.lastFromClient = true
      redis.write(chunk)
    })
    redis.on('data', chunk => {
      pair.lastFromClient = false
      // Once one reply is held, every later one queues behind it: a client reads its replies in order.
      if (pair.queue.length > 0 || (limit !== undefined && pair.exchanges > limit)) {
        pair.queue.push(chunk)
        for (const wake of waiting.splice(0)) wake()
      } else client.write(chunk)
    })
    const end = () => { client.destroy(); redis.destroy(); pairs.delete(pair) }
    client.on('error', end).on('close', end)
    redis.on('error', end).on('close', end)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const port = (server.address() as { port: number }).port
  return {
    url: `redis://127.0.0.1:${port}/0`,
    holdAfter (n) {
      limit = n
      for (const p of pairs) { p.exchanges = 0; p.lastFromClient = false }
    },
    release () {
      limit = undefined
      for (const p of pairs) for (const chunk of p.queue.splice(0)) p.client.write(chunk)
    },
    held: () => [...pairs].reduce((n, p) => n + p.queue.length, 0),
    holding () {
      if ([...pairs].some(p => p.queue.length > 0)) return Promise.resolve()
      return new Promise(resolve => { waiting.push(resolve) })
    },
    async close () {
      for (const p of pairs) { p.client.destroy(); p.redis.destroy() }
      server.close()
      await once(server, 'close')
    }
  }
}
