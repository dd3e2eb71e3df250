/** Splits one Claude Code session JSONL into user turns and returns each turn's end-of-turn assistant text. */

export interface EndOfTurn { text: string, line: number }

type Entry = Record<string, unknown>
interface Block { type?: string, text?: string }

const INTERRUPT = '[Request interrupted by user'

function blocks (e: Entry): Block[] {
  const msg = e.message as { content?: unknown } | undefined
  const c = msg?.content
  if (typeof c === 'string') return [{ type: 'text', text: c }]
  return Array.isArray(c) ? c.filter((b): b is Block => typeof b === 'object' && b !== null) : []
}

/** A prompt the user typed (or a slash command): the boundary between two turns. Tool results are not. */
function isPrompt (e: Entry): boolean {
  if (e.type !== 'user' || e.isMeta === true || e.toolUseResult !== undefined) return false
  const bs = blocks(e)
  return bs.length > 0 && !bs.some(b => b.type === 'tool_result') && bs.some(b => b.type === 'text')
}

function isInterrupt (e: Entry): boolean {
  return blocks(e).some(b => typeof b.text === 'string' && b.text.startsWith(INTERRUPT))
}

interface Turn { assistant: Entry[], lines: number[], interrupted: boolean }

/** The Stop hook's last_assistant_message: the text of the turn's last assistant message, if it ended on text. */
function finalText (t: Turn): EndOfTurn | undefined {
  if (t.interrupted || t.assistant.length === 0) return undefined
  const last = t.assistant[t.assistant.length - 1] as Entry
  const id = (last.message as { id?: string } | undefined)?.id
  const parts: Block[] = []
  let line = 0
  t.assistant.forEach((e, i) => {
    if ((e.message as { id?: string } | undefined)?.id === id) { parts.push(...blocks(e)); line = t.lines[i] ?? 0 }
  })
  const tail = parts[parts.length - 1]
  // A message whose last block is a tool call did not end the turn (the session stopped mid-turn).
  if (tail === undefined || tail.type !== 'text') return undefined
  const text = parts.filter(b => b.type === 'text' && typeof b.text === 'string').map(b => b.text).join('\n\n')
  return text.trim() === '' ? undefined : { text, line }
}

export function endOfTurns (jsonl: string): EndOfTurn[] {
  const out: EndOfTurn[] = []
  let turn: Turn | undefined
  const close = (): void => {
    const m = turn === undefined ? undefined : finalText(turn)
    if (m) out.push(m)
  }
  jsonl.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return
    let e: Entry
    try { e = JSON.parse(raw) as Entry } catch { return }
    if (typeof e !== 'object' || e === null || e.isSidechain === true) return
    if (e.type === 'user' && isInterrupt(e)) { if (turn) turn.interrupted = true; return }
    if (isPrompt(e)) { close(); turn = { assistant: [], lines: [], interrupted: false }; return }
    if (e.type !== 'assistant' || turn === undefined) return
    const msg = e.message as { model?: string } | undefined
    if (e.isApiErrorMessage === true || msg?.model === '<synthetic>') return
    turn.assistant.push(e)
    turn.lines.push(i + 1)
  })
  close()
  return out
}

/** Number of real prompts in a session, for the sessions MANIFEST. */
export function countTurns (jsonl: string): number {
  let n = 0
  for (const raw of jsonl.split('\n')) {
    try {
      const e = JSON.parse(raw) as Entry
      if (e.isSidechain !== true && isPrompt(e) && !isInterrupt(e)) n++
    } catch { /* not a record */ }
  }
  return n
}
