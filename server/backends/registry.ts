/** The backend registry: builds each configured backend (with its circuit breaker) by type. */
import type { BackendConfig } from '../config/config-schema.js'
import type { Env } from '../core/paths.js'
import { createAnthropicBackend } from './anthropic.js'
import { CIRCUIT_DEFAULTS, type Circuit, createCircuit } from './circuit.js'
import { createClaudeCliBackend } from './claude-cli.js'
import { createCodexCliBackend } from './codex-cli.js'
import { createCommandBackend } from './command.js'
import { createOpenAIBackend } from './openai.js'
import type { Backend } from './contract.js'

export interface BackendDeps { now?: () => number }

export function createBackend (cfg: BackendConfig, env: Env, deps: BackendDeps = {}): Backend {
  return withCircuit({ ...buildBackend(cfg, env, deps), price: cfg.price }, createCircuit(CIRCUIT_DEFAULTS, deps.now))
}

function buildBackend (cfg: BackendConfig, env: Env, deps: BackendDeps): Backend {
  switch (cfg.type) {
    case 'anthropic': return createAnthropicBackend(cfg, env, deps.now)
    case 'openai': return createOpenAIBackend(cfg, env, deps.now)
    case 'claude-cli': return createClaudeCliBackend(cfg, env, deps.now)
    case 'codex-cli': return createCodexCliBackend(cfg, env, deps.now)
    case 'command': return createCommandBackend(cfg, env, deps.now)
  }
}

/** The backend with a circuit breaker attached (askChain consults it); also for prebuilt backends in tests. */
export function withCircuit (b: Backend, circuit: Circuit): Backend {
  return { ...b, circuit, state: () => circuit.state().state }
}

export function createBackends (configs: Record<string, BackendConfig>, env: Env, deps: BackendDeps = {}): Map<string, Backend> {
  return new Map(Object.entries(configs).map(([name, cfg]) => [name, createBackend(cfg, env, deps)]))
}
