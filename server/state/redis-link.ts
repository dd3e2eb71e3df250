/** One Redis connection for the state layer: every op bounded by timeoutMs, errors counted, one log line per outage. */
import { createRequire } from 'node:module'
import type { RedisClientType } from 'redis'
import { type Clock, systemClock } from '../core/clock.js'
import type { StateHealth, StateOp } from './state.js'

export interface LinkLog {
  warn (obj: object, msg: string): void
  info (obj: object, msg: string): void
}

export interface LinkOptions {
  url: string
  timeoutMs: number
  password?: string
  log: LinkLog
  onError: (op: StateOp) => void
  /** Bounds each op (timeoutMs), times the back-off and dates an outage; default systemClock. */
  clock?: Clock
}

/** ok:false with key: Redis answered, but this key could not be used (another type, a value a script could not read):
 * the caller treats it as absent; without key: Redis failed, was slow or is known down. */
export type Outcome<T> = { ok: true, value: T } | { ok: false, key?: true }

export interface RedisLink {
  /** Runs one op; a value, or {ok:false} when Redis failed, was slow or is known down (the caller answers locally).
   * A caller that does not await it (a write the answer does not need) may leave it: close() waits for it. key names
   * the key the op reads, for the one log line an unusable one gets. */
  run<T> (op: StateOp, fn: (c: RedisClientType) => Promise<T>, key?: string, timeoutMs?: number): Promise<Outcome<T>>
  /** Resolves true once connected (at once when already), false when withinMs passed first: for a CLI verb's one read. */
  ready (withinMs: number): Promise<boolean>
  /** A second connection for SUBSCRIBE (a subscribed connection runs no other command); reconnects and resubscribes itself. */
  subscribe (channel: string, onMessage: (message: string) => void): void
  /** A value read back that this version cannot use: counted under op, logged once per key, Redis still used. */
  unusable (op: StateOp, key: string, why: string): void
  health (): StateHealth
  close (): Promise<void>
}

// After an error or timeout, ops skip Redis for this long: a frozen Redis must not add timeoutMs to every request.
const BACKOFF_MS = 500
// Keys already logged as unusable; past this many, each is still counted but no longer said.
const MAX_LOGGED_KEYS = 1000

/** An error Redis answers about one key (its type, a value a script could not read), not about itself (OOM, NOAUTH,
 * READONLY, BUSY): anyone able to write to Redis can plant such a key, and it must cost its own session, not every
 * request of the replica. */
const KEY_ERROR = /^(WRONGTYPE\b|ERR\b.*\bscript: [0-9a-f]{40})/

/** host:port of a redis:// or rediss:// URL, for health output; a URL's password is never shown. */
export function redisTarget (url: string): string {
  try { const u = new URL(url); return `${u.hostname}:${u.port || '6379'}` } catch { return '(unparsable url)' }
}

export function createRedisLink (o: LinkOptions): RedisLink {
  // Loaded here, not at import: a daemon without state.redis never holds the client's modules (some 7 MB of memory).
  const { createClient, ErrorReply } = createRequire(import.meta.url)('redis') as typeof import('redis')
  const client = createClient({
    url: o.url,
    ...(o.password !== undefined ? { password: o.password } : {}),
    // A command sent while disconnected fails at once instead of queueing past its request's deadline.
    disableOfflineQueue: true,
    socket: { connectTimeout: Math.max(1000, o.timeoutMs * 4), reconnectStrategy: (n: number) => Math.min(50 * 2 ** n, 2000) }
  }) as RedisClientType
  const subscribers: RedisClientType[] = []
  const running = new Set<Promise<unknown>>()
  let closed = false
  const target = redisTarget(o.url)
  const clock = o.clock ?? systemClock
  const since = () => new Date(clock.wall()).toISOString()
  // Down until the first connection is ready; logged once per outage (the connecting phase is not one yet).
  let down: { since: string, error: string, logged: boolean } | undefined = { since: since(), error: 'connecting', logged: false }
  let skipUntil = 0
  const fail = (op: StateOp, error: string) => {
    o.onError(op)
    skipUntil = clock.now() + BACKOFF_MS
    if (down?.logged) { down.error = error; return }
    down = { since: down?.since ?? since(), error, logged: true }
    o.log.warn({ target, op, error }, 'shared state unreachable: answering from local state until Redis is back')
  }
  const logged = new Set<string>()
  const unusable = (op: StateOp, key: string, why: string) => {
    o.onError(op)
    if (logged.has(key) || logged.size >= MAX_LOGGED_KEYS) return
    logged.add(key)
    o.log.warn({ target, op, key, error: why }, 'shared state key holds a value this version cannot use: treated as absent')
  }
  const up = () => {
    if (down?.logged) o.log.info({ target, since: down.since }, 'shared state reachable again')
    // The first connection is said too: a person sees the daemon found Redis, a test waits on it instead of polling.
    else if (down) o.log.info({ target }, 'shared state connected')
    down = undefined
    skipUntil = 0
  }
  client.on('error', (err: Error) => fail('connect', err.message))
  client.on('ready', up)
  client.connect().catch((err: Error) => fail('connect', err.message))
  const attempt = async <T>(op: StateOp, fn: (c: RedisClientType) => Promise<T>, key: string, timeoutMs: number): Promise<Outcome<T>> => {
    if (!client.isReady || clock.now() < skipUntil) { o.onError(op); return { ok: false } }
    let clear = () => {}
    const late = new Promise<'late'>(resolve => { clear = clock.after(timeoutMs, () => resolve('late')) })
    try {
      const got = await Promise.race([fn(client).then(value => ({ value })), late])
      if (got === 'late') { fail(op, `no answer within ${timeoutMs} ms`); return { ok: false } }
      up()
      return { ok: true, value: got.value }
    } catch (err) {
      if (err instanceof ErrorReply && KEY_ERROR.test(err.message)) { up(); unusable(op, key, err.message); return { ok: false, key: true } }
      fail(op, (err as Error).message)
      return { ok: false }
    } finally {
      clear()
    }
  }
  return {
    run (op, fn, key = op, timeoutMs = o.timeoutMs) {
      const p = attempt(op, fn, key, timeoutMs)
      running.add(p)
      p.finally(() => running.delete(p))
      return p
    },
    subscribe (channel, onMessage) {
      const sub = client.duplicate() as RedisClientType
      subscribers.push(sub)
      sub.on('error', () => {}) // the main connection reports outages; this one only reconnects
      sub.connect().then(() => sub.subscribe(channel, onMessage)).catch(() => {})
    },
    unusable,
    async ready (withinMs) {
      if (client.isReady) return true
      return await new Promise<boolean>(resolve => {
        const cancel = clock.after(withinMs, () => { client.off('ready', done); resolve(false) })
        function done () { cancel(); resolve(true) }
        client.once('ready', done)
      })
    },
    health: () => ({ mode: 'redis', status: down ? 'degraded' : 'ok', target, ...(down ? { since: down.since, error: down.error } : {}) }),
    async close () {
      if (closed) return
      closed = true
      // Writes a request sent its answer without waiting for (each bounded by timeoutMs) still reach Redis.
      await Promise.all(running)
      for (const c of [client, ...subscribers]) c.destroy()
    }
  }
}
