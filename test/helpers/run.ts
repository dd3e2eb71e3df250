/** Runs a program with async spawn (never spawnSync: tests run servers in this process) and collects its output. */
import { spawn } from 'node:child_process'

export function run (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null, stdout: string, stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => { stdout += c })
    child.stderr.on('data', (c: Buffer) => { stderr += c })
    child.on('error', reject)
    child.on('close', code => resolve({ code, stdout, stderr }))
  })
}
