/** Cursor adapter: stop / preToolUse / beforeShellExecution input → HookEvent; Outcome → followup_message or permission JSON. */
import type { AgentAdapter, Capabilities } from '../adapter.js'
import { eventOf, str, toolCall } from '../common.js'

const CAPS: Capabilities = {
  label: 'Cursor',
  events: {
    Stop: ['stop'],
    SubagentStop: ['subagentStop'],
    PreToolUse: ['preToolUse', 'beforeShellExecution', 'beforeMCPExecution'],
    PostToolUse: ['postToolUse', 'afterShellExecution', 'afterMCPExecution']
  },
  block: {
    stop: '`{"followup_message":R}`: R is sent as the next user message (loop_limit, default 5)',
    preTool: '`{"permission":"deny","agent_message":R,"user_message":R}`'
  },
  failDirection: 'open, unless the hook sets `failClosed: true` (install sets it on fail-safe gates)',
  background: 'unknown: its hooks docs name none (no CLI runs here)',
  transports: ['shim'],
  versionSeen: 'hooks docs (no CLI installs here)',
  checkedBy: 'protocol tests from its docs/source'
}

export const cursor: AgentAdapter = {
  name: 'cursor',
  caps: CAPS,
  toEvent (body, fallback) {
    const named = body.hook_event_name
    const event = eventOf(CAPS, named, fallback)
    const shell = named === 'beforeShellExecution' || named === 'afterShellExecution'
    const mcp = named === 'beforeMCPExecution' || named === 'afterMCPExecution'
    // The shell and MCP hooks carry no tool name of their own: they get the names Cursor's preToolUse gives the same
    // tools (Shell, MCP:<tool>), so one matcher takes a tool whichever hook brought it. MCP tool_input is JSON text.
    const name = str(body.tool_name)
    const tool = shell
      ? toolCall('Shell', { command: body.command })
      : toolCall(mcp && name !== undefined && !name.startsWith('MCP:') ? `MCP:${name}` : name, body.tool_input, true)
    const isTool = event === 'PreToolUse' || event === 'PostToolUse'
    return {
      agent: 'cursor',
      event,
      sessionId: str(body.conversation_id) ?? '',
      turnId: str(body.generation_id),
      // Cursor counts its own follow-ups (loop_count); the first stop of a prompt has 0.
      stopHookActive: typeof body.loop_count === 'number' && body.loop_count > 0,
      ...tool,
      // stop carries no assistant text, so a Stop hook's Layer 1 sees ''.
      text: isTool ? tool.text : '',
      cwd: str(body.cwd) ?? (Array.isArray(body.workspace_roots) ? str(body.workspace_roots[0]) : undefined),
      toolResponse: body.tool_output ?? body.result_json ?? body.output
    }
  },
  toOutput (event, outcome) {
    const reason = outcome.message ?? ''
    if (outcome.decision === 'allow') return {}
    if (event.event === 'PreToolUse') {
      return { permission: outcome.decision === 'ask' ? 'ask' : 'deny', agent_message: reason, user_message: reason }
    }
    // A follow-up is a user message, so it can only ask for more work: a Stop block.
    return event.event === 'PostToolUse' || outcome.decision === 'ask' ? {} : { followup_message: reason }
  }
}
