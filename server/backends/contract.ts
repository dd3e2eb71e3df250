/** The model side's internal contract: a Backend answers one prompt with raw text (and usage); nothing here judges. */
import type { Circuit } from './circuit.js'
import type { Price } from './options.js'
import type { PoolStats } from './spares.js'

/** The answer's JSON Schema, for backends that can enforce one (CLI structured output); `key` names it for spares. */
export interface AnswerSchema { key: string, json: Record<string, unknown> }

export interface AskRequest { system: string, user: string, schema: AnswerSchema, signal: AbortSignal }
export interface AskResult { text: string, usage?: { input: number, output: number } }

export interface Backend {
  name: string
  type: string
  model: string
  /** Why this backend cannot be asked (no API key, CLI missing), or null when it can. */
  unusable: string | null
  ask (req: AskRequest): Promise<AskResult>
  /** Opens connections or starts spare processes (one per answer schema given) ahead of the first verdict; never throws. */
  warm (schemas?: AnswerSchema[]): void
  /** API backends: whether its server answers at all (null), or why not; asked once after startup, to warn early. */
  reach? (): Promise<string | null>
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

export function unusableBackend (cfg: { name: string, type: string, model: string }, why: string): Backend {
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
