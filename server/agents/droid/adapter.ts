/** Factory Droid adapter: Claude Code's hook shape (snake_case or camelCase keys) → HookEvent; Claude Code's answers, no "ask". */
import type { AgentAdapter, Capabilities } from '../adapter.js'
import { claudeOutput } from '../claude-code/adapter.js'
import { baseEvent, eventOf, str } from '../common.js'

const CAPS: Capabilities = {
  label: 'Factory Droid',
  events: { Stop: ['Stop'], SubagentStop: ['SubagentStop'], PreToolUse: ['PreToolUse'], PostToolUse: ['PostToolUse'] },
  block: {
    stop: '`{"decision":"block","reason":R}`: R is sent to the model as the next user message and Droid keeps working',
    preTool: '`hookSpecificOutput.permissionDecision:"deny"`: the tool result is `Error: R` ("ask" only logs and the tool runs: asked calls are denied with the reason)'
  },
  failDirection: 'open on every hook failure; the shim with --fail-safe denies',
  background: 'none: a hook handler takes only type, command and timeout (its hook schema)',
  transports: ['shim'],
  versionSeen: '0.225.2',
  checkedBy: 'real CLI in e2e'
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
    // Droid's Stop carries no text: the turn is read from transcript_path (droid/transcript.ts); SubagentStop sends task_result.
    return { agent: 'droid', ...baseEvent(snake, { event: eventOf(CAPS, snake.hook_event_name, fallback), text: str(snake.last_assistant_message) ?? str(snake.task_result), transcripts: true }) }
  },
  toOutput (event, outcome) {
    // Droid logs an "ask" and runs the tool at its own autonomy level (seen 0.225.2): failing safe means denying.
    if (event.event === 'PreToolUse' && outcome.decision === 'ask') {
      const reason = `A human must approve this call; ask the user first. ${outcome.message ?? ''}`.trim()
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }
    }
    return claudeOutput(event, outcome)
  }
}
