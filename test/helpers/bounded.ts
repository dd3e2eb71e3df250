/** A child process or a promise given a bound: a hang fails the test in seconds, not at tap's 120 s timeout. */
import { spawn } from 'node:child_process'

export interface Ran { code: number | null, stdout: string, stderr: string, hung: boolean }

/** Runs cmd to its end, or SIGKILLs it after ms and says so (hung: true). */
export function runBounded (cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv, ms: number, stdin?: string }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let hung = false
    const timer = setTimeout(() => { hung = true; child.kill('SIGKILL') }, opts.ms)
    child.stdout.on('data', (c: Buffer) => { stdout += c })
    child.stderr.on('data', (c: Buffer) => { stderr += c })
    child.on('error', (err) => { clearTimeout(timer); reject(err) })
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr, hung }) })
    child.stdin.on('error', () => {}) // EPIPE when the child exits before reading its input
    child.stdin.end(opts.stdin ?? '')
  })
}

/** The promise's value, or a rejection naming what did not happen within ms. */
export function within<T> (ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms) })
  return Promise.race([work, bound]).finally(() => clearTimeout(timer))
}
