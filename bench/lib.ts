/** Bench plumbing: daemons, the fake judge API and a bare Fastify in their own processes; timing, RSS, summaries. */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os'
import { join } from 'node:path'
import { stringify } from 'yaml'
import { PACKAGE_ROOT } from '../server/core/paths.js'
import { DAEMON_NODE_FLAGS } from '../server/service/spec.js'

export const ROOT = PACKAGE_ROOT
// The daemon as users run it (`npm start`): the built JavaScript, not the sources through a TypeScript loader, whose
// compiler and source maps would add to its memory and start-up. `npm run bench` builds first; BENCH_DIST names
// another build (`tsc -p tsconfig.build.json --outDir dist/mine`) to measure beside the shared one.
export const cliPath = join(process.env.BENCH_DIST ?? 'dist', 'server', 'cli.js')
export const knob = (name: string, dflt: number) => Number(process.env[name] ?? dflt)

export async function freePort (): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1')
  await once(s, 'listening')
  const port = (s.address() as { port: number }).port
  s.close()
  return port
}

/** Runs an entry (a TypeScript one through tsx) in a child process and waits until it answers GET /healthz on the port. */
export async function startProcess (args: string[], env: Record<string, string>, port: number, nodeFlags: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, ...(args[0]!.endsWith('.ts') ? ['--import', 'tsx'] : []), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
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

export interface Daemon {
  url: string
  pid: number
  /** Its XDG_STATE_HOME: the decision log is under hookjudge/. */
  stateDir: string
  /** Stops it (the log flushed); beforeRemove reads its files, then its directory goes. */
  stop (beforeRemove?: () => void): Promise<void>
}

/** Ends a child process this bench started (by its own handle) and waits for it to exit. */
export async function stopProcess (child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill()
  await exited
}

/** `hookjudge serve` on a free port with the shipped defaults plus `overrides`, the judge pointed at the fake API. */
export async function startDaemon (fakeUrl: string, overrides: Record<string, unknown> = {}): Promise<Daemon> {
  if (!existsSync(join(ROOT, cliPath))) throw new Error(`${cliPath} is missing: run \`npm run build\` first (npm run bench does)`)
  const dir = mkdtempSync(join(tmpdir(), 'hookjudge-bench-'))
  const port = await freePort()
  const file = join(dir, 'config.yaml')
  // An explicit chain: `auto` could add the claude / codex CLIs found on PATH, which the bench does not measure.
  writeFileSync(file, stringify({ judge: { backends: ['anthropic'] }, backends: { anthropic: { baseUrl: fakeUrl } }, ...overrides }))
  const child = await startProcess([cliPath, 'serve', '--port', String(port), '--config', file],
    { ANTHROPIC_API_KEY: 'bench-key', XDG_STATE_HOME: join(dir, 'state') }, port, [...DAEMON_NODE_FLAGS, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])])
    .catch((err: Error) => { rmSync(dir, { recursive: true, force: true }); throw err })
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stateDir: join(dir, 'state'),
    stop: async (beforeRemove) => {
      await stopProcess(child)
      try { beforeRemove?.() } finally { rmSync(dir, { recursive: true, force: true }) }
    }
  }
}

/** Runs a command with `stdin` as input; resolves with its wall time in ms. */
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

export const median = (xs: number[]) => stats(xs).median

/** Resident set size of a process in MiB (Linux /proc; elsewhere `ps`). */
export async function rssMiB (pid: number): Promise<number> {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    if (kb) return Number(kb) / 1024
  } catch {}
  const out = await new Promise<string>(resolve => {
    let s = ''
    const ps = spawn('ps', ['-o', 'rss=', '-p', String(pid)])
    ps.stdout.on('data', (c: Buffer) => { s += c })
    ps.on('close', () => resolve(s))
  })
  return Number(out.trim()) / 1024
}

/** Samples a process's RSS every `ms` until stopped; resolves with the samples. */
export function sampleRss (pid: number, ms = 100) {
  const samples: number[] = []
  const timer = setInterval(() => { rssMiB(pid).then(v => samples.push(v), () => {}) }, ms)
  return { stop: () => { clearInterval(timer); return samples } }
}

export function machine () {
  const c = cpus()
  return {
    cpu: `${c.length} × ${c[0]?.model.trim() ?? 'cpu'}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${type()} ${release()}`,
    node: process.version,
    load: loadavg().map(l => l.toFixed(2)).join(' '),
    cores: c.length
  }
}

/** A Claude Code Stop hook input as it arrives on stdin or in the native http hook's body (by default its transcript is
 * outside every root: the daemon judges the message alone); `over` replaces fields. */
export const stopInput = (text: string, over: Record<string, unknown> = {}) => JSON.stringify({ session_id: 'bench', transcript_path: '/nonexistent/t.jsonl', cwd: '/tmp', prompt_id: 'p', permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: text, ...over })

/** One table of the report: a heading, a sentence on what was measured, and rows of figures. */
/** only: the section's key for BENCH_ONLY (its command in the report). */
export interface Section { title: string, note: string, head: string[], rows: string[][], only?: string }

export const ms = (x: number) => x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x.toFixed(1)
export const times = (x: number) => `${x.toFixed(2)}×`
