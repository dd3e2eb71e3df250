/** Bench plumbing: start a daemon or a bare Fastify server in its own process, time commands, summarise samples. */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { PACKAGE_ROOT } from '../server/paths.js'

export const ROOT = PACKAGE_ROOT

export async function freePort (): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1')
  await once(s, 'listening')
  const port = (s.address() as { port: number }).port
  s.close()
  return port
}

/** Runs a node script (TypeScript through tsx) in a child process and waits until it prints `ready`-ish output on the port. */
export async function startProcess (args: string[], env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`)
      if (res.status === 200 || res.status === 404) return child
    } catch {}
    await new Promise(resolve => setTimeout(resolve, 50))
  }
  child.kill()
  throw new Error(`process ${args.join(' ')} did not come up on ${port}`)
}

export function run (cmd: string, args: string[], stdin: string, env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(cmd, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'ignore', 'ignore'] })
    child.on('error', reject)
    child.on('close', () => resolve(performance.now() - started))
    child.stdin.end(stdin)
  })
}

export function stats (samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN
  return { n: s.length, median: q(0.5), p99: q(0.99) }
}

export const machine = () => `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
export const cliPath = join('server', 'cli.ts')
