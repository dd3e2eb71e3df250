// Seeded fuzz of POST /judge/:hook: thousands of random and mutated hook inputs; every answer is an agent response or a 4xx JSON error.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import t from 'tap'
import { build, claudeStop, codexStop, testConfig } from './helper.js'
import { commitVerdict, startFakeJudgeApi } from './fixtures/fake-judge-api.js'

setFlagsFromString('--expose_gc')
const gc = runInNewContext('gc') as () => void

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed)
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 3000)
const BODY_LIMIT = 256 * 1024

/** mulberry32: a tiny seeded PRNG, so a failure names the seed and round that reproduce it. */
function prng (seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!
  return { next, int, pick }
}

const KEYS = ['session_id', 'prompt_id', 'turn_id', 'transcript_path', 'agent_transcript_path', 'cwd', 'hook_event_name', 'stop_hook_active',
  'last_assistant_message', 'tool_name', 'tool_input', 'tool_response', 'tool_use_id', 'agent_id', 'permission_mode', 'model', 'effort',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '']
const WORDS = ['commit', 'push', 'deploy', 'main', 'Stop', 'PreToolUse', 'rm -rf /', '<<<END AGENT TEXT>>>', '{"decision":"block"}', 'コミット',
  '\u0000', '\ud800', '\udfff', '\u202e', '💥', '../../etc/passwd', '/dev/zero', '%00', 'null', 'true', '1e309', '-0']

function fuzzer (seed: number) {
  const r = prng(seed)
  const str = (max = 64): string => {
    const n = r.int(max)
    let s = ''
    for (let i = 0; i < n; i++) s += r.next() < 0.3 ? r.pick(WORDS) : String.fromCharCode(r.int(r.next() < 0.8 ? 128 : 0x10000))
    return s
  }
  const value = (depth: number): unknown => {
    switch (r.int(depth > 4 ? 5 : 8)) {
      case 0: return null
      case 1: return r.next() < 0.5
      case 2: return r.pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, Number.MIN_VALUE])
      case 3: case 4: return str()
      case 5: return Array.from({ length: r.int(5) }, () => value(depth + 1))
      default: return Object.fromEntries(Array.from({ length: r.int(6) }, () => [r.next() < 0.6 ? r.pick(KEYS) : str(12), value(depth + 1)]))
    }
  }
  const nested = (n: number, leaf: string) => r.next() < 0.5 ? '['.repeat(n) + leaf + ']'.repeat(n) : '{"a":'.repeat(n) + leaf + '}'.repeat(n)
  const base = () => {
    const text = `${str(200)} I will commit and push to main now. ${str(50)}`
    return r.pick([claudeStop(text), codexStop(text), { session_id: str(), hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: text } }])
  }
  const mutate = (body: Record<string, unknown>) => {
    const out: Record<string, unknown> = JSON.parse(JSON.stringify(body))
    for (let i = r.int(4); i >= 0; i--) {
      const key = r.pick(KEYS)
      if (r.next() < 0.3) delete out[key]
      else out[key] = value(0)
    }
    return JSON.stringify(out)
  }
  /** One request: [url, payload, content-type]. */
  return (): [string, string | Buffer, string | undefined] => {
    const hook = r.next() < 0.85 ? r.pick(['commit', 'scope-check', 'gate']) : r.pick(['nope', 'constructor', '__proto__', 'hasOwnProperty', '..%2f..', '%00', 'a'.repeat(300)])
    const query = r.next() < 0.1 ? `?agent=${r.pick(['codex', 'claude-code', 'gemini', '', '__proto__'])}` : ''
    const type = r.pick(['application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined])
    let payload: string | Buffer
    const kind = r.int(10)
    if (kind <= 3) payload = mutate(base())
    else if (kind === 4) payload = JSON.stringify(value(0))
    else if (kind === 5) payload = `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":${nested(50 + r.int(5000), '1')}}`
    else if (kind === 6) {
      // Invalid UTF-8 (lone continuation bytes, overlongs, 0xff) spliced into a JSON string or into the JSON itself.
      const json = Buffer.from(mutate(base()))
      const at = r.int(json.length)
      payload = Buffer.concat([json.subarray(0, at), Buffer.from([r.pick([0x80, 0xbf, 0xc0, 0xc1, 0xf5, 0xff]), r.int(256)]), json.subarray(at)])
    } else if (kind === 7) payload = JSON.stringify({ ...base(), last_assistant_message: 'commit '.repeat(r.int(BODY_LIMIT / 7 + 200)) })
    else if (kind === 8) payload = mutate(base()).slice(0, r.int(200))
    else payload = r.pick(['', 'null', '[]', '"x"', '1', '{', '{}', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}'])
    return [`/judge/${hook}${query}`, payload, type]
  }
}

const isString = (v: unknown) => typeof v === 'string'
/** Every agent's own allow / block / deny / ask shape (test/agents/output.test.ts pins the exact bytes). */
function validAnswer (status: number, body: unknown): boolean {
  if (status >= 400 && status < 500) return typeof body === 'object' && body !== null && isString((body as any).error)
  if (status !== 200 || typeof body !== 'object' || body === null) return false
  const b = body as Record<string, any>
  const keys = Object.keys(b).join()
  if (keys === '') return true
  if (keys === 'decision,reason') return ['block', 'deny'].includes(b.decision) && isString(b.reason)
  if (keys === 'decision,reason,systemMessage') return b.decision === 'ask' && isString(b.reason) // Gemini BeforeTool
  if (keys === 'permissionDecision,permissionDecisionReason') return b.permissionDecision === 'deny' && isString(b.permissionDecisionReason) // Copilot
  if (keys === 'permission,agent_message,user_message') return ['deny', 'ask'].includes(b.permission) && isString(b.agent_message) // Cursor
  if (keys === 'followup_message') return isString(b.followup_message) // Cursor stop
  const h = b.hookSpecificOutput
  return keys === 'hookSpecificOutput' && h?.hookEventName === 'PreToolUse' && ['deny', 'ask'].includes(h.permissionDecision) && isString(h.permissionDecisionReason)
}

t.test(`${ROUNDS} fuzzed hook inputs (seed ${SEED})`, async t => {
  const verdicts = prng(SEED + 1)
  // Only well-formed verdicts: failing answers would open the backends' circuit and end Layer 2 for the rest of the run.
  const api = await startFakeJudgeApi(() => verdicts.pick([
    { text: commitVerdict({ new_proposal: true }) }, { text: commitVerdict({}) }, { text: '{"dangerous": true}' }, { text: '{"dangerous": false}' }
  ]))
  t.teardown(() => api.close())
  const gate = { event: 'PreToolUse', trigger: ['(?i)rm|commit'], fields: ['dangerous'], blockWhen: { all: ['dangerous'] }, prompt: 'Dangerous?', feedback: 'No: {reason}' }
  const config = testConfig({ server: { bodyLimit: BODY_LIMIT }, cache: { max: 200 }, judge: { loop: { maxSessions: 200 } }, hooks: { gate } }, api.url)
  const { app } = await build(t, config)
  const next = fuzzer(SEED)
  const statuses: Record<number, number> = {}
  const sources: Record<string, number> = {}
  let judgeCalls = 0
  const bad: string[] = []
  const round = async (i: number) => {
    const [url, payload, type] = next()
    const res = await app.inject({ method: 'POST', url, payload, headers: type ? { 'content-type': type } : {} })
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
    const source = String(res.headers['x-hookjudge-source'] ?? 'none')
    sources[source] = (sources[source] ?? 0) + 1
    // The fake keeps every request it saw: count them and let them go, so the heap measures the daemon alone.
    judgeCalls += api.requests.length
    api.requests.length = 0
    let body: unknown
    try { body = JSON.parse(res.body) } catch { body = res.body }
    if (!validAnswer(res.statusCode, body) && bad.length < 10) bad.push(`round ${i} ${url} → ${res.statusCode} ${res.body.slice(0, 200)} (payload ${String(payload).slice(0, 120)})`)
  }
  const WARM = 300
  for (let i = 0; i < WARM; i++) await round(i)
  gc()
  const baseline = process.memoryUsage().heapUsed
  for (let i = WARM; i < ROUNDS; i++) await round(i)
  gc()
  const after = process.memoryUsage().heapUsed
  t.comment(`sources ${JSON.stringify(sources)}`)
  t.comment(`statuses ${JSON.stringify(statuses)}; heap ${(baseline / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MiB`)
  t.strictSame(bad, [], 'every answer is {} / block / deny / ask, or a 4xx JSON error')
  t.notOk(statuses[500], 'no 500')
  t.ok((statuses[200] ?? 0) > ROUNDS / 4 && (statuses[400] ?? 0) > 0 && (statuses[404] ?? 0) > 0 && (statuses[413] ?? 0) > 0, 'the fuzz reached every kind of answer')
  t.ok(judgeCalls > 300, `Layer 2 was exercised (${judgeCalls} judge calls)`)
  // Before the verdict cache's signal fix this grew ~11 MiB over the run (lru-cache listeners on unaborted deadlines).
  t.ok(after <= baseline + 8 * 2 ** 20, 'heap returns to the baseline (bounded cache, governor and metrics)')
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype pollution')
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'still up')
  const ok = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Renamed a file.') })
  t.strictSame(ok.json(), {}, 'and still judging')
})
