/** The pipeline for text without a live agent (eval, replay, /probe, the judge verb's plain text): the same stages, minus the loop guard. */
import { ADAPTERS } from '../agents/adapter.js'
import type { AgentName, EventName } from '../agents/event.js'
import type { HookPolicy } from '../config/config-schema.js'
import type { TurnEvidence } from '../evidence/facts.js'
import type { Runtime } from '../core/runtime.js'
import { DECIDING, runStages, type Stage } from './pipeline.js'
import { modeStage } from './mode-stage.js'
import { startTurn } from './read-turn.js'
import type { Turn } from './turn.js'

export interface OfflineInput {
  hooks: HookPolicy[]
  text: string
  agent?: AgentName
  event?: EventName
  /** Facts as a decision record logged them (replay), or a transcript's evidence. */
  evidence?: TurnEvidence
  stages?: readonly Stage[]
}

/** A corpus row is no conversation: no session, so the loop governor and the "since the last block" cut never apply. */
export async function judgeText (rt: Runtime, input: OfflineInput): Promise<Turn> {
  const adapter = ADAPTERS[input.agent ?? 'claude-code']
  const event = { agent: adapter.name, event: input.event ?? input.hooks[0]?.event ?? 'Stop', sessionId: '', stopHookActive: false, text: input.text }
  const read = { text: input.text, source: 'message' as const, ...(input.evidence ? { evidence: input.evidence } : {}) }
  const turn = startTurn(rt, adapter, event, input.hooks, read, rt.clock.now())
  if (!input.evidence) turn.evidenceNote = 'not read'
  return await runStages(turn, rt, input.stages ?? [...DECIDING, modeStage])
}
