/** Copilot CLI session events (session-state/<id>/events.jsonl): the assistant messages since the last user message; pure. */
import { holds, type LineResult, parseLine, type TurnReader } from '../utterances.js'
import { copilotStep, keepCompletion } from './steps.js'

/**
 * Copilot runs agentStop before its events reach events.jsonl (seen 1.0.102: the turn's message absent at the hook's
 * start, present 300 ms later, longer on a loaded machine; after a block, even the feedback can be missing, so the
 * tail still shows the turn before it). The read therefore starts at this stop's own hook.start line, found by the
 * input's timestamp, and waits for it this long at most.
 */
export const COPILOT_FLUSH_WAIT_MS = 3000

// Each line is {type, data, id, timestamp}; hook events and tool results (most of the file) are skipped unparsed.
const RELEVANT = ['"type":"assistant.message"', '"type":"user.message"']
const TOOL_START = '"type":"tool.execution_start"'
const TOOL_END = '"type":"tool.execution_complete"'
const HOOK_START = '"type":"hook.start"'

/**
 * Hook feedback arrives as a user message too (Copilot queues a Stop block's reason as the next prompt), so the turn
 * read after a block is only what the agent wrote since: the proposal it was told about is not judged again.
 * Shell calls and edits are read as steps (copilot/steps.ts).
 */
export function copilotTurn (hookTime?: number): TurnReader {
  // Lines after this stop's hook.start (read first, backwards) belong to later events; without a time, none are skipped.
  let reached = hookTime === undefined
  const mark = `"timestamp":${hookTime}`
  return (line, out, steps): LineResult => {
    if (!reached) {
      reached = line.includes(HOOK_START) && (line.includes(`${mark},`) || line.includes(`${mark}}`))
      return 'more'
    }
    // Read backwards, a call's completion comes first: kept undecoded until its start is met.
    if (steps && line.includes(TOOL_END)) { keepCompletion(line, steps); return 'more' }
    const start = steps !== undefined && line.includes(TOOL_START)
    if (!start && !holds(line, RELEVANT)) return 'more'
    const e = parseLine(line)
    if (!e) return 'malformed'
    if (e.type === 'user.message') return 'boundary'
    const d = e.data
    if (start && e.type === 'tool.execution_start' && typeof d === 'object' && d !== null) {
      const step = copilotStep(d, steps!)
      if (step) steps!.add(step)
      return 'more'
    }
    if (e.type === 'assistant.message' && typeof d?.content === 'string') out.add(String(d.messageId ?? e.id ?? ''), d.content)
    return 'more'
  }
}
