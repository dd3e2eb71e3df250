/** codex-cli backend: `codex exec` as the judge (hook-protocols.md §2.6), the answer schema as --output-schema, warm spares. */
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BackendConfig } from '../config/config-schema.js'
import { BackendError } from '../core/errors.js'
import type { Env } from '../core/paths.js'
import { type AnswerSchema, type Backend, unusableBackend } from './contract.js'
import { createProcessBackend, findExecutable } from './process-backend.js'
import { type Finished, stderrLine } from './process.js'

interface CodexEvent { type?: string, message?: string, error?: { message?: string }, item?: { type?: string, text?: unknown }, usage?: { input_tokens?: number, output_tokens?: number } }

/** The `--json` event lines → the last agent message and the turn's usage; a failed turn or no message is an error. */
export function parseCodexEvents (out: Finished): { text: string, usage?: { input: number, output: number } } {
  const events = out.stdout.split('\n').flatMap((l): CodexEvent[] => { try { return [JSON.parse(l)] } catch { return [] } })
  const text = events.filter(e => e.type === 'item.completed' && e.item?.type === 'agent_message').at(-1)?.item?.text
  if (typeof text !== 'string') {
    const failed = events.find(e => e.type === 'turn.failed' || e.type === 'error')
    const why = failed?.error?.message ?? failed?.message
    if (why || out.code !== 0) throw new BackendError(`codex failed: ${(why ?? stderrLine(out.stderr)).slice(0, 200)}`, 'http_error')
    throw new BackendError('codex gave no agent message', 'bad_output')
  }
  const u = events.filter(e => e.type === 'turn.completed').at(-1)?.usage
  return { text, usage: u && { input: u.input_tokens ?? 0, output: u.output_tokens ?? 0 } }
}

export function createCodexCliBackend (cfg: BackendConfig, env: Env, now?: () => number): Backend {
  const bin = cfg.command ? [findExecutable(cfg.command[0]!, env), ...cfg.command.slice(1)] : [findExecutable('codex', env)]
  if (bin[0] === undefined) {
    return unusableBackend(cfg, cfg.command ? `${cfg.command[0]} is not an executable` : 'no codex CLI on PATH: install it (npm i -g @openai/codex) and run codex login once')
  }
  let dir: string | undefined
  const schemaFile = (schema: AnswerSchema) => {
    dir ??= mkdtempSync(join(tmpdir(), 'hookjudge-codex-'))
    const file = join(dir, `answer-${createHash('sha256').update(schema.key).digest('hex').slice(0, 16)}.json`)
    if (!existsSync(file)) writeFileSync(file, JSON.stringify(schema.json))
    return file
  }
  return createProcessBackend({
    cfg,
    model: cfg.model || 'codex-default',
    env,
    // `-` reads the prompt from stdin (so a spare can wait for it, and the text stays out of argv); stdin is closed
    // after it. Whitespace alone makes an orphaned spare exit without calling the model ("No prompt provided").
    preamble: '\n',
    argv: (schema) => [
      ...bin as string[], 'exec', '--json', '--output-schema', schemaFile(schema), '--ephemeral', '--skip-git-repo-check',
      '--disable', 'hooks', '-s', 'read-only', '--color', 'never', ...(cfg.model ? ['-m', cfg.model] : []), ...cfg.args, '-'
    ],
    parse: parseCodexEvents,
    cleanup: async () => { if (dir) await rm(dir, { recursive: true, force: true }) },
    now
  })
}
