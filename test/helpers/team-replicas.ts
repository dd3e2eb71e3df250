/** Two (or more) real app replicas on loopback sharing one real Redis, and a fake model API that counts its calls. */
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Writable } from 'node:stream'
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
  post (replica: number, hook: string, body: unknown, headers?: Record<string, string>): Promise<Answer>
  get (replica: number, path: string, headers?: Record<string, string>): Promise<{ status: number, body: any, text: string }>
  /** Resolves on the replica's next log message (one still to come) that matches. */
  next (replica: number, re: RegExp): Promise<string>
  urls: string[]
}

/** A log stream for one replica: each JSON line's msg goes to the waiters whose pattern it matches. */
function logSink () {
  const waiting: Array<{ re: RegExp, resolve: (msg: string) => void }> = []
  const stream = new Writable({
    write (chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        let msg = ''
        try { msg = String(JSON.parse(line).msg) } catch { continue }
        for (const w of waiting.filter(w => w.re.test(msg))) { waiting.splice(waiting.indexOf(w), 1); w.resolve(msg) }
      }
      cb()
    }
  })
  return { stream, next: (re: RegExp) => new Promise<string>(resolve => { waiting.push({ re, resolve }) }) }
}

/** The shipped hooks plus the refund gates, every replica with the same config and state.redis pointing at one Redis. */
/** opts.headers: sent with every request (a team's bearer token); post's own headers are added to them. */
export async function team (t: Test, opts: { replicas?: number, script?: Script, overrides?: Record<string, unknown>, proxy?: boolean, timeoutMs?: number, headers?: Record<string, string>, decisionDirs?: string[] } = {}): Promise<Team> {
  const redis = await startRedis()
  t.teardown(() => redis.stop())
  const proxy = opts.proxy ? await startRedisProxy(redis.port) : undefined
  if (proxy) t.teardown(() => proxy.close())
  const api = await startFakeJudgeApi(opts.script ?? { text: commitVerdict({ new_proposal: true }, 'no evidence') })
  t.teardown(() => api.close())
  const urls: string[] = []
  const logs: Array<ReturnType<typeof logSink>> = []
  for (let i = 0; i < (opts.replicas ?? 2); i++) {
    const config = loadConfig({
      env: {},
      file: EXAMPLE,
      overrides: {
        backends: { anthropic: { baseUrl: api.url }, openai: { baseUrl: `${api.url}/v1` } },
        judge: { deadlineMs: 3000, backends: ['anthropic'] },
        // opts.decisionDirs: each replica logs to its own folder (and the team's stream), as on separate volumes.
        decisionLog: opts.decisionDirs ? { enabled: true, dir: opts.decisionDirs[i] } : { enabled: false },
        // 1 s rather than 50 ms: two apps, a Redis and the test share two busy cores.
        state: { redis: { url: proxy?.url ?? redis.url, timeoutMs: opts.timeoutMs ?? 1000 } },
        ...opts.overrides
      }
    })
    const sink = logSink()
    logs.push(sink)
    const { app } = await build(t, config, { logger: { level: 'info', stream: sink.stream } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
  }
  return {
    redis,
    ...(proxy ? { proxy } : {}),
    urls,
    next: (replica, re) => logs[replica]!.next(re),
    calls: () => api.requests.length,
    prompts: () => api.requests.map(r => String(r.body?.messages?.at(-1)?.content ?? '')),
    async post (replica, hook, body, headers = {}) {
      const res = await fetch(`${urls[replica]}/judge/${hook}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...opts.headers, ...headers } })
      const text = await res.text()
      return { status: res.status, decision: res.headers.get('x-hookjudge-decision') ?? undefined, source: res.headers.get('x-hookjudge-source') ?? undefined, body: text ? JSON.parse(text) : undefined }
    },
    async get (replica, path, headers = {}) {
      const res = await fetch(`${urls[replica]}${path}`, { headers: { ...opts.headers, ...headers } })
      const text = await res.text()
      let body: unknown
      try { body = JSON.parse(text) } catch {}
      return { status: res.status, body, text }
    }
  }
}

// What a replica logs when its link to Redis changes, and so what can change its /readyz.
const LINK_CHANGED = /^shared state (connected|reachable again|unreachable)/
// Only bounds a wait that would otherwise hang until tap's own timeout, with a message that names the cause.
const BOUND_MS = 15_000

/** Resolves once /readyz says `status`: asked now, then again after each change of the replica's link (no polling). */
export async function readyzSays (tm: Team, replica: number, status: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<'bound'>(resolve => { timer = setTimeout(() => resolve('bound'), BOUND_MS) })
  try {
    let said: unknown
    for (let i = 0; i < 10; i++) {
      const changed = tm.next(replica, LINK_CHANGED)
      said = (await tm.get(replica, '/readyz')).body?.status
      if (said === status) return
      if (await Promise.race([changed, bound]) === 'bound') break
    }
    throw new Error(`replica ${replica}'s /readyz never said ${status} (last: ${String(said)})`)
  } finally {
    clearTimeout(timer)
  }
}
