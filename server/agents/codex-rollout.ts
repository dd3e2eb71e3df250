/** Codex rollout file (hook-protocols §2.5): the agent messages of the hook's turn, from the typed item_completed events; pure. */
import { codexItemStep } from '../evidence/codex-steps.js'
import { holds, type LineResult, parseLine, type TurnReader } from './utterances.js'

// item_completed events carry turn_id; function outputs and response_items (the bulk of a rollout) are skipped unparsed.
const RELEVANT = ['"type":"AgentMessage"', '"type":"UserMessage"', '"type":"task_started"']
// With steps: the typed end of each command and file change, in the same pass.
const STEPS = ['"type":"CommandExecution"', '"type":"FileChange"']

export function codexTurn (turnId?: string): TurnReader {
  return (line, out, steps): LineResult => {
    if (!holds(line, RELEVANT) && !(steps && holds(line, STEPS))) return 'more'
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
    const step = steps && typeof item === 'object' && item !== null ? codexItemStep(item, steps) : undefined
    if (step && !steps!.seen(String(item.id ?? ''))) steps!.add(step)
    if (item?.type === 'AgentMessage' && Array.isArray(item.content)) {
      for (let i = item.content.length - 1; i >= 0; i--) {
        const c = item.content[i]
        if (typeof c?.text === 'string') out.add(String(item.id ?? ''), c.text)
      }
    }
    return 'more'
  }
}
