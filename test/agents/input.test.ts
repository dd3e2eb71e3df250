// Input normalisation: both agents' real hook inputs become one HookEvent; the agent is detected or given by ?agent=.
import t from 'tap'
import { detectAgent } from '../../server/agents/adapter.js'
import { claudeStop, codexStop } from '../helper.js'

t.test('detection: Codex sends turn_id and no prompt_id; an explicit hint wins', async t => {
  t.equal(detectAgent(codexStop('x')).name, 'codex')
  t.equal(detectAgent(claudeStop('x')).name, 'claude-code')
  t.equal(detectAgent({ hook_event_name: 'Stop' }).name, 'claude-code', 'Claude Code before its first prompt has no prompt_id either')
  t.equal(detectAgent(claudeStop('x'), 'codex').name, 'codex')
  t.equal(detectAgent({ turn_id: 't', prompt_id: 'p' }).name, 'claude-code')
})

const cases: Array<[string, Record<string, unknown>, string, object]> = [
  ['Claude Code Stop', claudeStop('Done.', { stop_hook_active: true }), 'Stop',
    { agent: 'claude-code', event: 'Stop', sessionId: 'sess-1', turnId: 'prompt-1', stopHookActive: true, text: 'Done.', transcriptPath: '/nonexistent/t.jsonl', cwd: '/tmp' }],
  ['Claude Code SubagentStop', claudeStop('Sub done.', { hook_event_name: 'SubagentStop', agent_transcript_path: '/c/projects/p/s/subagents/agent-1.jsonl' }), 'Stop',
    { agent: 'claude-code', event: 'SubagentStop', text: 'Sub done.', agentTranscriptPath: '/c/projects/p/s/subagents/agent-1.jsonl' }],
  ['Claude Code PreToolUse', { session_id: 's', prompt_id: 'p', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git push', description: 'd' }, tool_use_id: 'toolu_1' }, 'Stop',
    { agent: 'claude-code', event: 'PreToolUse', toolName: 'Bash', text: 'Bash git push', toolInput: { command: 'git push', description: 'd' } }],
  ['Claude Code PostToolUse (Write: no command, the input as JSON)', { session_id: 's', hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: 'a' }, tool_response: { ok: true } }, 'Stop',
    { event: 'PostToolUse', text: 'Write {"file_path":"a"}', toolResponse: { ok: true } }],
  ['Codex Stop (null transcript_path)', codexStop('All green. Committing.'), 'Stop',
    { agent: 'codex', event: 'Stop', sessionId: 'sess-c', turnId: 'turn-1', stopHookActive: false, text: 'All green. Committing.', transcriptPath: undefined }],
  // Captured from codex 0.171.0 running exec_command {cmd:"echo hi"}: Codex reports it as Bash with a command string.
  ['Codex PreToolUse', { session_id: 's', turn_id: 't', transcript_path: '/x/rollout.jsonl', cwd: '/p', hook_event_name: 'PreToolUse', model: 'gpt-fake', permission_mode: 'bypassPermissions', tool_name: 'Bash', tool_input: { command: 'echo hi' }, tool_use_id: 'call_1' }, 'Stop',
    { agent: 'codex', event: 'PreToolUse', turnId: 't', toolName: 'Bash', text: 'Bash echo hi' }],
  ['unknown event name: the hook\'s configured event', { hook_event_name: 'Notification', last_assistant_message: 'x' }, 'SubagentStop',
    { event: 'SubagentStop', text: 'x', sessionId: '' }]
]
for (const [name, body, fallback, want] of cases) {
  t.test(name, async t => {
    const adapter = detectAgent(body)
    t.match(adapter.toEvent(body, fallback as 'Stop'), want)
  })
}

// Inputs as each agent documents or sends them (Gemini CLI 0.61.0 hook runner; Copilot CLI camelCase reference;
// Cursor hooks reference; Factory Droid hooks reference), with no hint and no configured event: POST /judge.
const geminiStop = { session_id: 'g1', transcript_path: '/h/.gemini/tmp/p/chats/s.json', cwd: '/p', hook_event_name: 'AfterAgent', timestamp: '2026-12-01T22:00:00.000Z', prompt: 'fix it', prompt_response: 'All tests pass. Committing now.', stop_hook_active: false }
const geminiTool = { session_id: 'g1', cwd: '/p', hook_event_name: 'BeforeTool', timestamp: 't', tool_name: 'run_shell_command', tool_input: { command: 'git push --force', description: 'd' } }
// Captured from copilot 1.0.102: camelCase, plus a snake_case stop_hook_active.
const copilotStop = { sessionId: 'c1', timestamp: 1796165349876, cwd: '/p', transcriptPath: '/h/.copilot/session-state/c1/events.jsonl', stopReason: 'end_turn', stop_hook_active: true }
const copilotTool = { sessionId: 'c1', timestamp: 1764626400000, cwd: '/p', toolName: 'bash', toolArgs: '{"command":"rm -rf build"}' }
const copilotSub = { sessionId: 'c1', timestamp: 1764626400000, cwd: '/p', transcriptPath: '/t', agentName: 'explore', stopReason: 'end_turn' }
const cursorStop = { conversation_id: 'cv1', generation_id: 'gen1', model: 'gpt-5', hook_event_name: 'stop', cursor_version: '2.0.77', workspace_roots: ['/p'], status: 'completed', loop_count: 1 }
const cursorShell = { conversation_id: 'cv1', generation_id: 'gen1', hook_event_name: 'beforeShellExecution', workspace_roots: ['/p'], command: 'git push', cwd: '/p' }
const cursorTool = { conversation_id: 'cv1', generation_id: 'gen1', hook_event_name: 'preToolUse', workspace_roots: ['/p'], tool_name: 'Write', tool_input: { file_path: 'a.ts' } }
// Cursor's MCP hook names the bare tool: it is read as Cursor's preToolUse names it, MCP:<tool>.
const cursorMcp = { conversation_id: 'cv1', generation_id: 'gen1', hook_event_name: 'beforeMCPExecution', workspace_roots: ['/p'], tool_name: 'create_refund', tool_input: '{"amount":800}', command: 'npx support-mcp' }
const droidStop = { sessionId: 'd1', transcriptPath: '/h/.factory/sessions/d1.jsonl', cwd: '/p', permissionMode: 'auto', hookEventName: 'Stop', stopHookActive: true }

const detected: Array<[string, Record<string, unknown>, string, object]> = [
  ['Gemini AfterAgent', geminiStop, 'gemini', { agent: 'gemini', event: 'Stop', sessionId: 'g1', text: 'All tests pass. Committing now.', transcriptPath: '/h/.gemini/tmp/p/chats/s.json' }],
  ['Gemini BeforeTool', geminiTool, 'gemini', { event: 'PreToolUse', toolName: 'run_shell_command', text: 'run_shell_command git push --force' }],
  ['Copilot agentStop (no text: the turn comes from its transcript)', copilotStop, 'copilot', { agent: 'copilot', event: 'Stop', sessionId: 'c1', text: '', stopHookActive: true, transcriptPath: '/h/.copilot/session-state/c1/events.jsonl' }],
  ['Copilot preToolUse (toolArgs is a JSON string)', copilotTool, 'copilot', { event: 'PreToolUse', toolName: 'bash', toolInput: { command: 'rm -rf build' }, text: 'bash rm -rf build' }],
  ['Copilot subagentStop', copilotSub, 'copilot', { event: 'SubagentStop' }],
  ['Cursor stop after a follow-up', cursorStop, 'cursor', { agent: 'cursor', event: 'Stop', sessionId: 'cv1', turnId: 'gen1', stopHookActive: true, cwd: '/p', text: '' }],
  ['Cursor beforeShellExecution', cursorShell, 'cursor', { event: 'PreToolUse', toolName: 'Shell', text: 'Shell git push' }],
  ['Cursor preToolUse', cursorTool, 'cursor', { event: 'PreToolUse', toolName: 'Write' }],
  ['Cursor beforeMCPExecution (tool_input is a JSON string)', cursorMcp, 'cursor', { event: 'PreToolUse', toolName: 'MCP:create_refund', toolInput: { amount: 800 }, text: 'MCP:create_refund {"amount":800}' }]
]
for (const [name, body, agent, want] of detected) {
  t.test(`detected and read: ${name}`, async t => {
    const adapter = detectAgent(body)
    t.equal(adapter.name, agent)
    t.match(adapter.toEvent(body), want)
  })
}

t.test('Droid sends Claude Code\'s shape: it is named by the hint, and camelCase keys are read', async t => {
  t.equal(detectAgent(droidStop).name, 'claude-code')
  t.match(detectAgent(droidStop, 'droid').toEvent(droidStop), { agent: 'droid', event: 'Stop', sessionId: 'd1', stopHookActive: true, transcriptPath: undefined })
})

t.test('no configured event and none the adapter knows: Stop, which fails open', async t => {
  for (const name of ['claude-code', 'codex', 'gemini', 'cursor', 'droid'] as const) {
    t.equal(detectAgent({ hook_event_name: 'Notification' }, name).toEvent({ hook_event_name: 'Notification' }).event, 'Stop', name)
  }
  t.equal(detectAgent({}, 'copilot').toEvent({ sessionId: 's' }).event, 'Stop')
})
