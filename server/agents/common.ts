/** Input normalisation shared by the agent adapters: both agents send the same core fields. */
import { type EventName, EVENTS, type HookEvent } from './event.js'

type Body = Record<string, unknown>
const str = (v: unknown): string | undefined => typeof v === 'string' && v.length > 0 ? v : undefined

/** What a PreToolUse/PostToolUse hook's Layer 1 reads: the tool name and its command or input. */
export function toolText (toolName: string | undefined, input: unknown): string {
  if (input === undefined) return toolName ?? ''
  const cmd = typeof input === 'object' && input !== null ? (input as Body).command : undefined
  const detail = typeof cmd === 'string' ? cmd : JSON.stringify(input)
  return `${toolName ?? ''} ${detail}`.trim()
}

export function baseEvent (body: Body, fallback: EventName, turnIdKey: 'prompt_id' | 'turn_id'): Omit<HookEvent, 'agent'> {
  const named = body.hook_event_name
  const event = EVENTS.includes(named as EventName) ? named as EventName : fallback
  const toolName = str(body.tool_name)
  const isTool = event === 'PreToolUse' || event === 'PostToolUse'
  return {
    event,
    sessionId: str(body.session_id) ?? '',
    turnId: str(body[turnIdKey]),
    stopHookActive: body.stop_hook_active === true,
    text: isTool ? toolText(toolName, body.tool_input) : (str(body.last_assistant_message) ?? ''),
    transcriptPath: str(body.transcript_path),
    agentTranscriptPath: str(body.agent_transcript_path),
    cwd: str(body.cwd),
    toolName,
    toolInput: body.tool_input,
    toolResponse: body.tool_response
  }
}
