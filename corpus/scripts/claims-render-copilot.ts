/** Claim scenarios as Copilot CLI 1.0.x leaves them: session-state/<id>/events.jsonl, and its agentStop input; pure. */
// Line shapes from a capture of copilot 1.0.102 against a loopback fake (test/fixtures/transcripts/copilot-evidence-shapes.jsonl):
// each call is an assistant.message naming it in toolRequests, a tool.execution_start and its tool.execution_complete. A
// command with no completion (exit null) has its start only, as one still running at the turn's end.
import { join } from 'node:path'
import { ids, jsonl, type Rendered, type Scenario, target } from './claims-render.js'

export function renderCopilot (s: Scenario, cwd: string, home: string): Rendered {
  const id = ids(`copilot:${s.id}`)
  const [sessionId, interactionId] = [id.uuid(), id.uuid()]
  const lines: object[] = []
  let parent: string | null = null
  let turn = 0
  const push = (type: string, data: object) => { const me = id.uuid(); lines.push({ type, data, id: me, timestamp: id.at(), parentId: parent }); parent = me }
  const said = (content: string, toolRequests: object[] = []) => {
    push('assistant.turn_start', { turnId: String(turn), interactionId })
    push('assistant.message', { messageId: id.uuid(), model: 'gpt-5.5', content, toolRequests, interactionId, turnId: String(turn), rte: false })
  }
  const ended = () => push('assistant.turn_end', { turnId: String(turn++) })
  push('session.start', { sessionId, version: 1, producer: 'copilot-agent', copilotVersion: '1.0.102', startTime: id.at(0), context: { cwd } })
  push('user.message', { content: s.user, transformedContent: `<current_datetime>2026-11-29T15:25:06.000+00:00</current_datetime>\n\n${s.user}`, interactionId, turnId: '0' })
  s.steps.forEach((step, k) => {
    if (typeof step.run !== 'string' && typeof step.edit !== 'string') return
    const toolCallId = `call_${id.hex(24)}`
    const { path, rel, old, now } = target(cwd, step.edit ?? '')
    const [toolName, args] = typeof step.run === 'string'
      ? ['bash', { command: step.run, description: 'run' }]
      : ['apply_patch', `*** Begin Patch\n*** Update File: ${rel}\n@@\n-${old}\n+${now}\n*** End Patch\n`]
    said('', [{ toolCallId, name: toolName, arguments: args, type: toolName === 'bash' ? 'function' : 'custom' }])
    push('tool.execution_start', { toolCallId, toolName, arguments: args, turnId: String(turn) })
    const done = (extra: object) => push('tool.execution_complete', { toolCallId, interactionId, turnId: String(turn), rte: false, ...extra })
    if (typeof step.run === 'string' && typeof step.exit === 'number') {
      const out = !step.output || step.output.endsWith('\n') ? step.output ?? '' : `${step.output}\n`
      done({ shellExecution: { exitCode: step.exit }, success: true, result: { content: `${out}<shellId: ${k} completed with exit code ${step.exit}>` } })
    } else if (typeof step.edit === 'string' && step.ok === false) {
      done({ success: false, error: { message: `Failed to apply patch: Error: Failed to find expected lines in ${path}`, code: 'failure' } })
    } else if (typeof step.edit === 'string') {
      done({ fileEdits: [{ path, kind: 'edit' }], success: true, result: { content: `Modified 1 file(s): ${path}` } })
    }
    ended()
  })
  said(s.final)
  ended()
  const path = join(home, '.copilot', 'session-state', sessionId, 'events.jsonl')
  const stop = { sessionId, cwd, transcriptPath: path, stopReason: 'end_turn', stop_hook_active: false }
  return { path, jsonl: jsonl(lines), stop }
}
