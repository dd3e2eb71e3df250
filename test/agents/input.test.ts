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
