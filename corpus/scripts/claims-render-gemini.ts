/** Claim scenarios as Gemini CLI 0.61 leaves them: .gemini/tmp/<project>/chats/session-*.jsonl, and its AfterAgent input; pure. */
// Line shapes from a capture of gemini 0.61.0 against a loopback fake (test/fixtures/transcripts/gemini-evidence-shapes.jsonl):
// each call is a gemini message written twice, the second time with its toolCalls (args, result, status), then the user
// message of its functionResponse. A command with no completion (exit null) is a call cancelled before it finished.
import { join } from 'node:path'
import { ids, jsonl, type Rendered, type Scenario, target } from './claims-render.js'

export function renderGemini (s: Scenario, cwd: string, home: string): Rendered {
  const id = ids(`gemini:${s.id}`)
  const sessionId = id.uuid()
  const lines: object[] = [{ sessionId, projectHash: id.hex(64), startTime: id.at(0), lastUpdated: id.at(0), kind: 'main' }]
  const message = (type: string, content: unknown, extra: object = {}) => ({ id: id.uuid(), timestamp: id.at(), type, content, ...extra })
  const model = { thoughts: [], tokens: { input: 10, output: 5, cached: 0, thoughts: 0, tool: 0, total: 15 }, model: 'gemini-2.5-flash' }
  lines.push(message('user', [{ text: s.user }]))
  const texts: string[] = []
  s.steps.forEach((step, k) => {
    if (typeof step.run !== 'string' && typeof step.edit !== 'string') return
    const { path, old, now } = target(cwd, step.edit ?? '')
    const [name, args] = typeof step.run === 'string'
      ? ['run_shell_command', { command: step.run, description: 'run' }]
      : ['replace', { file_path: path, old_string: old, new_string: now, instruction: 'edit' }]
    const callId = `${name}__${name}_${1796626131472 + k}_0`
    const response = typeof step.run === 'string'
      ? { output: `<untrusted_context>\nOutput: ${step.output ?? ''}\n${typeof step.exit === 'number' && step.exit !== 0 ? `Exit Code: ${step.exit}\n` : ''}Process Group PGID: ${4000 + k}\n</untrusted_context>` }
      : step.ok === false ? { error: `Failed to edit, 0 occurrences found for old_string in ${path}.` } : { output: `Successfully modified file: ${path} (1 replacements).` }
    const status = typeof step.run === 'string' ? (typeof step.exit === 'number' ? 'success' : 'cancelled') : step.ok === false ? 'error' : 'success'
    const result = [{ functionResponse: { id: callId, name, response } }]
    const said = message('gemini', '', model)
    lines.push(said, { $set: { lastUpdated: id.at() } })
    lines.push({ ...said, toolCalls: [{ id: callId, name, args, result, status, timestamp: id.at(), displayName: name === 'replace' ? 'Edit' : 'Shell' }] })
    lines.push(message('user', result), { $set: { lastUpdated: id.at() } })
  })
  lines.push(message('gemini', s.final, model))
  texts.push(s.final)
  const path = join(home, '.gemini', 'tmp', 'project', 'chats', `session-${sessionId.slice(0, 8)}.jsonl`)
  const stop = { session_id: sessionId, transcript_path: path, cwd, hook_event_name: 'AfterAgent', timestamp: id.at(), prompt: s.user, prompt_response: texts.join('\n'), stop_hook_active: false }
  return { path, jsonl: jsonl(lines), stop }
}
