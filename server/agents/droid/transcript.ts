/** Factory Droid's session file (~/.factory/sessions/<project>/<id>.jsonl): the assistant text since the last user text; pure. */
import { holds, type LineResult, parseLine, type TurnReader } from '../utterances.js'

// Each line is {type:"message", id, message:{role, content:[blocks]}} (seen 0.225.2); session_start and other types skip.
const RELEVANT = ['"role":"assistant"', '"role":"user"']

type Block = { type?: unknown, text?: unknown }

/**
 * Droid's Stop carries no text (only message_id): the turn is read here. A user message with text is the turn's start
 * (a prompt, or the reason of a block, which Droid sends as the next user message: after a block only what the agent
 * wrote since is judged); a user message of tool results or with no content is inside the turn. Tool calls are not read
 * as steps, so Droid's facts stay unknown rather than "no test ran".
 */
export function droidTurn (): TurnReader {
  return (line, out): LineResult => {
    if (!holds(line, RELEVANT)) return 'more'
    const e = parseLine(line)
    if (!e) return 'malformed'
    const m = e.message as { role?: unknown, content?: unknown } | undefined
    const blocks = Array.isArray(m?.content) ? m.content as Block[] : []
    const texts = blocks.filter(b => b?.type === 'text' && typeof b.text === 'string').map(b => b.text as string)
    if (m?.role === 'user') return texts.length > 0 ? 'boundary' : 'more'
    if (m?.role === 'assistant') for (const t of texts.reverse()) out.add(String(e.id ?? ''), t)
    return 'more'
  }
}
