/** Shared HTTP plumbing of the API backends: one keep-alive undici Pool per origin, JSON POST, errors as BackendError. */
import { type Dispatcher, Pool } from 'undici'
import type { BackendConfig } from '../config/config-schema.js'
import { type Clock, systemClock } from '../core/clock.js'
import { BackendError } from '../core/errors.js'
import { JUDGE_HEADER } from '../guards/recursion.js'
import type { AskRequest, AskResult, Backend } from './contract.js'

export interface JsonClient {
  post (path: string, headers: Record<string, string>, body: unknown, signal: AbortSignal): Promise<unknown>
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

/** The body as text, refused (and the connection dropped) as soon as it passes maxBytes: a 200 MB answer costs nothing. */
async function cappedText (res: Dispatcher.ResponseData, maxBytes: number): Promise<string> {
  const declared = Number(res.headers['content-length'])
  const tooLarge = () => new BackendError(`answer larger than ${maxBytes} bytes`, 'bad_output')
  if (declared > maxBytes) { res.body.destroy(); throw tooLarge() }
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of res.body) {
    bytes += (chunk as Buffer).length
    if (bytes > maxBytes) { res.body.destroy(); throw tooLarge() }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** clock: times the keep-alive probes (tests drive it). */
export function createJsonClient (baseUrl: string, maxAnswerBytes = MAX_ANSWER_BYTES, clock: Clock = systemClock): JsonClient {
  const url = new URL(baseUrl)
  const prefix = url.pathname.replace(/\/+$/, '')
  const pool = new Pool(url.origin, { connections: 8, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 600_000 })
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
  return {
    async post (path, headers, body, signal) {
      let res
      try {
        res = await pool.request({
          path: prefix + path,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers, [JUDGE_HEADER]: '1' },
          body: JSON.stringify(body),
          signal
        })
      } catch (err) {
        if (signal.aborted) throw new BackendError('deadline passed before the answer', 'timeout', { cause: err })
        // The connection broke (or never came): open a fresh one now, so the next verdict does not pay for it.
        setImmediate(runProbe)
        throw new BackendError(`request failed: ${(err as Error).message}`, 'http_error', { cause: err })
      }
      if (res.statusCode < 200 || res.statusCode > 299) {
        // dump() reads a little and then drops the connection, whatever size the error page is.
        await res.body.dump().catch(() => {})
        throw new BackendError(`HTTP ${res.statusCode}`, 'http_error')
      }
      let text: string
      try {
        text = await cappedText(res, maxAnswerBytes)
      } catch (err) {
        if (err instanceof BackendError) throw err
        throw new BackendError('answer cut off', signal.aborted ? 'timeout' : 'http_error', { cause: err })
      }
      try {
        return JSON.parse(text)
      } catch (err) {
        throw new BackendError('answer is not JSON', 'bad_output', { cause: err })
      }
    },
    warm (path, headers, probeMs = 0) {
      probe = () => pool.request({ path: prefix + path, method: 'GET', headers: { ...headers, [JUDGE_HEADER]: '1' } })
        .then(res => res.body.dump(), () => {})
        .finally(() => { probing = false })
      const first = runProbe()
      if (probeMs > 0 && !stopProbes) stopProbes = clock.every(probeMs, runProbe)
      return first
    },
    close: () => {
      closed = true
      stopProbes?.()
      return pool.close()
    }
  }
}

/** An API backend: one warm client to baseUrl, probed at probePath; `ask` turns a judge request into a model answer. */
export function apiBackend (cfg: BackendConfig, baseUrl: string, headers: Record<string, string>, probePath: string,
  ask: (client: JsonClient, req: AskRequest) => Promise<AskResult>): Backend {
  const client = createJsonClient(baseUrl, cfg.maxOutputBytes)
  return {
    name: cfg.name,
    type: cfg.type,
    model: cfg.model,
    unusable: null,
    ask: (req) => ask(client, req),
    warm: () => client.warm(probePath, headers, cfg.keepAliveProbeSeconds * 1000),
    close: () => client.close()
  }
}
