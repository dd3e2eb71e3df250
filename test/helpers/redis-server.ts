/** A real redis-server on a free loopback port for tests and benches: start, kill, start again on the same port. */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface RedisServer {
  url: string
  port: number
  /** Stops the server (SIGKILL: an outage, not a clean shutdown); idempotent. */
  kill (): Promise<void>
  /** Starts it again on the same port (empty: nothing is persisted). */
  start (): Promise<void>
  /** Freezes / thaws the process (SIGSTOP / SIGCONT): a Redis that accepts connections and never answers. */
  pause (): void
  resume (): void
  stop (): Promise<void>
}

async function freePort (): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1')
  await once(s, 'listening')
  const port = (s.address() as { port: number }).port
  s.close()
  await once(s, 'close')
  return port
}

/** Resolves once the child logs that it accepts connections (its log goes to stdout); rejects if it exits first. */
function ready (child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      if (/Ready to accept connections/.test(out)) { child.stdout!.removeAllListeners('data').resume(); resolve() }
    })
    child.on('error', err => reject(new Error(`redis-server could not start: ${err.message}`)))
    child.on('exit', (code, signal) => reject(new Error(`redis-server did not come up on ${port} (exit ${code ?? signal}): ${out.trim().split('\n').slice(-3).join(' | ')}`)))
  })
}

export async function startRedis (): Promise<RedisServer> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'hookjudge-redis-'))
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'ignore'] })
    await ready(child, port)
  }
  const kill = async () => {
    const c = child
    if (!c || c.exitCode !== null || c.signalCode !== null) return
    const exited = once(c, 'exit')
    c.kill('SIGCONT')
    c.kill('SIGKILL')
    await exited
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    kill,
    start,
    pause: () => { child?.kill('SIGSTOP') },
    resume: () => { child?.kill('SIGCONT') },
    stop: async () => { await kill(); rmSync(dir, { recursive: true, force: true }) }
  }
}
