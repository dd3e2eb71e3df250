/** A Backend that judges through one local process per verdict (claude -p, codex exec, any command), with warm spares. */
import { accessSync, constants, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import type { BackendConfig } from '../config/config-schema.js'
import { JUDGE_ENV } from '../guards/recursion.js'
import type { Env } from '../core/paths.js'
import type { AnswerSchema, AskRequest, AskResult, Backend } from './contract.js'
import { type Finished, startProc } from './process.js'
import { createProcPool } from './spares.js'

export interface ProcessBackendSpec {
  cfg: BackendConfig
  model: string
  /** The full argv for one answer schema: the schema is a flag, so each schema has its own spares. */
  argv (schema: AnswerSchema): string[]
  /** The daemon's env; the recursion markers are added on top. */
  env: Env
  /** Written to stdin at start, before the prompt is known (see ProcOptions.preamble). */
  preamble?: string
  /** The process's output → the answer text and its token counts; throws BackendError. */
  parse (out: Finished): AskResult
  cleanup? (): Promise<void>
  now? (): number
}

/** What a process backend reads on stdin: the judge's instructions, then the wrapped text. */
export const promptText = (req: Pick<AskRequest, 'system' | 'user'>) => `${req.system}\n\n${req.user}\n`

/** An executable: a path (with a slash) as given, or a bare name looked up in env.PATH; undefined when none is found. */
export function findExecutable (name: string, env: Env): string | undefined {
  const runnable = (p: string) => {
    try { accessSync(p, constants.X_OK); return statSync(p).isFile() } catch { return false }
  }
  if (name.includes('/')) return runnable(name) ? name : undefined
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && runnable(join(dir, name))) return join(dir, name)
  }
  return undefined
}

export function createProcessBackend (spec: ProcessBackendSpec): Backend {
  const { cfg } = spec
  const env = { ...spec.env, ...JUDGE_ENV }
  const cwd = cfg.cwd ?? tmpdir()
  const pool = createProcPool({ spares: cfg.spares, maxProcesses: cfg.maxProcesses, idleMs: cfg.spareIdleSeconds * 1000, now: spec.now })
  const starter = (schema: AnswerSchema) => () =>
    startProc({ argv: spec.argv(schema), env, cwd, preamble: spec.preamble, maxBytes: cfg.maxOutputBytes })
  return {
    name: cfg.name,
    type: cfg.type,
    model: spec.model,
    unusable: null,
    async ask (req) {
      const { proc } = await pool.acquire(req.schema.key, starter(req.schema), req.signal)
      return spec.parse(await proc.finish(promptText(req), req.signal))
    },
    warm (schemas = []) { for (const s of schemas) pool.prime(s.key, starter(s)) },
    processes: () => pool.stats(),
    async close () {
      await pool.close()
      await spec.cleanup?.()
    }
  }
}
