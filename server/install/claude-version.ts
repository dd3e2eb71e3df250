/** The version of the `claude` an install will wire, read from `claude --version` on the user's PATH. */
import { spawn } from 'node:child_process'
import type { Env } from '../core/paths.js'

/** Claude Code took `onFailure: "block"` on command and http hooks from this release on. */
export const ON_FAILURE_SINCE = [2, 1, 295] as const

export function parseVersion (text: string): number[] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(text)
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

export function atLeast (v: number[], min: readonly number[]): boolean {
  for (let i = 0; i < min.length; i++) if ((v[i] ?? 0) !== min[i]) return (v[i] ?? 0) > min[i]!
  return true
}

/** undefined when no claude runs here (then the older, shim-based wiring is the safe one). */
export async function claudeVersion (env: Env, timeoutMs = 10_000): Promise<number[] | undefined> {
  return await new Promise((resolve) => {
    let out = ''
    const child = spawn('claude', ['--version'], { env, stdio: ['ignore', 'pipe', 'ignore'], timeout: timeoutMs })
    child.stdout.on('data', (c: Buffer) => { out += String(c) })
    child.on('error', () => resolve(undefined))
    child.on('close', (code) => resolve(code === 0 ? parseVersion(out) : undefined))
  })
}
