/** Two or more "replicas" of the state layer on one real redis-server, with their errors and log lines recorded. */
import type { Test } from 'tap'
import type { Clock } from '../../server/core/clock.js'
import { createState } from '../../server/state/create-state.js'
import type { SharedState, StateOp } from '../../server/state/state.js'
import { testConfig } from '../helper.js'
import { type RedisServer, startRedis } from './redis-server.js'

export interface Replica {
  state: SharedState
  errors: Map<StateOp, number>
  logs: string[]
  /** Resolves on the next log line (one still to come) that matches. */
  next (re: RegExp): Promise<string>
}

export async function redis (t: Test): Promise<RedisServer> {
  const server = await startRedis()
  t.teardown(() => server.stop())
  return server
}

export function replica (t: Test, url: string, redisOverrides: Record<string, unknown> = {}, deadlineMs = 2000, clock?: Clock): Replica {
  const errors = new Map<StateOp, number>()
  const logs: string[] = []
  const waiting: Array<{ re: RegExp, resolve: (line: string) => void }> = []
  const say = (line: string) => {
    logs.push(line)
    for (const w of waiting.filter(w => w.re.test(line))) { waiting.splice(waiting.indexOf(w), 1); w.resolve(line) }
  }
  // 1 s, not the default 50 ms: on a busy test machine a pause of the event loop must not look like an outage.
  const config = testConfig({ state: { redis: { url, timeoutMs: 1000, ...redisOverrides } }, judge: { deadlineMs, loop: { maxConsecutiveBlocks: 2 } } })
  const state = createState(config, {
    env: {},
    log: { warn: (_o, m) => say(`warn ${m}`), info: (_o, m) => say(`info ${m}`) },
    onError: op => errors.set(op, (errors.get(op) ?? 0) + 1),
    ...(clock ? { clock } : {})
  })
  t.teardown(() => state.close())
  return { state, errors, logs, next: re => new Promise(resolve => { waiting.push({ re, resolve }) }) }
}

// Only bounds a wait that would otherwise hang until tap's own timeout, with a message that names the cause.
const BOUND_MS = 15_000

/** Resolves once the replica's link is up: at once, or on its next "connected" / "reachable again" line (no polling). */
export async function healthy (r: Replica): Promise<void> {
  if (r.state.health().status === 'ok') return
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`replica did not reach Redis within ${BOUND_MS} ms`)), BOUND_MS) })
  try {
    await Promise.race([r.next(/^info shared state (connected|reachable again)/), bound])
  } finally {
    clearTimeout(timer)
  }
  if (r.state.health().status !== 'ok') throw new Error(`replica logged it was up but says ${r.state.health().status}`)
}

export const sum = (m: Map<StateOp, number>) => [...m.values()].reduce((a, b) => a + b, 0)
