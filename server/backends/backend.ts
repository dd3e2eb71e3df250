/** The model side's internal contract: a Backend answers one judge prompt with raw text; createBackends builds them. */
import type { BackendConfig } from '../config-schema.js'
import type { Env } from '../paths.js'
import { createAnthropicBackend } from './anthropic.js'
import { createOpenAIBackend } from './openai.js'

export interface AskRequest { system: string, user: string, fields: string[], signal: AbortSignal }
export interface AskResult { text: string, usage?: { input: number, output: number } }

export interface Backend {
  name: string
  type: string
  model: string
  /** Why this backend cannot be asked (no API key, CLI missing), or null when it can. */
  unusable: string | null
  ask (req: AskRequest): Promise<AskResult>
  /** Opens connections ahead of the first verdict; never throws. */
  warm (): void
  close (): Promise<void>
}

export function createBackend (cfg: BackendConfig, env: Env): Backend {
  switch (cfg.type) {
    case 'anthropic': return createAnthropicBackend(cfg, env)
    case 'openai': return createOpenAIBackend(cfg, env)
    default: return unusableBackend(cfg, `backend type ${cfg.type} is not available in this build`)
  }
}

export function unusableBackend (cfg: BackendConfig, why: string): Backend {
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

export function createBackends (configs: Record<string, BackendConfig>, env: Env): Map<string, Backend> {
  return new Map(Object.entries(configs).map(([name, cfg]) => [name, createBackend(cfg, env)]))
}
