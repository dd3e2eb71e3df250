/** Codex adapter: hook input → HookEvent; Outcome → JSON Codex accepts (no "approve", no PreToolUse "ask"). */
import type { AgentAdapter } from './adapter.js'
import { baseEvent } from './common.js'

export const codex: AgentAdapter = {
  name: 'codex',
  toEvent: (body, fallback) => ({ agent: 'codex', ...baseEvent(body, fallback, 'turn_id') }),
  toOutput (event, outcome) {
    const reason = outcome.message ?? ''
    if (outcome.decision === 'allow') return {}
    if (event.event === 'PreToolUse') {
      // Codex rejects "ask" as unsupported and would then run the tool: failing safe means denying with the reason.
      const text = outcome.decision === 'ask' ? `A human must approve this call; ask the user first. ${reason}`.trim() : reason
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: text } }
    }
    return outcome.decision === 'ask' ? {} : { decision: 'block', reason }
  }
}
