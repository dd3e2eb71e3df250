/** The turns of a stored real session (Claude Code transcript or Codex rollout), each as the Stop hook input its end produced. */
import { readFileSync } from 'node:fs'

export interface SessionTurn {
  /** The session's lines up to the end of this turn: the transcript as it stood when the Stop hook ran. */
  lines: string[]
  input: Record<string, unknown>
}

const parse = (l: string): Record<string, any> | undefined => { try { return JSON.parse(l) } catch { return undefined } }
const INJECTED = /^\s*(<command-name>|<command-message>|<local-command-stdout>|<local-command-stderr>|\[Request interrupted)/

function isClaudePrompt (e: Record<string, any>): boolean {
  if (e.type !== 'user' || e.isMeta === true || e.isCompactSummary === true || e.isSidechain === true || e.toolUseResult !== undefined) return false
  const c: unknown = e.message?.content
  if (Array.isArray(c) && c.some(b => b?.type === 'tool_result')) return false
  const text = typeof c === 'string' ? c : Array.isArray(c) ? c.filter(b => b?.type === 'text').map(b => String(b.text)).join('\n') : ''
  return !INJECTED.test(text)
}

const claudeText = (e: Record<string, any>): string => {
  const c: unknown = e.message?.content
  if (typeof c === 'string') return c
  return Array.isArray(c) ? c.filter(b => b?.type === 'text').map(b => String(b.text)).join('\n') : ''
}

export function claudeTurns (file: string, path: string): SessionTurn[] {
  const lines = readFileSync(file, 'utf8').split('\n').filter(l => l.trim() !== '')
  const out: SessionTurn[] = []
  let prompt: Record<string, any> | undefined
  let last = ''
  let end = -1
  const close = () => {
    if (prompt && last !== '') {
      out.push({ lines: lines.slice(0, end + 1), input: { session_id: prompt.sessionId ?? 'replay', transcript_path: path, cwd: prompt.cwd ?? '/tmp', ...(prompt.promptId ? { prompt_id: prompt.promptId } : {}), permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: last } })
    }
    last = ''
  }
  lines.forEach((l, i) => {
    const e = parse(l)
    if (!e) return
    if (isClaudePrompt(e)) { close(); prompt = e; return }
    if (e.type === 'assistant' && e.isSidechain !== true) {
      const text = claudeText(e)
      if (text.trim() !== '') { last = text; end = i }
    }
  })
  close()
  return out
}

export function codexTurns (file: string, path: string): SessionTurn[] {
  const lines = readFileSync(file, 'utf8').split('\n').filter(l => l.trim() !== '')
  const out: SessionTurn[] = []
  let session = 'replay'
  let cwd = '/tmp'
  let last = ''
  let end = -1
  const push = (turnId: string | undefined, text: string, at: number) => {
    if (text.trim() === '') return
    out.push({ lines: lines.slice(0, at + 1), input: { session_id: session, ...(turnId ? { turn_id: turnId } : {}), transcript_path: path, cwd, hook_event_name: 'Stop', model: 'replay', permission_mode: 'bypassPermissions', stop_hook_active: false, last_assistant_message: text } })
  }
  const complete = lines.some(l => l.includes('"task_complete"'))
  lines.forEach((l, i) => {
    const e = parse(l)
    const p = e?.payload
    if (!e || typeof p !== 'object' || p === null) return
    if (e.type === 'session_meta') { session = String(p.id ?? session); cwd = String(p.cwd ?? cwd) }
    // Older rollouts write the reply's agent_message event first and its response item after it: the turn ends there.
    if (!complete && last !== '' && e.type === 'response_item' && p.type === 'message' && p.role === 'assistant') end = i
    if (e.type !== 'event_msg') return
    // Current rollouts close each turn with task_complete; older ones only show the next user message.
    if (complete && p.type === 'task_complete') push(p.turn_id, String(p.last_agent_message ?? ''), i)
    if (!complete && p.type === 'user_message') { push(undefined, last, end); last = '' }
    if (!complete && p.type === 'agent_message') { last = String(p.message ?? ''); end = i }
  })
  if (!complete) push(undefined, last, end)
  return out
}
