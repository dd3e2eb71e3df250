/** Each agent's own PreToolUse input for a shell command, a file edit and an MCP call, and its own deny / ask answer. */
import type { AgentName } from '../../server/agents/event.js'

export type Shape = (cwd: string) => Record<string, unknown>
export interface AgentShapes {
  agent: AgentName
  shell (command: string): Shape
  /** The agent's own edit tool changing the file at path. */
  edit (path: string): Shape
  /** An MCP tool call with these arguments; absent where the agent's MCP tool names are not known. */
  mcp?: (args: unknown) => Shape
  answer (decision: 'deny' | 'ask', reason: RegExp): object
}

const claudeLike = (reason: RegExp, decision: 'deny' | 'ask') =>
  ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason } })
const claudeBase = (cwd: string) => ({ session_id: 's-1', transcript_path: '/nonexistent/t.jsonl', cwd, prompt_id: 'p-1', permission_mode: 'default', hook_event_name: 'PreToolUse', tool_use_id: 'toolu_1' })
const codexBase = (cwd: string) => ({ session_id: 's-1', turn_id: 't-1', transcript_path: null, cwd, hook_event_name: 'PreToolUse', model: 'gpt-fake', permission_mode: 'bypassPermissions', tool_use_id: 'call_1' })
const geminiBase = (cwd: string) => ({ session_id: 's-1', transcript_path: '/nonexistent/session.jsonl', cwd, hook_event_name: 'BeforeTool', timestamp: '2026-12-05T10:00:00.000Z' })
const copilotBase = (cwd: string) => ({ sessionId: 's-1', timestamp: 1796486020897, cwd })
const cursorBase = (cwd: string) => ({ conversation_id: 'c-1', generation_id: 'g-1', model: 'gpt-5', cursor_version: '2.3.0', workspace_roots: [cwd], user_email: null })
const droidBase = (cwd: string) => ({ session_id: 's-1', transcript_path: '/nonexistent/droid.jsonl', cwd, permission_mode: 'default', hook_event_name: 'PreToolUse' })
const patch = (path: string) => `*** Begin Patch\n*** Update File: ${path}\n@@\n-mode: enforce\n+mode: off\n*** End Patch\n`
// Codex's model can only ask for a real human's approval through a deny: "ask" is unsupported there.
const codexAsk = /^A human must approve this call; ask the user first\./

/** As each agent sends them: Codex shell calls as captured from 0.171.0, Gemini's from 0.61.0, Copilot's from 1.0.102. */
export const SHAPES: AgentShapes[] = [
  {
    agent: 'claude-code',
    shell: command => cwd => ({ ...claudeBase(cwd), tool_name: 'Bash', tool_input: { command, description: 'run it' } }),
    edit: path => cwd => ({ ...claudeBase(cwd), tool_name: 'Edit', tool_input: { file_path: path, old_string: 'mode: enforce', new_string: 'mode: off' } }),
    mcp: args => cwd => ({ ...claudeBase(cwd), tool_name: 'mcp__files__write_file', tool_input: args }),
    answer: (decision, reason) => claudeLike(reason, decision)
  },
  {
    agent: 'codex',
    shell: command => cwd => ({ ...codexBase(cwd), tool_name: 'Bash', tool_input: { command } }),
    edit: path => cwd => ({ ...codexBase(cwd), tool_name: 'apply_patch', tool_input: { command: patch(path) } }),
    mcp: args => cwd => ({ ...codexBase(cwd), tool_name: 'mcp__files__write_file', tool_input: args }),
    answer: (decision, reason) => claudeLike(decision === 'ask' ? codexAsk : reason, 'deny')
  },
  {
    agent: 'gemini',
    shell: command => cwd => ({ ...geminiBase(cwd), tool_name: 'run_shell_command', tool_input: { command, description: 'run it' } }),
    edit: path => cwd => ({ ...geminiBase(cwd), tool_name: 'replace', tool_input: { file_path: path, old_string: 'mode: enforce', new_string: 'mode: off', instruction: 'switch it off' } }),
    mcp: args => cwd => ({ ...geminiBase(cwd), tool_name: 'mcp_files_write_file', tool_input: args, mcp_context: { server_name: 'files' } }),
    answer: (decision, reason) => ({ decision, reason })
  },
  {
    // Copilot's MCP tool names are not pinned here, so it has no MCP row.
    agent: 'copilot',
    shell: command => cwd => ({ ...copilotBase(cwd), toolName: 'bash', toolArgs: JSON.stringify({ command, description: 'run it' }) }),
    edit: path => cwd => ({ ...copilotBase(cwd), toolName: 'edit', toolArgs: { path, old_str: 'mode: enforce', new_str: 'mode: off' } }),
    answer: (decision, reason) => ({ permissionDecision: 'deny', permissionDecisionReason: decision === 'ask' ? codexAsk : reason })
  },
  {
    agent: 'cursor',
    shell: command => cwd => ({ ...cursorBase(cwd), hook_event_name: 'beforeShellExecution', command, cwd }),
    edit: path => cwd => ({ ...cursorBase(cwd), hook_event_name: 'preToolUse', tool_name: 'Write', tool_input: { file_path: path, contents: 'mode: off\n' }, tool_use_id: 't-1', cwd }),
    mcp: args => cwd => ({ ...cursorBase(cwd), hook_event_name: 'beforeMCPExecution', tool_name: 'write_file', tool_input: JSON.stringify(args), command: 'npx files-mcp' }),
    answer: (decision, reason) => ({ permission: decision, agent_message: reason, user_message: reason })
  },
  {
    agent: 'droid',
    shell: command => cwd => ({ ...droidBase(cwd), tool_name: 'Execute', tool_input: { command } }),
    edit: path => cwd => ({ ...droidBase(cwd), tool_name: 'Edit', tool_input: { file_path: path, old_str: 'mode: enforce', new_str: 'mode: off' } }),
    mcp: args => cwd => ({ ...droidBase(cwd), tool_name: 'mcp__files__write_file', tool_input: args }),
    answer: (decision, reason) => claudeLike(reason, decision)
  }
]
