// An HTTP backend's answer has a size: a 200 MB stream is cut at 1 MiB, costs no memory, and the hook takes its fallback.
import { once } from 'node:events'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import t, { type Test } from 'tap'
import { createJsonClient } from '../../server/backends/http.js'
import { BackendError } from '../../server/core/errors.js'
import { build, claudeStop, testConfig } from '../helper.js'

const FLOOD_BYTES = 200 * 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 'a')

/** Streams a JSON-looking body of FLOOD_BYTES in 64 KiB writes, honouring backpressure, so the fake itself holds ~nothing. */
async function flood (res: ServerResponse, sent: { bytes: number }, declare: boolean) {
  res.writeHead(200, { 'content-type': 'application/json', ...(declare ? { 'content-length': String(FLOOD_BYTES) } : {}) })
  res.write('{"id":"msg","content":[{"type":"text","text":"')
  while (sent.bytes < FLOOD_BYTES && !res.destroyed) {
    sent.bytes += CHUNK.length
    if (!res.write(CHUNK)) {
      // The losing once() must come off the response: left on, a 'close' and an 'error' listener pile up per write.
      const done = new AbortController()
      await Promise.race([once(res, 'drain', { signal: done.signal }), once(res, 'close', { signal: done.signal })])
      done.abort()
    }
  }
  res.end()
}

async function floodingApi (t: Test, declare = false) {
  const sent = { bytes: 0 }
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (req.method === 'GET') res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}')
      else flood(res, sent, declare).catch(() => {})
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(() => { server.closeAllConnections(); server.close() })
  return { sent, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

t.test('the client refuses the answer past the cap and drops the connection', async t => {
  for (const declare of [false, true]) {
    const api = await floodingApi(t, declare)
    const client = createJsonClient(`${api.url}/v1`)
    t.teardown(() => client.close())
    const before = process.memoryUsage().rss
    const err = await client.post('/messages', {}, {}, AbortSignal.timeout(30_000)).then(() => undefined, (e: unknown) => e)
    t.ok(err instanceof BackendError, `${declare ? 'declared' : 'chunked'}: a BackendError`)
    t.match(err, { code: 'bad_output', message: /answer larger than 1048576 bytes/ })
    t.ok(process.memoryUsage().rss - before < 64 * 1024 * 1024, `${declare ? 'declared' : 'chunked'}: memory stayed flat (${((process.memoryUsage().rss - before) / 1048576).toFixed(1)} MiB)`)
    t.ok(api.sent.bytes < 32 * 1024 * 1024, `the fake got to send only ${(api.sent.bytes / 1048576).toFixed(1)} MiB of its 200`)
  }
})

t.test('through the daemon: the Stop gets the hook\'s fallback, not a 200 MB parse', async t => {
  const api = await floodingApi(t)
  const { app } = await build(t, testConfig({}, api.url))
  const before = process.memoryUsage().rss
  const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Let me commit and push this now.') })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['x-hookjudge-source'], 'fallback')
  t.strictSame(res.json(), {}, 'the commit hook fails open')
  t.ok(process.memoryUsage().rss - before < 64 * 1024 * 1024, 'memory stayed flat')
  t.ok(api.sent.bytes < 32 * 1024 * 1024, 'the answer was cut early')
})
