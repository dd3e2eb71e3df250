/** Input normalisation shared by the agent adapters: the core fields most agents send, and the event an input names. */
import { jsonNestsDeeperThan, MAX_DEPTH, nestedDeeperThan } from '../guards/input.js'
import type { Capabilities } from './adapter.js'
import { type EventName, EVENTS, type HookEvent } from './event.js'

type Body = Record<string, unknown>
export const str = (v: unknown): string | undefined => typeof v === 'string' && v.length > 0 ? v : undefined

const parsedOr = (text: string): unknown => { try { return JSON.parse(text) } catch { return text } }

/** A tool call as gates and Layer 1 read it: its name, its input, and the text a tool hook's Layer 1 reads. */
export type ToolCall = Pick<HookEvent, 'toolName' | 'toolInput' | 'inputTooDeep'> & { text: string }

/**
 * raw: the input as sent; json: it may arrive as JSON text (Copilot's toolArgs, Cursor's MCP tool_input). Past
 * MAX_DEPTH levels the input is left out unread (no recursive walk of it, here or later: JSON.stringify of a value
 * 100,000 levels deep overflows the stack) and inputTooDeep is set: a PreToolUse gate then asks (approvals/approval.ts).
 */
export function toolCall (toolName: string | undefined, raw: unknown, json = false): ToolCall {
  const text = (detail: string) => `${toolName ?? ''} ${detail}`.trim()
  const jsonText = typeof raw === 'string' && json
  if (jsonText ? jsonNestsDeeperThan(raw) : nestedDeeperThan(raw)) {
    return { toolName, toolInput: undefined, inputTooDeep: true, text: text(`[input nested deeper than ${MAX_DEPTH} levels: not read]`) }
  }
  const input = jsonText ? parsedOr(raw) : raw
  if (input === undefined) return { toolName, toolInput: undefined, text: toolName ?? '' }
  const cmd = typeof input === 'object' && input !== null ? (input as Body).command : undefined
  return { toolName, toolInput: input, text: text(typeof cmd === 'string' ? cmd : JSON.stringify(input)) }
}

/** The internal event an input names in the agent's own words; else the hook's event; else Stop (fails open). */
export function eventOf (caps: Capabilities, named: unknown, fallback?: EventName): EventName {
  for (const [event, names] of Object.entries(caps.events)) {
    if (names.includes(named as string)) return event as EventName
  }
  if (EVENTS.includes(named as EventName)) return named as EventName
  return fallback ?? 'Stop'
}

/** `transcripts`: the agent writes a transcript hookjudge can read (Claude Code's, Codex's, Gemini's and Droid's formats; Copilot's is read by path alone). */
export interface Normalised { event: EventName, sessionId?: string, turnId?: string, text?: string, transcripts?: boolean }

/** The HookEvent of an input in Claude Code's snake_case shape; `n` overrides what the agent names differently. */
export function baseEvent (body: Body, n: Normalised): Omit<HookEvent, 'agent'> {
  const { event } = n
  const tool = toolCall(str(body.tool_name), body.tool_input)
  const isTool = event === 'PreToolUse' || event === 'PostToolUse'
  return {
    event,
    sessionId: n.sessionId ?? str(body.session_id) ?? '',
    turnId: n.turnId,
    stopHookActive: body.stop_hook_active === true,
    transcriptPath: n.transcripts ? str(body.transcript_path) : undefined,
    agentTranscriptPath: n.transcripts ? str(body.agent_transcript_path) : undefined,
    cwd: str(body.cwd),
    ...tool,
    text: isTool ? tool.text : (n.text ?? str(body.last_assistant_message) ?? ''),
    toolResponse: body.tool_response
  }
}
