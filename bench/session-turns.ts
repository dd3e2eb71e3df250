/** The turns of a stored real session (Claude Code transcript or Codex rollout), each as the Stop hook input its end produced. */
import { readFileSync } from 'node:fs'

export interface SessionTurn {
  /** The session's lines up to the end of this turn: the transcript as it stood when the Stop hook ran. */
  lines: string[]
  input: Record<string, unknown>
  /**
   * The user interrupted the turn (Claude Code's "[Request interrupted by user…]", Codex's `turn_aborted`): the agent runs
   * no Stop hook then — in the stored sessions that ran Stop hooks, none of 8 interrupted turns has a stop_hook_summary,
   * and 61 of the 65 others do. Kept in the list so that a turn's number (`session#n`) stays what the labels name.
   */
  interrupted?: true
}

const parse = (l: string): Record<string, any> | undefined => { try { return JSON.parse(l) } catch { return undefined } }
const INJECTED = /^\s*(<command-name>|<command-message>|<local-command-stdout>|<local-command-stderr>|\[Request interrupted)/
const INTERRUPTED = /^\s*\[Request interrupted/

/** A user line's own text: undefined for meta lines, summaries, side chains and tool results. */
function userText (e: Record<string, any>): string | undefined {
  if (e.type !== 'user' || e.isMeta === true || e.isCompactSummary === true || e.isSidechain === true || e.toolUseResult !== undefined) return undefined
  const c: unknown = e.message?.content
  if (Array.isArray(c) && c.some(b => b?.type === 'tool_result')) return undefined
  return typeof c === 'string' ? c : Array.isArray(c) ? c.filter(b => b?.type === 'text').map(b => String(b.text)).join('\n') : ''
}

function isClaudePrompt (e: Record<string, any>): boolean {
  const text = userText(e)
  return text !== undefined && !INJECTED.test(text)
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
  let interrupted = false
  const close = () => {
    if (prompt && last !== '') {
      out.push({ lines: lines.slice(0, end + 1), input: { session_id: prompt.sessionId ?? 'replay', transcript_path: path, cwd: prompt.cwd ?? '/tmp', ...(prompt.promptId ? { prompt_id: prompt.promptId } : {}), permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: last }, ...(interrupted ? { interrupted: true as const } : {}) })
    }
    last = ''
    interrupted = false
  }
  lines.forEach((l, i) => {
    const e = parse(l)
    if (!e) return
    if (isClaudePrompt(e)) { close(); prompt = e; return }
    if (INTERRUPTED.test(userText(e) ?? '')) interrupted = true
    if (e.type === 'assistant' && e.isSidechain !== true) {
      const text = claudeText(e)
      if (text.trim() !== '') { last = text; end = i; interrupted = false }
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
  let aborted = false
  const push = (turnId: string | undefined, text: string, at: number) => {
    if (text.trim() === '') return
    out.push({ lines: lines.slice(0, at + 1), input: { session_id: session, ...(turnId ? { turn_id: turnId } : {}), transcript_path: path, cwd, hook_event_name: 'Stop', model: 'replay', permission_mode: 'bypassPermissions', stop_hook_active: false, last_assistant_message: text }, ...(aborted ? { interrupted: true as const } : {}) })
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
    // A current rollout's aborted turn has no task_complete, so it is never pushed; an older one's is marked.
    if (!complete && p.type === 'turn_aborted') aborted = true
    if (!complete && p.type === 'user_message') { push(undefined, last, end); last = ''; aborted = false }
    if (!complete && p.type === 'agent_message') { last = String(p.message ?? ''); end = i; aborted = false }
  })
  if (!complete) push(undefined, last, end)
  return out
}
