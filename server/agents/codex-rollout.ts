/** Codex rollout file (hook-protocols §2.5): the agent messages of the hook's turn, from the typed item_completed events; pure. */
import { holds, type LineResult, parseLine, type TurnReader } from './utterances.js'

// item_completed events carry turn_id; function outputs and response_items (the bulk of a rollout) are skipped unparsed.
const RELEVANT = ['"type":"AgentMessage"', '"type":"UserMessage"', '"type":"task_started"']

export function codexTurn (turnId?: string): TurnReader {
  return (line, out): LineResult => {
    if (!holds(line, RELEVANT)) return 'more'
    const e = parseLine(line)
    if (!e) return 'malformed'
    const p = e.payload
    if (e.type !== 'event_msg' || typeof p !== 'object' || p === null) return 'more'
    const tid: unknown = p.turn_id
    // Passing into an earlier turn (or this turn's start) ends the scan.
    if (turnId !== undefined && typeof tid === 'string' && tid !== turnId) return 'boundary'
    if (p.type === 'task_started') return 'boundary'
    if (p.type !== 'item_completed') return 'more'
    const item = p.item
    if (item?.type === 'UserMessage') return 'boundary'
    if (item?.type === 'AgentMessage' && Array.isArray(item.content)) {
      for (let i = item.content.length - 1; i >= 0; i--) {
        const c = item.content[i]
        if (typeof c?.text === 'string') out.add(String(item.id ?? ''), c.text)
      }
    }
    return 'more'
  }
}
