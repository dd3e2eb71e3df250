/** Input normalisation shared by the agent adapters: the core fields most agents send, and the event an input names. */
import type { Capabilities } from './adapter.js'
import { type EventName, EVENTS, type HookEvent } from './event.js'

type Body = Record<string, unknown>
export const str = (v: unknown): string | undefined => typeof v === 'string' && v.length > 0 ? v : undefined

/** What a PreToolUse/PostToolUse hook's Layer 1 reads: the tool name and its command or input. */
export function toolText (toolName: string | undefined, input: unknown): string {
  if (input === undefined) return toolName ?? ''
  const cmd = typeof input === 'object' && input !== null ? (input as Body).command : undefined
  const detail = typeof cmd === 'string' ? cmd : JSON.stringify(input)
  return `${toolName ?? ''} ${detail}`.trim()
}

/** The internal event an input names in the agent's own words; else the hook's event; else Stop (fails open). */
export function eventOf (caps: Capabilities, named: unknown, fallback?: EventName): EventName {
  for (const [event, names] of Object.entries(caps.events)) {
    if (names.includes(named as string)) return event as EventName
  }
  if (EVENTS.includes(named as EventName)) return named as EventName
  return fallback ?? 'Stop'
}

/** `transcripts`: the agent writes a transcript hookjudge can read (Claude Code's and Codex's formats only). */
export interface Normalised { event: EventName, sessionId?: string, turnId?: string, text?: string, transcripts?: boolean }

/** The HookEvent of an input in Claude Code's snake_case shape; `n` overrides what the agent names differently. */
export function baseEvent (body: Body, n: Normalised): Omit<HookEvent, 'agent'> {
  const { event } = n
  const toolName = str(body.tool_name)
  const isTool = event === 'PreToolUse' || event === 'PostToolUse'
  return {
    event,
    sessionId: n.sessionId ?? str(body.session_id) ?? '',
    turnId: n.turnId,
    stopHookActive: body.stop_hook_active === true,
    text: isTool ? toolText(toolName, body.tool_input) : (n.text ?? str(body.last_assistant_message) ?? ''),
    transcriptPath: n.transcripts ? str(body.transcript_path) : undefined,
    agentTranscriptPath: n.transcripts ? str(body.agent_transcript_path) : undefined,
    cwd: str(body.cwd),
    toolName,
    toolInput: body.tool_input,
    toolResponse: body.tool_response
  }
}
