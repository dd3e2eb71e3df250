/** Claude Code adapter: hook input → HookEvent; Outcome → the exact JSON Claude Code acts on (hook-protocols §1.5). */
import type { AgentAdapter } from './adapter.js'
import { baseEvent } from './common.js'

export const claudeCode: AgentAdapter = {
  name: 'claude-code',
  toEvent: (body, fallback) => ({ agent: 'claude-code', ...baseEvent(body, fallback, 'prompt_id') }),
  toOutput (event, outcome) {
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
}
