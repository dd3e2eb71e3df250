/** Codex runs each hook command as `$SHELL -lc "<command>"`: anything the login profile prints lands before the JSON. */
import { spawn } from 'node:child_process'
import type { Env } from '../core/paths.js'

/** Bytes `$SHELL -lc true` writes to stdout with this env (0 = clean), or undefined when the shell could not be run. */
export async function loginShellNoise (env: Env, timeoutMs = 5000): Promise<number | undefined> {
  const shell = env.SHELL || '/bin/sh'
  return await new Promise((resolve) => {
    let bytes = 0
    const child = spawn(shell, ['-lc', 'true'], { env, stdio: ['ignore', 'pipe', 'ignore'], timeout: timeoutMs })
    child.stdout.on('data', (c: Buffer) => { bytes += c.length })
    child.on('error', () => resolve(undefined))
    child.on('close', (code) => resolve(code === 0 ? bytes : undefined))
  })
}

export function noiseWarning (shell: string, bytes: number): string {
  return [
    `warning: your login shell (${shell} -l) prints ${bytes} bytes on stdout before any command runs.`,
    '  Codex runs hooks as `$SHELL -lc "<command>"`, so that text lands in front of hookjudge\'s JSON and Codex',
    '  rejects the answer: every hook then fails open and nothing is ever blocked. Print that text only in',
    '  interactive shells (e.g. wrap it in `case $- in *i*) … ;; esac`, or send it to stderr).'
  ].join('\n')
}
