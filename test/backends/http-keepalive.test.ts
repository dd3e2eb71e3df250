// HTTP backends stay warm: a keep-alive probe holds one connection open across idle time, and a broken one is replaced at once.
import { once } from 'node:events'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import t from 'tap'
import { createJsonClient, MAX_ANSWER_BYTES, PROBE_TIMEOUT_MS } from '../../server/backends/http.js'
import { testClock } from '../helpers/clock.js'

const PROBE_MS = 50_000

/**
 * A loopback API that counts connections and drops POSTs when told. Its idle rule runs when the test calls sweep():
 * every connection that carried no request since the last sweep is closed, as a server's idle timeout would.
 */
async function countingServer (t: { teardown: (fn: () => unknown) => void }) {
  const s = { connections: 0, gets: 0, dropPosts: false }
  const used = new Map<Socket, boolean>()
  const server = createServer((req: IncomingMessage, res) => {
    used.set(req.socket, true)
    req.resume()
    req.on('end', () => {
      if (req.method === 'GET') { s.gets++; server.emit('probe'); res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'); return }
      if (s.dropPosts) { req.socket.destroy(); return }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  server.keepAliveTimeout = 0 // no Keep-Alive hint and no idle timer: sweep() is the server's only rule
  server.on('connection', (socket: Socket) => {
    s.connections++
    used.set(socket, false)
    socket.on('close', () => used.delete(socket))
  })
  const sweep = () => { for (const [socket, busy] of used) busy ? used.set(socket, false) : socket.destroy() }
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(() => { server.closeAllConnections(); server.close() })
  const probes = async (n: number) => { while (s.gets < n) await once(server, 'probe') }
  return { s, server, probes, sweep, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` }
}

t.test('the probe keeps one connection alive across idle periods longer than the server allows', async t => {
  const { s, sweep, url } = await countingServer(t)
  const clock = testClock()
  const client = createJsonClient(url, MAX_ANSWER_BYTES, clock)
  t.teardown(() => client.close().catch(() => {}))
  // The agent takes a connection back a turn after the answer ends: a probe sent earlier would open a second
  // connection, which no real probe interval allows.
  const connectionBack = () => new Promise(resolve => setImmediate(resolve))
  await client.warm('/models', {}, PROBE_MS)
  t.equal(s.gets, 1, 'warm probes at once')
  await connectionBack()
  for (let i = 2; i <= 8; i++) {
    sweep() // the end of one idle period the server allows
    if (!t.equal(clock.advance(PROBE_MS), 1, `probe ${i} is due after probeMs`)) return
    await clock.settled()
    await connectionBack()
  }
  t.equal(s.gets, 8, 'every tick probed')
  sweep()
  t.equal(s.connections, 1, 'still the first connection: never idle long enough to be closed')
  t.equal(clock.advance(PROBE_MS - 1), 0, 'no probe before its time')
  await client.close()
  t.equal(clock.pending(), 0, 'close stops the probes')
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
  await t.rejects(client.post('/judge', {}, {}, new AbortController().signal), { name: 'BackendError', code: 'http_error' })
  await reconnected
  await probes(2)
  t.equal(s.connections, 2, 'a fresh connection was opened by the probe, not by a verdict')
})

t.test('a probe the server never answers is given up after PROBE_TIMEOUT_MS, so the next one can run', async t => {
  const gets: IncomingMessage[] = []
  let dropped = () => {}
  const droppedOnce = new Promise<void>(resolve => { dropped = resolve })
  const server = createServer((req) => { gets.push(req); req.socket.on('close', () => dropped()); server.emit('get') })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(() => { server.closeAllConnections(); server.close() })
  const clock = testClock()
  const client = createJsonClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, MAX_ANSWER_BYTES, clock)
  t.teardown(() => client.close().catch(() => {}))
  const first = client.warm('/models', {}, PROBE_MS)
  await once(server, 'get')
  t.equal(clock.advance(PROBE_TIMEOUT_MS - 1), 0, 'still waiting just before the bound')
  t.equal(clock.advance(1), 1, 'the bound fires')
  await first
  await droppedOnce
  const next = once(server, 'get')
  t.equal(clock.advance(PROBE_MS - PROBE_TIMEOUT_MS), 1, 'the next tick is due')
  await next
  t.equal(gets.length, 2, 'the next tick probed again')
})
