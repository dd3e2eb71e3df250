// The exact bytes each agent gets, per event and decision (hook-protocols §1.5, §2.3): {} is the portable allow.
import t from 'tap'
import { ADAPTERS } from '../../server/agents/adapter.js'
import type { AgentName, Decision, EventName } from '../../server/agents/event.js'

const R = 'hookjudge (commit): REASON'
const ASK_CODEX = `A human must approve this call; ask the user first. ${R}`
const deny = (reason: string, permissionDecision = 'deny') =>
  `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"${permissionDecision}","permissionDecisionReason":"${reason}"}}`
const BLOCK = `{"decision":"block","reason":"${R}"}`

// [agent, event, decision, exact output]
const table: Array<[AgentName, EventName, Decision, string]> = [
  ['claude-code', 'Stop', 'allow', '{}'],
  ['claude-code', 'Stop', 'block', BLOCK],
  ['claude-code', 'Stop', 'ask', '{}'], // no human to ask at a Stop: allow
  ['claude-code', 'SubagentStop', 'allow', '{}'],
  ['claude-code', 'SubagentStop', 'block', BLOCK],
  ['claude-code', 'PreToolUse', 'allow', '{}'], // never "allow": that would skip Claude Code's own permission prompt
  ['claude-code', 'PreToolUse', 'deny', deny(R)],
  ['claude-code', 'PreToolUse', 'ask', deny(R, 'ask')],
  ['claude-code', 'PostToolUse', 'allow', '{}'],
  ['claude-code', 'PostToolUse', 'block', BLOCK],
  ['codex', 'Stop', 'allow', '{}'], // Codex rejects decision:"approve"
  ['codex', 'Stop', 'block', BLOCK],
  ['codex', 'Stop', 'ask', '{}'],
  ['codex', 'SubagentStop', 'block', BLOCK],
  ['codex', 'PreToolUse', 'allow', '{}'], // "allow" without updatedInput is invalid in Codex
  ['codex', 'PreToolUse', 'deny', deny(R)],
  ['codex', 'PreToolUse', 'ask', deny(ASK_CODEX)], // "ask" is unsupported in Codex (the tool would run): fail safe = deny
  ['codex', 'PostToolUse', 'block', BLOCK]
]

for (const [agent, eventName, decision, bytes] of table) {
  t.test(`${agent} ${eventName} ${decision}`, async t => {
    const adapter = ADAPTERS[agent]
    const event = adapter.toEvent({ hook_event_name: eventName, session_id: 's', tool_name: 'Bash', tool_input: { command: 'git push' } }, eventName)
    const out = adapter.toOutput(event, { decision, message: decision === 'allow' ? undefined : R })
    t.equal(JSON.stringify(out), bytes)
  })
}
