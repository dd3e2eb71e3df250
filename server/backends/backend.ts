/** The model side's internal contract: a Backend answers one judge prompt with raw text; createBackends builds them. */
import type { BackendConfig } from '../config-schema.js'
import type { Env } from '../paths.js'
import { createAnthropicBackend } from './anthropic.js'
import { CIRCUIT_DEFAULTS, type Circuit, createCircuit } from './circuit.js'
import { createClaudeCliBackend } from './claude-cli.js'
import { createCodexCliBackend } from './codex-cli.js'
import { createCommandBackend } from './command.js'
import { createOpenAIBackend } from './openai.js'
import type { Price } from './options.js'
import type { PoolStats } from './spares.js'

export interface AskRequest { system: string, user: string, fields: string[], signal: AbortSignal }
export interface AskResult { text: string, usage?: { input: number, output: number } }

export interface Backend {
  name: string
  type: string
  model: string
  /** Why this backend cannot be asked (no API key, CLI missing), or null when it can. */
  unusable: string | null
  ask (req: AskRequest): Promise<AskResult>
  /** Opens connections or starts spare processes (one per hook field set given) ahead of the first verdict; never throws. */
  warm (fieldSets?: string[][]): void
  close (): Promise<void>
  /** USD per million tokens (config), for the decision record's cost estimate. */
  price?: Price
  /** Lives with the backend object, so a reload that keeps the backend keeps its state. */
  circuit?: Circuit
  /** The circuit state's name, for status. */
  state?: () => string
  /** Process backends: processes alive, busy, started, and the spares waiting. */
  processes?: () => PoolStats
}

export interface BackendDeps { now?: () => number }

export function createBackend (cfg: BackendConfig, env: Env, deps: BackendDeps = {}): Backend {
  return withCircuit({ ...buildBackend(cfg, env, deps), price: cfg.price }, createCircuit(CIRCUIT_DEFAULTS, deps.now))
}

function buildBackend (cfg: BackendConfig, env: Env, deps: BackendDeps): Backend {
  switch (cfg.type) {
    case 'anthropic': return createAnthropicBackend(cfg, env)
    case 'openai': return createOpenAIBackend(cfg, env)
    case 'claude-cli': return createClaudeCliBackend(cfg, env, deps.now)
    case 'codex-cli': return createCodexCliBackend(cfg, env, deps.now)
    case 'command': return createCommandBackend(cfg, env, deps.now)
  }
}

/** The backend with a circuit breaker attached (askChain consults it); also for prebuilt backends in tests. */
export function withCircuit (b: Backend, circuit: Circuit): Backend {
  return { ...b, circuit, state: () => circuit.state().state }
}

export function unusableBackend (cfg: Pick<BackendConfig, 'name' | 'type' | 'model'>, why: string): Backend {
  return {
    name: cfg.name,
    type: cfg.type,
    model: cfg.model,
    unusable: why,
    ask: () => Promise.reject(new Error(why)),
    warm: () => {},
    close: async () => {}
  }
}

export function createBackends (configs: Record<string, BackendConfig>, env: Env, deps: BackendDeps = {}): Map<string, Backend> {
  return new Map(Object.entries(configs).map(([name, cfg]) => [name, createBackend(cfg, env, deps)]))
}
