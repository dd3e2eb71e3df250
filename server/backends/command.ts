/** command backend: any executable that reads the wrapped prompt on stdin and prints the answer (local runners, gateways). */
import type { BackendConfig } from '../config/config-schema.js'
import { BackendError } from '../core/errors.js'
import type { Env } from '../core/paths.js'
import { type Backend, unusableBackend } from './contract.js'
import { createProcessBackend, findExecutable } from './process-backend.js'
import { type Finished, stderrLine } from './process.js'

export function parseCommandOutput (out: Finished): { text: string } {
  if (out.code !== 0) throw new BackendError(`command exited with ${out.code ?? out.signal}: ${stderrLine(out.stderr)}`, 'http_error')
  if (out.stdout.trim() === '') throw new BackendError('command printed nothing', 'bad_output')
  return { text: out.stdout }
}

export function createCommandBackend (cfg: BackendConfig, env: Env, now?: () => number): Backend {
  const [name, ...rest] = cfg.command ?? []
  const bin = name === undefined ? undefined : findExecutable(name, env)
  if (bin === undefined) return unusableBackend(cfg, name === undefined ? 'no command configured' : `${name} is not an executable (on PATH or as a path)`)
  return createProcessBackend({
    cfg,
    model: cfg.model || name!,
    env,
    argv: () => [bin, ...rest, ...cfg.args],
    parse: parseCommandOutput,
    now
  })
}
