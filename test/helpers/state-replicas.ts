/** Two or more "replicas" of the state layer on one real redis-server, with their errors and log lines recorded. */
import type { Test } from 'tap'
import { createState } from '../../server/state/create-state.js'
import type { SharedState, StateOp } from '../../server/state/state.js'
import { testConfig } from '../helper.js'
import { type RedisServer, startRedis } from './redis-server.js'

export interface Replica { state: SharedState, errors: Map<StateOp, number>, logs: string[] }

export async function redis (t: Test): Promise<RedisServer> {
  const server = await startRedis()
  t.teardown(() => server.stop())
  return server
}

export function replica (t: Test, url: string, redisOverrides: Record<string, unknown> = {}, deadlineMs = 2000): Replica {
  const errors = new Map<StateOp, number>()
  const logs: string[] = []
  // 1 s, not the default 50 ms: on a busy test machine a pause of the event loop must not look like an outage.
  const config = testConfig({ state: { redis: { url, timeoutMs: 1000, ...redisOverrides } }, judge: { deadlineMs, loop: { maxConsecutiveBlocks: 2 } } })
  const state = createState(config, {
    env: {},
    log: { warn: (_o, m) => logs.push(`warn ${m}`), info: (_o, m) => logs.push(`info ${m}`) },
    onError: op => errors.set(op, (errors.get(op) ?? 0) + 1)
  })
  t.teardown(() => state.close())
  return { state, errors, logs }
}

/** Resolves once the replica's link is up (the first connection, or again after an outage): polls its health. */
export async function healthy (r: Replica): Promise<void> {
  for (let i = 0; i < 1000 && r.state.health().status !== 'ok'; i++) await new Promise(resolve => setTimeout(resolve, 10))
  if (r.state.health().status !== 'ok') throw new Error('replica did not reach Redis')
}

export const sum = (m: Map<StateOp, number>) => [...m.values()].reduce((a, b) => a + b, 0)
