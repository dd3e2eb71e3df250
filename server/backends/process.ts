/** One judge process in its own process group: started early, fed its prompt on stdin, bounded output, killed as a group. */
import { spawn } from 'node:child_process'
import { BackendError } from '../core/errors.js'
import type { Env } from '../core/paths.js'

export interface ProcOptions {
  argv: string[]
  env: Env
  cwd: string
  /** Written at start: some CLIs give up on a stdin that stays silent (claude -p: after 3 s). Whitespace only. */
  preamble?: string
  maxBytes: number
}

export interface Finished { code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string }

export interface Proc {
  readonly pid: number | undefined
  alive (): boolean
  /** Hands over the prompt, closes stdin, and resolves when the process has ended; `signal` kills the whole group. */
  finish (input: string, signal: AbortSignal): Promise<Finished>
  kill (): void
  readonly exited: Promise<void>
}

const STDERR_TAIL = 16384
// Process groups still alive; killed if the daemon exits without closing its backends (an orphaned spare would
// otherwise read EOF and, with a whitespace-only prompt, exit on its own: the CLIs refuse an empty prompt).
const live = new Set<number>()
let exitHook = false
const killGroup = (pid: number | undefined) => {
  if (pid === undefined) return
  try { process.kill(-pid, 'SIGKILL') } catch { /* already gone */ }
}

export function startProc (o: ProcOptions): Proc {
  if (!exitHook) { exitHook = true; process.on('exit', () => { for (const pid of live) killGroup(pid) }) }
  const child = spawn(o.argv[0]!, o.argv.slice(1), { cwd: o.cwd, env: o.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true })
  const pid = child.pid
  if (pid !== undefined) live.add(pid)
  let running = pid !== undefined
  let startError: Error | undefined
  const out: Buffer[] = []
  let outBytes = 0
  let overflow = false
  let err = ''
  child.stdout.on('data', (d: Buffer) => {
    outBytes += d.length
    if (outBytes > o.maxBytes) { overflow = true; killGroup(pid) } else out.push(d)
  })
  child.stderr.setEncoding('utf8').on('data', (d: string) => { err = (err + d).slice(-STDERR_TAIL) })
  child.stdin.on('error', () => {}) // EPIPE when the process died first: its exit says why
  const exited = new Promise<void>(resolve => {
    child.on('error', (e) => { startError = e; running = false; resolve() })
    // Stragglers of the group (a CLI's own children) go with the leader; the pipes then close.
    child.on('exit', () => { running = false; killGroup(pid) })
    child.on('close', () => { running = false; if (pid !== undefined) live.delete(pid); resolve() })
  })
  if (o.preamble) child.stdin.write(o.preamble)

  return {
    pid,
    alive: () => running,
    kill: () => killGroup(pid),
    exited,
    async finish (input, signal) {
      const onAbort = () => killGroup(pid)
      if (signal.aborted) onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
      child.stdin.end(input)
      try {
        await exited
      } finally {
        signal.removeEventListener('abort', onAbort)
      }
      if (startError) throw new BackendError(`could not start ${o.argv[0]}: ${(startError as NodeJS.ErrnoException).code ?? startError.message}`, 'http_error')
      if (signal.aborted) throw new BackendError('deadline passed before the answer (process group killed)', 'timeout')
      if (overflow) throw new BackendError(`output larger than ${o.maxBytes} bytes`, 'bad_output')
      return { code: child.exitCode, signal: child.signalCode, stdout: Buffer.concat(out).toString('utf8'), stderr: err }
    }
  }
}

/** The last line of a process's stderr, shortened: enough to say why it failed, never a whole prompt. */
export function stderrLine (stderr: string): string {
  const line = stderr.trim().split('\n').filter(l => l.trim() !== '').at(-1) ?? ''
  return line.length > 200 ? `${line.slice(0, 197)}...` : line
}
