/** The floor for comparisons: a bare Fastify server with a static JSON route, nothing else. */
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/healthz', async () => ({ status: 'ok' }))
app.post('/static', async () => ({}))
app.get('/static', async () => ({}))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
