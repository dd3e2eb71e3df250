/** Bench-only judge API on loopback (Anthropic Messages and OpenAI chat, one URL): a fixed or log-normal delay, counted
 * calls and estimated tokens. GET /control?delay=MS&sigma=S&seed=X&block=0|1&reset=1 sets the delay (the median when
 * sigma > 0), whether the verdicts propose (block) and answers the counters. Run: PORT=N tsx bench/fake-api.ts */
import { createServer } from 'node:http'
import { logNormal, uniforms } from './wait-draw.js'

let delayMs = Number(process.env.DELAY_MS ?? 0)
let sigma = Number(process.env.SIGMA ?? 0)
let seed = process.env.SEED ?? 'bench'
let delaySumMs = 0
let calls = 0
let inputTokens = 0
let outputTokens = 0
const serviceMs: number[] = []

/** Token estimate (no tokenizer offline): an ASCII character is a quarter token, any other character one token. */
function estimateTokens (s: string): number {
  let ascii = 0
  let other = 0
  for (const ch of s) (ch.charCodeAt(0) < 128 ? ascii++ : other++)
  return Math.ceil(ascii / 4) + other
}

const FIELDS = { new_proposal: false, verification_reported: false, direction_query: false, future_step_description: false, retraction_or_quote: false, reason: 'bench: nothing to block' }
const BLOCKING = { ...FIELDS, new_proposal: true, reason: 'bench: a new proposal' }
let block = false

/** One hook asked: the flat fields; several (one call per turn): one member per hook the system prompt names. */
function verdictFor (system: string): string {
  const fields = block ? BLOCKING : FIELDS
  const hooks = [...system.matchAll(/Hook "([\w-]+)"\. Task:/g)].map(m => m[1]!)
  return JSON.stringify(hooks.length > 1 ? Object.fromEntries(hooks.map(h => [h, fields])) : fields)
}

function answer (path: string, input: number, output: number, text: string) {
  if (path.endsWith('/v1/messages')) {
    return { id: 'msg_bench', type: 'message', role: 'assistant', model: 'bench', content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: input, output_tokens: output } }
  }
  return { id: 'chatcmpl-bench', object: 'chat.completion', model: 'bench', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage: { prompt_tokens: input, completion_tokens: output } }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  if (req.method !== 'POST') {
    if (url.pathname === '/control') {
      if (url.searchParams.has('delay')) delayMs = Number(url.searchParams.get('delay'))
      if (url.searchParams.has('sigma')) sigma = Number(url.searchParams.get('sigma'))
      if (url.searchParams.has('seed')) seed = String(url.searchParams.get('seed'))
      if (url.searchParams.has('block')) block = url.searchParams.get('block') === '1'
      const body = JSON.stringify({ calls, inputTokens, outputTokens, serviceMedianMs: median(serviceMs), delayMs, meanDelayMs: calls === 0 ? 0 : delaySumMs / calls })
      if (url.searchParams.has('reset')) { calls = 0; inputTokens = 0; outputTokens = 0; serviceMs.length = 0; delaySumMs = 0 }
      res.writeHead(200, { 'content-type': 'application/json' }).end(body)
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}')
    return
  }
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    const started = performance.now()
    const raw = Buffer.concat(chunks).toString('utf8')
    const body = JSON.parse(raw) as { system?: string, messages?: { content: string }[] }
    const input = estimateTokens((body.system ?? '') + (body.messages ?? []).map(m => m.content).join(''))
    const system = body.system ?? (body.messages ?? []).map(m => m.content).join('')
    const text = verdictFor(system)
    const output = estimateTokens(text)
    calls++
    inputTokens += input
    outputTokens += output
    const send = () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(url.pathname, input, output, text)))
      if (serviceMs.length < 100_000) serviceMs.push(performance.now() - started)
    }
    // Drawn from the request itself: a turn's call waits as long in every run, whatever else runs alongside.
    const wait = sigma > 0 ? logNormal(delayMs, sigma, uniforms(seed, raw)) : delayMs
    delaySumMs += wait
    if (wait > 0) setTimeout(send, wait)
    else send()
  })
})
server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT), '127.0.0.1')
