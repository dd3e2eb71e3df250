/** The agent adapter interface and the detection of which agent sent a hook input. */
import { claudeCode } from './claude-code.js'
import { codex } from './codex.js'
import type { AgentName, EventName, HookEvent, Outcome } from './event.js'

export interface AgentAdapter {
  name: AgentName
  toEvent (body: Record<string, unknown>, fallbackEvent: EventName): HookEvent
  toOutput (event: HookEvent, outcome: Outcome): Record<string, unknown>
}

export const ADAPTERS: Record<AgentName, AgentAdapter> = { 'claude-code': claudeCode, codex }

/** An explicit ?agent= wins; otherwise Codex is the one that sends turn_id and no prompt_id. */
export function detectAgent (body: Record<string, unknown>, hint?: AgentName): AgentAdapter {
  if (hint) return ADAPTERS[hint]
  return typeof body.turn_id === 'string' && body.prompt_id === undefined ? codex : claudeCode
}
