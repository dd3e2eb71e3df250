/** claude-cli backend: `claude -p` as the judge (hook-protocols.md §1.7), the answer schema as --json-schema, warm spares. */
import type { BackendConfig } from '../config/config-schema.js'
import { BackendError } from '../core/errors.js'
import type { Env } from '../core/paths.js'
import { type Backend, unusableBackend } from './contract.js'
import { createProcessBackend, findExecutable } from './process-backend.js'
import { type Finished, stderrLine } from './process.js'

// Replaces Claude Code's ~27 kB agent prompt; the hook's own instructions travel on stdin, because a spare is started
// before they are known (they carry a fresh nonce per verdict).
const SYSTEM = 'You are hookjudge\'s judge, a strict classifier. The user message gives your instructions first, then the ' +
  'agent message to judge between two nonce marker lines. Answer only by calling the StructuredOutput tool.'

interface ClaudeResult {
  is_error?: boolean
  subtype?: string
  api_error_status?: number | null
  result?: unknown
  structured_output?: unknown
  usage?: { input_tokens?: number, output_tokens?: number, cache_creation_input_tokens?: number, cache_read_input_tokens?: number }
}

/**
 * The user's hooks, settings and CLAUDE.md must stay out of a judge call (or the judge fires the user's Stop hook).
 * `--bare` does all of that but reads only ANTHROPIC_API_KEY (no OAuth, no keychain): use it when that key is set;
 * otherwise (a subscription login) load no setting sources and disable hooks explicitly (both verified: 0 hooks ran).
 */
export function isolationFlags (env: Env): { args: string[], env: Env } {
  if (env.ANTHROPIC_API_KEY) return { args: ['--bare'], env: {} }
  return {
    args: ['--setting-sources', '', '--settings', '{"disableAllHooks":true}'],
    env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1', CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' }
  }
}

export function parseClaudeResult (out: Finished): { text: string, usage?: { input: number, output: number } } {
  let r: ClaudeResult
  try {
    r = JSON.parse(out.stdout) as ClaudeResult
  } catch {
    if (out.code === 0) throw new BackendError('claude printed no JSON result', 'bad_output')
    throw new BackendError(`claude exited with ${out.code ?? out.signal}: ${stderrLine(out.stderr)}`, 'http_error')
  }
  if (r.is_error || out.code !== 0) {
    const why = typeof r.result === 'string' ? r.result.slice(0, 200) : r.subtype
    throw new BackendError(`claude ${r.subtype ?? 'error'}${r.api_error_status ? ` (HTTP ${r.api_error_status})` : ''}: ${why}`, 'http_error')
  }
  const text = r.structured_output !== undefined && r.structured_output !== null ? JSON.stringify(r.structured_output) : r.result
  if (typeof text !== 'string') throw new BackendError('claude result has no answer', 'bad_output')
  const u = r.usage
  return { text, usage: u && { input: (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0), output: u.output_tokens ?? 0 } }
}

export function createClaudeCliBackend (cfg: BackendConfig, env: Env, now?: () => number): Backend {
  const bin = cfg.command ? [findExecutable(cfg.command[0]!, env), ...cfg.command.slice(1)] : [findExecutable('claude', env)]
  if (bin[0] === undefined) {
    return unusableBackend(cfg, cfg.command ? `${cfg.command[0]} is not an executable` : 'no claude CLI on PATH: install it (npm i -g @anthropic-ai/claude-code) and log in once')
  }
  const model = cfg.model || 'haiku'
  const iso = isolationFlags(env)
  return createProcessBackend({
    cfg,
    model,
    env: { CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', ...env, ...iso.env },
    // A whitespace-only start keeps `claude -p` waiting past its 3 s stdin check, and an orphaned spare that reads EOF
    // after it exits without calling the model ("No messages returned").
    preamble: '\n',
    argv: (schema) => [
      ...bin as string[], '-p', '--model', model, '--output-format', 'json', '--json-schema', JSON.stringify(schema.json),
      '--tools', '', '--no-session-persistence', '--system-prompt', SYSTEM, ...iso.args, ...cfg.args
    ],
    parse: parseClaudeResult,
    now
  })
}
