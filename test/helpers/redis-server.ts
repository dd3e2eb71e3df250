/** A real redis-server on a free loopback port for tests and benches: start, kill, start again on the same port. */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
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

/** Resolves once the port answers PING with PONG (redis-server prints nothing we could wait on without a log file). */
async function answers (port: number): Promise<boolean> {
  return new Promise(resolve => {
    const sock = createConnection({ host: '127.0.0.1', port })
    let got = ''
    sock.setTimeout(500, () => { sock.destroy(); resolve(false) })
    sock.on('error', () => resolve(false))
    sock.on('connect', () => sock.write('PING\r\n'))
    sock.on('data', (c) => { got += c.toString(); if (got.includes('PONG')) { sock.destroy(); resolve(true) } })
  })
}

export async function startRedis (): Promise<RedisServer> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'hookjudge-redis-'))
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' })
    const exited = once(child, 'exit')
    for (let i = 0; i < 200; i++) {
      if (await answers(port)) return
      if (child.exitCode !== null) break
      await new Promise(resolve => setTimeout(resolve, 25))
    }
    child.kill('SIGKILL')
    await exited
    throw new Error(`redis-server did not come up on ${port}`)
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
