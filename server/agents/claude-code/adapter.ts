/** Claude Code adapter: hook input → HookEvent; Outcome → the exact JSON Claude Code acts on (hook-protocols §1.5). */
import type { AgentAdapter, Capabilities } from '../adapter.js'
import { baseEvent, eventOf, str } from '../common.js'
import type { HookEvent, Outcome } from '../event.js'

export const CLAUDE_CAPS: Capabilities = {
  label: 'Claude Code',
  events: { Stop: ['Stop'], SubagentStop: ['SubagentStop'], PreToolUse: ['PreToolUse'], PostToolUse: ['PostToolUse'] },
  block: {
    stop: '`{"decision":"block","reason":R}`: the model reads `Stop hook feedback:\\nR` in a system reminder and `Stop hook blocking error from command: "<hook URL or command>": R` (2.1.332; 2.1.197: the first only)',
    preTool: '`hookSpecificOutput.permissionDecision:"deny"`: the tool result is the reason'
  },
  failDirection: 'open on every hook failure; a gate fails safe through `onFailure:"block"` (≥ 2.1.295: it denies) or the shim with --fail-safe (it asks)',
  background: '`install claude-code --stop async`: a command hook with `asyncRewake` (the shim with `--rewake` exits 2 on a block, which wakes the model); an http hook cannot be async (its settings schema)',
  transports: ['http', 'shim'],
  versionSeen: '2.1.332 (oldest tested 2.1.197)',
  checkedBy: 'real CLI in e2e'
}

/** Claude Code's answer shape; Droid and VS Code agent mode read the same one. */
export function claudeOutput (event: HookEvent, outcome: Outcome): Record<string, unknown> {
  const reason = outcome.message ?? ''
  // A PostToolUse rewrite of what the model sees; MCP tools read updatedMCPToolOutput (both keys VERIFIED for MCP, 2.1.197).
  const key = event.toolName?.startsWith('mcp__') ? 'updatedMCPToolOutput' : 'updatedToolOutput'
  const updated = event.event === 'PostToolUse' && outcome.updatedOutput !== undefined
    ? { hookSpecificOutput: { hookEventName: 'PostToolUse', [key]: outcome.updatedOutput } }
    : {}
  if (outcome.decision === 'allow') return updated
  if (event.event === 'PreToolUse') {
    const permissionDecision = outcome.decision === 'ask' ? 'ask' : 'deny'
    return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision, permissionDecisionReason: reason } }
  }
  // Stop, SubagentStop and PostToolUse all read a top-level block; there is no "ask" after the fact.
  return outcome.decision === 'ask' ? updated : { decision: 'block', reason, ...updated }
}

export const claudeCode: AgentAdapter = {
  name: 'claude-code',
  caps: CLAUDE_CAPS,
  toEvent: (body, fallback) => ({
    agent: 'claude-code',
    ...baseEvent(body, { event: eventOf(CLAUDE_CAPS, body.hook_event_name, fallback), turnId: str(body.prompt_id), transcripts: true })
  }),
  toOutput: claudeOutput
}
