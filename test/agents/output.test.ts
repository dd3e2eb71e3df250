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
  ['codex', 'PostToolUse', 'block', BLOCK],
  // Gemini CLI 0.61.0 (packages/core hooks: isBlockingDecision = "block"|"deny"; AfterAgent deny → reason as the next prompt).
  ['gemini', 'Stop', 'allow', '{}'],
  ['gemini', 'Stop', 'block', `{"decision":"deny","reason":"${R}"}`],
  ['gemini', 'Stop', 'ask', '{}'],
  ['gemini', 'PreToolUse', 'allow', '{}'],
  ['gemini', 'PreToolUse', 'deny', `{"decision":"deny","reason":"${R}"}`],
  ['gemini', 'PreToolUse', 'ask', `{"decision":"ask","reason":"${R}","systemMessage":"${R}"}`],
  ['gemini', 'PostToolUse', 'block', `{"decision":"deny","reason":"${R}"}`],
  // Copilot CLI 1.0.102 camelCase hooks: agentStop {decision, reason}; preToolUse {permissionDecision, permissionDecisionReason}.
  ['copilot', 'Stop', 'allow', '{}'],
  ['copilot', 'Stop', 'block', BLOCK],
  ['copilot', 'Stop', 'ask', '{}'],
  ['copilot', 'SubagentStop', 'block', BLOCK],
  ['copilot', 'PreToolUse', 'allow', '{}'],
  ['copilot', 'PreToolUse', 'deny', `{"permissionDecision":"deny","permissionDecisionReason":"${R}"}`],
  ['copilot', 'PreToolUse', 'ask', `{"permissionDecision":"deny","permissionDecisionReason":"${ASK_CODEX}"}`],
  ['copilot', 'PostToolUse', 'block', BLOCK],
  // Cursor hooks docs: stop → followup_message (sent as the next user message); before* → permission + messages.
  ['cursor', 'Stop', 'allow', '{}'],
  ['cursor', 'Stop', 'block', `{"followup_message":"${R}"}`],
  ['cursor', 'Stop', 'ask', '{}'],
  ['cursor', 'SubagentStop', 'block', `{"followup_message":"${R}"}`],
  ['cursor', 'PreToolUse', 'allow', '{}'],
  ['cursor', 'PreToolUse', 'deny', `{"permission":"deny","agent_message":"${R}","user_message":"${R}"}`],
  ['cursor', 'PreToolUse', 'ask', `{"permission":"ask","agent_message":"${R}","user_message":"${R}"}`],
  ['cursor', 'PostToolUse', 'block', '{}'], // after the fact Cursor has nothing to block
  // Factory Droid hooks reference: Claude Code's shapes.
  ['droid', 'Stop', 'allow', '{}'],
  ['droid', 'Stop', 'block', BLOCK],
  ['droid', 'SubagentStop', 'block', BLOCK],
  ['droid', 'PreToolUse', 'allow', '{}'],
  ['droid', 'PreToolUse', 'deny', deny(R)],
  // Droid runs an asked call at its own autonomy level: an ask is a deny that says to ask.
  ['droid', 'PreToolUse', 'ask', deny(`A human must approve this call; ask the user first. ${R}`)],
  ['droid', 'PostToolUse', 'block', BLOCK]
]

t.test('every adapter has a pinned answer for each event it declares, blocking and allowing', async t => {
  for (const [agent, adapter] of Object.entries(ADAPTERS)) {
    for (const event of Object.keys(adapter.caps.events)) {
      const rows = table.filter(r => r[0] === agent && r[1] === event)
      t.ok(rows.some(r => r[2] !== 'allow'), `${agent} ${event} has a blocking row`)
      if (event === 'Stop' || event === 'PreToolUse') t.ok(rows.some(r => r[2] === 'allow'), `${agent} ${event} has an allow row`)
    }
  }
})

for (const [agent, eventName, decision, bytes] of table) {
  t.test(`${agent} ${eventName} ${decision}`, async t => {
    const adapter = ADAPTERS[agent]
    const event = { ...adapter.toEvent({ session_id: 's', tool_name: 'Bash', tool_input: { command: 'git push' } }, eventName), event: eventName }
    const out = adapter.toOutput(event, { decision, message: decision === 'allow' ? undefined : R })
    t.equal(JSON.stringify(out), bytes)
  })
}

t.test('Gemini AfterTool: a transform replaces the tool result the model sees', async t => {
  const event = ADAPTERS.gemini.toEvent({ hook_event_name: 'AfterTool', tool_name: 'run_shell_command', tool_input: {}, tool_response: {} })
  t.equal(JSON.stringify(ADAPTERS.gemini.toOutput(event, { decision: 'allow', updatedOutput: 'redacted output' })), '{"decision":"deny","reason":"redacted output"}')
})
