/** The one decision type, and the state one request carries through the pipeline's stages. */
import type { AgentAdapter } from '../agents/adapter.js'
import type { Decision, HookEvent } from '../agents/event.js'
import type { TurnText } from '../agents/transcript-reader.js'
import type { Backend } from '../backends/contract.js'
import type { HookPolicy } from '../config/config-schema.js'
import type { CheckedClaim } from '../evidence/claim-check.js'
import type { Claim } from '../evidence/claims.js'
import type { FactsPlan } from '../evidence/plan.js'
import type { GateResult } from '../judge/layer1.js'
import type { TurnEvidence } from '../evidence/facts.js'
import type { Summary } from '../evidence/summary.js'
import type { Attempt } from '../judge/ask.js'
import type { CachedVerdict, Lookup } from '../judge/cache.js'
import type { JudgePrompt } from '../judge/prompt.js'
import type { Redaction } from '../redact/redact.js'
import type { Verdict } from '../judge/verdict.js'
import type { LoopAhead } from '../state/state.js'

export type Source = 'layer1' | 'skip' | 'cache' | 'judge' | 'fallback' | 'guard' | 'shadow' | 'off'

/** What one hook decided for one request, from the first stage that settles it to the agent's answer. */
export interface HookDecision {
  hook: string
  /** block for Stop-type events, deny for PreToolUse: already in the agent's terms. */
  decision: Decision
  source: Source
  /** The formula (or a rule) blocked, whatever the answer became (shadow, loop guard). */
  wouldBlock: boolean
  fields?: Record<string, boolean>
  facts?: Record<string, boolean>
  reason?: string
  backend?: string
  model?: string
  cache?: Lookup
  attempts: Attempt[]
  failure?: string
  guard?: 'loop' | 'repeat'
  /** The gate rule that decided (its id or index), or "self-protect". */
  rule?: string
}

/** An answer the ask stage got for one hook: its verdict (from the model or the cache), or why there is none. */
export type HookAnswer =
  | { ok: true, verdict: CachedVerdict, lookup: Lookup, attempts: Attempt[] }
  | { ok: false, failure: string, lookup?: Lookup, attempts: Attempt[] }

export interface HookRun {
  hook: HookPolicy
  chain: Backend[]
  /** Set by the stage that settles the hook; later deciding stages pass it by. */
  final?: HookDecision
  /** What the trigger / skip patterns said (absent when an earlier check settled the hook). */
  layer1?: GateResult
  plan?: FactsPlan
  key?: string
  answer?: HookAnswer
  /** PostToolUse: the tool output after this hook's transforms. */
  updatedOutput?: unknown
}

/** One judge call of the ask stage: the hooks of one chain asked in one prompt. */
export interface Ask { chain: Backend[], runs: HookRun[], prompt: JudgePrompt, key: string }

/** The answer's parsed members, per hook. */
export type Parsed = Map<string, Verdict>

export interface Turn {
  /** The decision records' `turn`: shared by every hook of this request. */
  id: string
  adapter: AgentAdapter
  event: HookEvent
  read: TurnText
  /** The flush wait for a transcript behind the last message was spent (once per request, by whichever stage needed it). */
  flushWaited?: boolean
  /** The whole turn's text (what a later Stop of the same turn compares against). */
  turnText: string
  /** The judge text: what is new in this turn since a block, cut to the last maxTextBytes. */
  text: string
  evidence?: TurnEvidence
  evidenceNote?: string
  /** The claim detector's spans of `text`, found once: Layer 1 and the facts stage share them. */
  detected?: Claim[]
  /** The final message's completion claims, each checked against the turn's runs (hooks with claims_supported only). */
  claims?: CheckedClaim[]
  runs: HookRun[]
  redacted?: Redaction
  summary?: Summary
  asks: Ask[]
  /** PostToolUse: the tool output after every hook's transforms, when any changed it. */
  updatedOutput?: unknown
  /** The loop governor's state of this session's hooks, read by the ask stage alongside its claims (Redis only). */
  loopAhead?: LoopAhead
  /** rt.clock.now() when the request arrived: the records' ms is the whole request, and its deadline counts from here. */
  started: number
  /** The runtime clock's time past which no file read for this request may go on (transcript, package.json): its deadline. */
  until: number
}

export const pending = (t: Turn) => t.runs.filter(r => r.final === undefined)

/** block for a Stop-type event, deny for a tool call: one decision type, in the agent's terms from the start. */
export const blocking = (t: Pick<Turn, 'event'>): Decision => t.event.event === 'PreToolUse' ? 'deny' : 'block'

export function settle (run: HookRun, d: Omit<HookDecision, 'hook' | 'attempts' | 'wouldBlock'> & Partial<Pick<HookDecision, 'attempts' | 'wouldBlock'>>): void {
  run.final = { hook: run.hook.name, wouldBlock: false, attempts: [], ...d }
}
