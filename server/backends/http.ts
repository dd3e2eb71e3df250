/** Shared HTTP plumbing of the API backends: one keep-alive node:http agent per origin, JSON POST, errors as BackendError. */
import { Agent, type IncomingMessage, request as httpRequest, type RequestOptions } from 'node:http'
import { createRequire } from 'node:module'
import type { BackendConfig } from '../config/config-schema.js'
import { type Clock, systemClock } from '../core/clock.js'
import { BackendError } from '../core/errors.js'
import { JUDGE_HEADER } from '../guards/recursion.js'
import { deadlineError } from './circuit.js'
import type { AskRequest, AskResult, Backend } from './contract.js'
import { CONNECTIONS_DEFAULT } from './options.js'

export interface JsonClient {
  post (path: string, headers: Record<string, string>, body: unknown, signal: AbortSignal): Promise<unknown>
  /** A GET answered with JSON; the same errors as post. */
  get (path: string, signal: AbortSignal): Promise<unknown>
  /** Whether the server answers at all (any HTTP status): null, or the transport's error; bounded like the probe. */
  check (path: string, headers: Record<string, string>): Promise<string | null>
  /**
   * A harmless GET that opens a connection before the first verdict needs it, repeated every probeMs (0 = once) so the
   * connection survives idle minutes; the same GET reconnects in the background after a failed request.
   * Returns the first probe, for a caller that wants to wait for it (none needs to).
   */
  warm (path: string, headers: Record<string, string>, probeMs?: number): Promise<void> | undefined
  close (): Promise<void>
}

// As the CLI backends' maxOutputBytes default: no verdict is anywhere near this.
export const MAX_ANSWER_BYTES = 1 << 20

interface Answer { status: number, text: string }

export const PROBE_TIMEOUT_MS = 10_000

/** The body as text, refused (and the connection dropped) as soon as it passes maxBytes: a 200 MB answer costs nothing. */
function cappedText (res: IncomingMessage, maxBytes: number): Promise<string> {
  const tooLarge = () => new BackendError(`answer larger than ${maxBytes} bytes`, 'bad_output')
  if (Number(res.headers['content-length']) > maxBytes) { res.destroy(); return Promise.reject(tooLarge()) }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let bytes = 0
    res.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes > maxBytes) { res.destroy(); reject(tooLarge()) } else chunks.push(chunk)
    })
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    res.on('error', reject)
    // A connection closed before the end of the body ('aborted' in older releases, a bare close in newer ones).
    res.on('close', () => { if (!res.complete) reject(new Error('connection closed before the end of the answer')) })
  })
}

/** clock: times the keep-alive probes (tests drive it) and how long a call waited for a connection; connections: how
 * many calls may be in flight at once (the others wait for one). */
export function createJsonClient (baseUrl: string, maxAnswerBytes = MAX_ANSWER_BYTES, clock: Clock = systemClock, connections = CONNECTIONS_DEFAULT): JsonClient {
  const url = new URL(baseUrl)
  const prefix = url.pathname.replace(/\/+$/, '')
  // node:http rather than undici: the daemon already holds it (Fastify), where undici's own HTTP parser (WebAssembly)
  // and fetch stack cost ~10 MB of idle RSS for one model call per turn. TLS is loaded only for an https backend.
  const secure = url.protocol === 'https:'
  const mod = secure ? createRequire(import.meta.url)('node:https') as typeof import('node:https') : undefined
  const agent: Agent = mod ? new mod.Agent({ keepAlive: true, maxSockets: connections }) : new Agent({ keepAlive: true, maxSockets: connections })
  const send = mod ? mod.request : httpRequest
  const target: RequestOptions = { hostname: url.hostname.replace(/^\[|\]$/g, ''), port: url.port || (secure ? 443 : 80), agent }
  let probe: (() => Promise<void>) | undefined
  let probing = false
  let stopProbes: (() => void) | undefined
  let closed = false
  /** The probe's promise (the test clock awaits a tick's work), or undefined when none was started. */
  const runProbe = () => {
    if (!probe || probing || closed) return
    probing = true
    return probe()
  }
  /** One exchange; rejects with the transport's error (refused, reset, aborted), resolves with status and capped text. */
  const exchange = (method: string, path: string, headers: Record<string, string>, body: string | undefined, signal?: AbortSignal) =>
    new Promise<Answer>((resolve, reject) => {
      const askedAt = clock.now()
      let connectedAt: number | undefined
      const req = send({ ...target, method, path: prefix + path, headers: { ...headers, [JUDGE_HEADER]: '1' }, signal }, res => {
        if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) > 299) {
          // An error page is not read: the connection goes, whatever its size.
          res.destroy()
          resolve({ status: res.statusCode ?? 0, text: '' })
          return
        }
        cappedText(res, maxAnswerBytes).then(text => resolve({ status: res.statusCode ?? 0, text }), (err: Error) =>
          reject(err instanceof BackendError ? err : new BackendError('answer cut off', signal?.aborted ? 'timeout' : 'http_error', { cause: err })))
      })
      req.on('socket', () => { connectedAt = clock.now() })
      req.on('error', err => reject(signal?.aborted ? deadlineError(askedAt, connectedAt, clock.now(), err) : err))
      req.end(body)
    })
  /** The answer's JSON, or the BackendError that says what went wrong. */
  const json = async (pending: Promise<Answer>) => {
    let res: Answer
    try {
      res = await pending
    } catch (err) {
      if (err instanceof BackendError) throw err
      // The connection broke (or never came): open a fresh one now, so the next verdict does not pay for it.
      setImmediate(runProbe)
      throw new BackendError(`request failed: ${(err as Error).message}`, 'http_error', { cause: err })
    }
    if (res.status < 200 || res.status > 299) throw new BackendError(`HTTP ${res.status}`, 'http_error')
    try {
      return JSON.parse(res.text)
    } catch (err) {
      throw new BackendError('answer is not JSON', 'bad_output', { cause: err })
    }
  }
  return {
    post: (path, headers, body, signal) => json(exchange('POST', path, { 'content-type': 'application/json', ...headers }, JSON.stringify(body), signal)),
    get: (path, signal) => json(exchange('GET', path, {}, undefined, signal)),
    check (path, headers) {
      const bound = new AbortController()
      const cancel = clock.after(PROBE_TIMEOUT_MS, () => bound.abort())
      return exchange('GET', path, headers, undefined, bound.signal)
        .then(() => null, (err: NodeJS.ErrnoException) => err.code ?? err.message)
        .finally(cancel)
    },
    warm (path, headers, probeMs = 0) {
      // A server that accepts and never answers must not hold the probe (and a socket) for good: node:http has no
      // timeout of its own.
      probe = () => {
        const bound = new AbortController()
        const cancel = clock.after(PROBE_TIMEOUT_MS, () => bound.abort())
        return exchange('GET', path, headers, undefined, bound.signal)
          .then(() => {}, () => {})
          .finally(() => { cancel(); probing = false })
      }
      const first = runProbe()
      if (probeMs > 0 && !stopProbes) stopProbes = clock.every(probeMs, runProbe)
      return first
    },
    close: async () => {
      closed = true
      stopProbes?.()
      agent.destroy()
    }
  }
}

/** One GET of a small JSON document (a local server's model list) on a connection of its own, bounded by timeoutMs. */
export async function getJson (baseUrl: string, path: string, timeoutMs: number): Promise<unknown> {
  const client = createJsonClient(baseUrl)
  try {
    return await client.get(path, AbortSignal.timeout(timeoutMs))
  } finally {
    await client.close()
  }
}

/** An API backend: one warm client to baseUrl, probed at probePath; `ask` turns a judge request into a model answer. */
export function apiBackend (cfg: BackendConfig, baseUrl: string, headers: Record<string, string>, probePath: string,
  ask: (client: JsonClient, req: AskRequest) => Promise<AskResult>, now?: () => number): Backend {
  // The probes keep real time; how long a call waited is on the daemon's clock, the one its deadline is on.
  const client = createJsonClient(baseUrl, cfg.maxOutputBytes, now ? { ...systemClock, now } : systemClock, cfg.connections)
  return {
    name: cfg.name,
    type: cfg.type,
    model: cfg.model,
    unusable: null,
    ask: (req) => ask(client, req),
    warm: () => client.warm(probePath, headers, cfg.keepAliveProbeSeconds * 1000),
    reach: () => client.check(probePath, headers),
    close: () => client.close()
  }
}
