/** An HTTP server on loopback that accepts requests and never answers: what a hung daemon looks like to a hook. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

export async function silentServer (t: Test): Promise<string> {
  const server = createServer(() => {})
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => { server.closeAllConnections(); server.close() })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
