/** GitHub Copilot CLI adapter: camelCase agentStop / preToolUse input → HookEvent; Outcome → Copilot's decision JSON. */
import type { AgentAdapter, Capabilities } from '../adapter.js'
import { eventOf, str, toolCall } from '../common.js'
import type { EventName } from '../event.js'

const CAPS: Capabilities = {
  label: 'GitHub Copilot CLI',
  events: { Stop: ['agentStop'], SubagentStop: ['subagentStop'], PreToolUse: ['preToolUse'], PostToolUse: ['postToolUse'] },
  block: {
    stop: '`{"decision":"block","reason":R}`: R is queued as the next prompt (8 blocks in a row at most)',
    preTool: '`{"permissionDecision":"deny","permissionDecisionReason":R}` ("ask" is sent as a deny that says to ask)'
  },
  failDirection: 'Stop open; a crashing command preToolUse denies, a timeout fails open; the shim with --fail-safe denies',
  background: 'none: no async hook option (`async` on `agentStop` runs in line, checked with the CLI)',
  transports: ['shim'],
  versionSeen: '1.0.102',
  checkedBy: 'real CLI in e2e'
}

/** camelCase inputs carry no event name: the keys say which event it is. */
function eventFromKeys (body: Record<string, unknown>, fallback?: EventName): EventName {
  if (body.toolName !== undefined) return body.toolResult !== undefined ? 'PostToolUse' : 'PreToolUse'
  if (body.agentName !== undefined) return 'SubagentStop'
  return fallback ?? 'Stop'
}

export const copilot: AgentAdapter = {
  name: 'copilot',
  caps: CAPS,
  toEvent (body, fallback) {
    const event = body.hook_event_name !== undefined ? eventOf(CAPS, body.hook_event_name, fallback) : eventFromKeys(body, fallback)
    // toolArgs arrives as a JSON string (the docs) or as an object (1.0.102, captured).
    const tool = toolCall(str(body.toolName) ?? str(body.tool_name), body.toolArgs ?? body.tool_input, true)
    const isTool = event === 'PreToolUse' || event === 'PostToolUse'
    return {
      agent: 'copilot',
      event,
      sessionId: str(body.sessionId) ?? str(body.session_id) ?? '',
      stopHookActive: body.stop_hook_active === true,
      ...tool,
      // agentStop carries no assistant text: the turn is read from transcriptPath (copilot/transcript.ts).
      text: isTool ? tool.text : '',
      transcriptPath: isTool ? undefined : str(body.transcriptPath) ?? str(body.transcript_path),
      ...(typeof body.timestamp === 'number' ? { hookTime: body.timestamp } : {}),
      cwd: str(body.cwd),
      toolResponse: body.toolResult ?? body.tool_result
    }
  },
  toOutput (event, outcome) {
    const reason = outcome.message ?? ''
    if (outcome.decision === 'allow') return {}
    if (event.event === 'PreToolUse') {
      const text = outcome.decision === 'ask' ? `A human must approve this call; ask the user first. ${reason}`.trim() : reason
      return { permissionDecision: 'deny', permissionDecisionReason: text }
    }
    return outcome.decision === 'ask' ? {} : { decision: 'block', reason }
  }
}
