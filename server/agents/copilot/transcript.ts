/** Copilot CLI session events (session-state/<id>/events.jsonl): the assistant messages since the last user message; pure. */
import { holds, type LineResult, parseLine, type TurnReader } from '../utterances.js'

/**
 * Copilot runs agentStop before the turn's assistant.message reaches events.jsonl (seen 1.0.102: absent at the hook's
 * start, present 300 ms later, longer on a loaded machine), and its input has no text to look for: wait for the turn's text, this long at most.
 */
export const COPILOT_FLUSH_WAIT_MS = 3000

// Each line is {type, data, id, timestamp}; tool and hook events (most of the file) are skipped unparsed.
const RELEVANT = ['"type":"assistant.message"', '"type":"user.message"']

/**
 * Hook feedback arrives as a user message too (Copilot queues a Stop block's reason as the next prompt), so the turn
 * read after a block is only what the agent wrote since: the proposal it was told about is not judged again.
 * Tool calls are not read as steps: Copilot's facts stay unknown rather than "no test ran".
 */
export function copilotTurn (): TurnReader {
  return (line, out): LineResult => {
    if (!holds(line, RELEVANT)) return 'more'
    const e = parseLine(line)
    if (!e) return 'malformed'
    if (e.type === 'user.message') return 'boundary'
    const d = e.data
    if (e.type === 'assistant.message' && typeof d?.content === 'string') out.add(String(d.messageId ?? e.id ?? ''), d.content)
    return 'more'
  }
}
