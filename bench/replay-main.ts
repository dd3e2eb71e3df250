/** `node --import tsx bench/replay-main.ts`: just the replay of stored sessions (the figure of replay-sessions.ts), quickly. */
import { join } from 'node:path'
import { freePort, startDaemon, startProcess, stopProcess } from './lib.js'
import { replaySessions } from './replay-sessions.js'

const port = await freePort()
const fake = await startProcess([join('bench', 'fake-api.ts')], { PORT: String(port) }, port)
try {
  const url = `http://127.0.0.1:${port}`
  const section = await replaySessions(o => startDaemon(url, o), url)
  process.stdout.write(`${section.title}\n${section.note}\n${section.head.join(' | ')}\n${section.rows.map(r => r.join(' | ')).join('\n')}\n`)
} finally {
  await stopProcess(fake)
}
