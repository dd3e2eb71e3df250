// The daemon starts and answers without loading Fastify's schema compilers (ajv and its kin: idle memory); a route
// with a schema still validates its body and serializes its answer, loading them then.
import { createRequire } from 'node:module'
import Fastify from 'fastify'
import t from 'tap'
import { lazyCompilers } from '../../server/core/lazy-compilers.js'
import { build, claudeStop } from '../helper.js'

const loaded = (pkg: string) => Object.keys(createRequire(import.meta.url).cache).some(p => p.includes(`/node_modules/${pkg}/`))

t.test('a built daemon answers a Stop and its metrics with ajv and the serializer compiler never loaded', async t => {
  t.notOk(loaded('ajv'), 'not loaded before the app either')
  const { app } = await build(t)
  const res = await app.inject({ method: 'POST', url: '/judge', payload: claudeStop('Renamed the helper.') })
  t.equal(res.statusCode, 200)
  t.equal((await app.inject({ url: '/metrics' })).statusCode, 200)
  t.notOk(loaded('ajv'), 'ajv')
  // Fastify's error serializer needs only fast-json-stringify's small runtime, never its compiler.
  t.notOk(loaded('@fastify/fast-json-stringify-compiler'), 'the serializer compiler')
})

t.test('a route with a schema gets the real compilers on first use', async t => {
  const app = Fastify({ schemaController: { compilersFactory: lazyCompilers() } })
  t.teardown(() => app.close())
  app.post('/echo', {
    schema: {
      body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
      response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } }
    }
  }, async (req) => ({ n: (req.body as { n: number }).n, secret: 'dropped by the response schema' }))
  const bad = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'x' } })
  t.equal(bad.statusCode, 400, 'the body is validated')
  const good = await app.inject({ method: 'POST', url: '/echo', payload: { n: 2 } })
  t.strictSame(good.json(), { n: 2 }, 'the answer is serialized by its schema')
  t.ok(loaded('ajv') && loaded('@fastify/fast-json-stringify-compiler'), 'both loaded now')
})
