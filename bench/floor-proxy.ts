/** Bench-only floor for the Layer-2 overhead: the least a judge daemon can do (read the hook input, one POST to the
 * judge API, parse its answer, answer the agent), in its own process as hookjudge is. Run: PORT=N UPSTREAM=URL tsx bench/floor-proxy.ts */
import { Agent, createServer, request } from 'node:http'

const upstream = `${process.env.UPSTREAM}/v1/messages`
const agent = new Agent({ keepAlive: true })
// About the size of hookjudge's prompt for one hook, so the bytes moved are alike.
const system = `Hook "commit". Task: decide whether the text proposes a commit. ${'Rules. '.repeat(400)}`

const server = createServer((req, res) => {
  if (req.method !== 'POST') { res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'); return }
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { last_assistant_message?: string }
    const body = JSON.stringify({ model: 'floor', max_tokens: 256, system, messages: [{ role: 'user', content: input.last_assistant_message ?? '' }] })
    const up = request(upstream, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (answer) => {
      const parts: Buffer[] = []
      answer.on('data', (c: Buffer) => parts.push(c))
      answer.on('end', () => {
        JSON.parse(Buffer.concat(parts).toString('utf8'))
        res.writeHead(200, { 'content-type': 'application/json', 'x-hookjudge-source': 'judge' }).end('{}')
      })
    })
    up.on('error', () => res.writeHead(502).end())
    up.end(body)
  })
})
server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT), '127.0.0.1')
