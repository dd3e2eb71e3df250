/** Splits one Codex rollout (current wrapped format or the older bare-item format) into turns and their end-of-turn message. */

/** The file names a repository's Codex rollouts go by. */
export const ROLLOUT = /(rollout-[^/]*\.jsonl|codex-session[^/]*\.jsonl|exported-session[^/]*\.jsonl|codex[^/]*transcript[^/]*\.jsonl)$/

export interface TurnEnd { text: string, line: number }

type Item = Record<string, unknown>

const BOILERPLATE = /^\s*(<environment_context>|<user_instructions>|<permissions instructions>|<collaboration_mode>|<turn_aborted>|# AGENTS\.md instructions|<INSTRUCTIONS>|<user_shell_command>|<skill>)/

function contentText (content: unknown, kind: string): string {
  if (!Array.isArray(content)) return typeof content === 'string' ? content : ''
  return content.filter((c: Item) => c?.type === kind && typeof c.text === 'string').map((c: Item) => c.text as string).join('\n')
}

interface Ev { kind: 'user' | 'assistant' | 'end', text: string, line: number }

/** One line as zero or one event; user prompts are taken from event_msg when the file has them, else from items. */
function eventOf (obj: Item, line: number, userFromEvents: boolean): Ev | undefined {
  const wrapped = typeof obj.type === 'string' && obj.payload !== undefined && typeof obj.payload === 'object'
  const p = (wrapped ? obj.payload : obj) as Item
  const outer = wrapped ? obj.type : 'response_item'
  if (outer === 'event_msg') {
    if (p.type === 'user_message' && typeof p.message === 'string') return { kind: 'user', text: p.message, line }
    if (p.type === 'agent_message' && typeof p.message === 'string') return { kind: 'assistant', text: p.message, line }
    if (p.type === 'task_complete') return { kind: 'end', text: typeof p.last_agent_message === 'string' ? p.last_agent_message : '', line }
    return undefined
  }
  if (outer !== 'response_item' || p.type !== 'message') return undefined
  if (p.role === 'assistant') {
    const t = contentText(p.content, 'output_text')
    return t === '' ? undefined : { kind: 'assistant', text: t, line }
  }
  if (p.role === 'user' && !userFromEvents) {
    const t = contentText(p.content, 'input_text')
    return t === '' || BOILERPLATE.test(t) ? undefined : { kind: 'user', text: t, line }
  }
  return undefined
}

/** End-of-turn messages in file order: task_complete's message if it has one, else the turn's last assistant text. */
export function turnEnds (body: string): TurnEnd[] {
  const rows: Array<{ obj: Item, line: number }> = []
  body.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return
    try { const obj = JSON.parse(raw); if (obj !== null && typeof obj === 'object') rows.push({ obj, line: i + 1 }) } catch { /* torn line */ }
  })
  const userFromEvents = rows.some(r => r.obj.type === 'event_msg' && (r.obj.payload as Item)?.type === 'user_message')
  const out: TurnEnd[] = []
  let last: TurnEnd | undefined
  let sawUser = false
  const close = (): void => { if (last !== undefined && last.text.trim() !== '') out.push(last); last = undefined }
  for (const { obj, line } of rows) {
    const ev = eventOf(obj, line, userFromEvents)
    if (ev === undefined) continue
    if (ev.kind === 'user') { close(); sawUser = true; continue }
    if (!sawUser) continue
    if (ev.kind === 'assistant') last = { text: ev.text, line: ev.line }
    else { if (ev.text.trim() !== '') last = { text: ev.text, line: ev.line }; close(); sawUser = false }
  }
  close()
  return out
}

/** How many user turns a rollout has (for the sessions manifest). */
export function turnCount (body: string): number {
  return turnEnds(body).length
}
