// Logger options: JSON lines unless a person watches a terminal; secrets and agent text redacted either way.
import t from 'tap'
import { loggerOptions } from '../server/app.js'

t.test('pretty only on a TTY', async t => {
  t.match(loggerOptions('info', true), { level: 'info', transport: { target: 'pino-pretty' } })
  t.notOk((loggerOptions('debug', false) as Record<string, unknown>).transport)
})

t.test('authorization headers, API keys and text fields are redacted', async t => {
  t.strictSame((loggerOptions('info', false) as { redact: string[] }).redact, ['req.headers.authorization', '*.apiKey', '*.text'])
})
