/** Redis's MONITOR on a test connection: a test waits until Redis has executed the commands it expects, in no time. */
import { once } from 'node:events'
import { createConnection } from 'node:net'

export interface RedisMonitor {
  /** Resolves once `count` commands whose MONITOR line matches `re` have been executed since the monitor started. */
  executed (re: RegExp, count: number): Promise<void>
  close (): void
}

/** Starts MONITOR on a fresh connection; resolves once Redis has acknowledged it (later commands are all seen). */
export async function monitorRedis (port: number): Promise<RedisMonitor> {
  const sock = createConnection({ host: '127.0.0.1', port })
  await once(sock, 'connect')
  const lines: string[] = []
  const waiting: Array<{ re: RegExp, count: number, resolve: () => void }> = []
  const check = () => {
    for (const w of [...waiting]) {
      if (lines.filter(l => w.re.test(l)).length >= w.count) { waiting.splice(waiting.indexOf(w), 1); w.resolve() }
    }
  }
  let buffered = ''
  let acknowledged!: () => void
  const ok = new Promise<void>(resolve => { acknowledged = resolve })
  sock.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const parts = buffered.split('\r\n')
    buffered = parts.pop() ?? ''
    for (const p of parts) {
      if (p === '+OK') acknowledged()
      else lines.push(p)
    }
    check()
  })
  sock.on('error', () => {})
  sock.write('MONITOR\r\n')
  await ok
  return {
    executed: (re, count) => new Promise(resolve => { waiting.push({ re, count, resolve }); check() }),
    close: () => { sock.destroy() }
  }
}
