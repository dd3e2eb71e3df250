/** Two (or more) real app replicas on loopback sharing one real Redis, and a fake model API that counts its calls. */
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Test } from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { commitVerdict, type Script, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build } from '../helper.js'
import { type RedisProxy, startRedisProxy } from './redis-proxy.js'
import { type RedisServer, startRedis } from './redis-server.js'

const EXAMPLE = join(PACKAGE_ROOT, 'config', 'examples', 'support-refunds.yaml')

export interface Answer { status: number, decision?: string, source?: string, body: any }
export interface Team {
  redis: RedisServer
  /** With opts.proxy: the proxy every replica reaches Redis through. */
  proxy?: RedisProxy
  /** Every request the fake model API got. */
  calls: () => number
  /** The user message of each request the fake model API got, in order. */
  prompts: () => string[]
  post (replica: number, hook: string, body: unknown): Promise<Answer>
  get (replica: number, path: string): Promise<{ status: number, body: any, text: string }>
  urls: string[]
}

/** The shipped hooks plus the refund gates, every replica with the same config and state.redis pointing at one Redis. */
export async function team (t: Test, opts: { replicas?: number, script?: Script, overrides?: Record<string, unknown>, proxy?: boolean, timeoutMs?: number } = {}): Promise<Team> {
  const redis = await startRedis()
  t.teardown(() => redis.stop())
  const proxy = opts.proxy ? await startRedisProxy(redis.port) : undefined
  if (proxy) t.teardown(() => proxy.close())
  const api = await startFakeJudgeApi(opts.script ?? { text: commitVerdict({ new_proposal: true }, 'no evidence') })
  t.teardown(() => api.close())
  const urls: string[] = []
  for (let i = 0; i < (opts.replicas ?? 2); i++) {
    const config = loadConfig({
      env: {},
      file: EXAMPLE,
      overrides: {
        backends: { anthropic: { baseUrl: api.url }, openai: { baseUrl: `${api.url}/v1` } },
        judge: { deadlineMs: 3000, backends: ['anthropic'] },
        decisionLog: { enabled: false },
        // 1 s rather than 50 ms: two apps, a Redis and the test share two busy cores.
        state: { redis: { url: proxy?.url ?? redis.url, timeoutMs: opts.timeoutMs ?? 1000 } },
        ...opts.overrides
      }
    })
    const { app } = await build(t, config)
    await app.listen({ port: 0, host: '127.0.0.1' })
    urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
  }
  return {
    redis,
    ...(proxy ? { proxy } : {}),
    urls,
    calls: () => api.requests.length,
    prompts: () => api.requests.map(r => String(r.body?.messages?.at(-1)?.content ?? '')),
    async post (replica, hook, body) {
      const res = await fetch(`${urls[replica]}/judge/${hook}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
      const text = await res.text()
      return { status: res.status, decision: res.headers.get('x-hookjudge-decision') ?? undefined, source: res.headers.get('x-hookjudge-source') ?? undefined, body: text ? JSON.parse(text) : undefined }
    },
    async get (replica, path) {
      const res = await fetch(`${urls[replica]}${path}`)
      const text = await res.text()
      let body: unknown
      try { body = JSON.parse(text) } catch {}
      return { status: res.status, body, text }
    }
  }
}

/** Polls /readyz until it says `status` (a replica notices Redis by itself; the test only watches). */
export async function readyzSays (tm: Team, replica: number, status: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if ((await tm.get(replica, '/readyz')).body?.status === status) return
    await new Promise(resolve => setTimeout(resolve, 20))
  }
  throw new Error(`replica ${replica} never said ${status}`)
}
