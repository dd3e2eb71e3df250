// HTTP backends stay warm: a keep-alive probe holds one connection open across idle time, and a broken one is replaced at once.
import { once } from 'node:events'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { createJsonClient } from '../../server/backends/http.js'

const IDLE_CLOSE_MS = 200

/** A loopback API that counts connections, closes any connection idle for IDLE_CLOSE_MS, and drops POSTs when told. */
async function countingServer (t: { teardown: (fn: () => unknown) => void }) {
  const s = { connections: 0, gets: 0, dropPosts: false }
  const server = createServer((req: IncomingMessage, res) => {
    req.resume()
    req.on('end', () => {
      if (req.method === 'GET') { s.gets++; server.emit('probe'); res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'); return }
      if (s.dropPosts) { req.socket.destroy(); return }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  server.keepAliveTimeout = 0 // no Keep-Alive hint: the idle close below is the server's only rule
  server.on('connection', (socket) => {
    s.connections++
    socket.setTimeout(IDLE_CLOSE_MS, () => socket.destroy())
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(() => { server.closeAllConnections(); server.close() })
  const probes = async (n: number) => { while (s.gets < n) await once(server, 'probe') }
  return { s, server, probes, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` }
}

t.test('the probe keeps one connection alive across idle periods longer than the server allows', async t => {
  const { s, probes, url } = await countingServer(t)
  const client = createJsonClient(url)
  t.teardown(() => client.close())
  client.warm('/models', {}, IDLE_CLOSE_MS / 4)
  const started = performance.now()
  await probes(8) // ≈ 350 ms, well past the server's idle close
  t.ok(performance.now() - started > IDLE_CLOSE_MS, 'longer than the server keeps an idle connection')
  t.equal(s.connections, 1, 'still the first connection: never idle long enough to be closed')
})

t.test('after a broken connection the client reconnects in the background, before the next verdict', async t => {
  const { s, server, probes, url } = await countingServer(t)
  const client = createJsonClient(url)
  t.teardown(() => client.close())
  client.warm('/models', {}, 0)
  await probes(1)
  t.equal(s.connections, 1)
  s.dropPosts = true
  const reconnected = once(server, 'connection')
  await t.rejects(client.post('/judge', {}, {}, AbortSignal.timeout(5000)), { name: 'BackendError', code: 'http_error' })
  await reconnected
  await probes(2)
  t.equal(s.connections, 2, 'a fresh connection was opened by the probe, not by a verdict')
})
