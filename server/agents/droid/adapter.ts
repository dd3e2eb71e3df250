/** Factory Droid adapter: Claude Code's hook shape (snake_case or camelCase keys) → HookEvent; Claude Code's answers. */
import type { AgentAdapter, Capabilities } from '../adapter.js'
import { claudeOutput } from '../claude-code/adapter.js'
import { baseEvent, eventOf, str } from '../common.js'

const CAPS: Capabilities = {
  label: 'Factory Droid',
  events: { Stop: ['Stop'], SubagentStop: ['SubagentStop'], PreToolUse: ['PreToolUse'], PostToolUse: ['PostToolUse'] },
  block: {
    stop: '`{"decision":"block","reason":R}`: the reason is fed back and Droid keeps working',
    preTool: '`hookSpecificOutput.permissionDecision:"deny"`: the tool does not run'
  },
  failDirection: 'open on every hook failure; the shim with --fail-safe asks',
  background: 'unknown: its hooks reference names none (its CLI was not run here)',
  transports: ['shim'],
  versionSeen: 'hooks reference (its CLI was not run here)',
  checkedBy: 'protocol tests from its docs/source'
}

const CAMEL: Record<string, string> = {
  hookEventName: 'hook_event_name',
  sessionId: 'session_id',
  toolName: 'tool_name',
  toolInput: 'tool_input',
  toolResponse: 'tool_response',
  stopHookActive: 'stop_hook_active',
  lastAssistantMessage: 'last_assistant_message'
}

export const droid: AgentAdapter = {
  name: 'droid',
  caps: CAPS,
  toEvent (body, fallback) {
    const snake: Record<string, unknown> = { ...body }
    for (const [camel, key] of Object.entries(CAMEL)) if (snake[key] === undefined && body[camel] !== undefined) snake[key] = body[camel]
    // Droid's transcript is its own format: judge the last message only.
    return { agent: 'droid', ...baseEvent(snake, { event: eventOf(CAPS, snake.hook_event_name, fallback), text: str(snake.last_assistant_message) }) }
  },
  toOutput: claudeOutput
}
