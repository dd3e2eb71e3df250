/** Codex adapter: hook input → HookEvent; Outcome → JSON Codex accepts (no "approve", no PreToolUse "ask"). */
import type { AgentAdapter, Capabilities } from '../adapter.js'
import { baseEvent, eventOf, str } from '../common.js'

const CAPS: Capabilities = {
  label: 'Codex CLI',
  events: { Stop: ['Stop'], SubagentStop: ['SubagentStop'], PreToolUse: ['PreToolUse'], PostToolUse: ['PostToolUse'] },
  block: {
    stop: '`{"decision":"block","reason":R}`: user message `<hook_prompt …>R</hook_prompt>`',
    preTool: '`hookSpecificOutput.permissionDecision:"deny"` ("ask" is unsupported: asked calls are denied with the reason)'
  },
  failDirection: 'open (exit 1, timeout, bad JSON); the shim with --fail-safe denies',
  background: 'none: `async` command hooks exist, but a block from one is discarded (checked with `codex exec`)',
  transports: ['shim'],
  versionSeen: '0.171.0',
  checkedBy: 'real CLI in e2e'
}

export const codex: AgentAdapter = {
  name: 'codex',
  caps: CAPS,
  toEvent: (body, fallback) => ({
    agent: 'codex',
    ...baseEvent(body, { event: eventOf(CAPS, body.hook_event_name, fallback), turnId: str(body.turn_id), transcripts: true })
  }),
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
