/** Codex rollout file (hook-protocols §2.5): the hook's turn, from the typed item_completed view or the raw records of any version; pure. */
import { codexCallStep, keepAnswer } from '../../evidence/codex-calls.js'
import { codexItemStep } from './steps.js'
import { holds, type LineResult, parseLine, type TurnReader } from '../utterances.js'

// Lines worth parsing; the rest (reasoning, token counts, and the bulk: command outputs, until their call is met) are not.
const TEXT = ['"type":"AgentMessage"', '"type":"UserMessage"', '"type":"task_started"', '"type":"message"']
const CALLS = ['"type":"CommandExecution"', '"type":"FileChange"', '"type":"function_call"', '"type":"custom_tool_call"', '"type":"local_shell_call"']
const ANSWERS: Array<[string, 'end' | 'output']> = [
  ['"type":"exec_command_end"', 'end'], ['"type":"patch_apply_end"', 'end'],
  ['"type":"function_call_output"', 'output'], ['"type":"custom_tool_call_output"', 'output']
]
// User items Codex writes itself at a turn's start (context, instructions, hook prompts): not the user's prompt.
const INJECTED = ['<environment_context>', '<user_instructions>', '<hook_prompt', '# AGENTS.md instructions', '<INSTRUCTIONS>', '<turn_aborted>', '<user_shell_command>']
const RESPONSE_TYPES = new Set(['message', 'function_call', 'custom_tool_call', 'local_shell_call'])

const texts = (content: unknown, type: string): string[] =>
  Array.isArray(content) ? content.filter(c => c?.type === type && typeof c.text === 'string').map(c => c.text as string) : []

export function codexTurn (turnId?: string): TurnReader {
  let raw = 0
  return (line, out, steps): LineResult => {
    if (steps) {
      const answer = ANSWERS.find(([marker]) => line.includes(marker))
      if (answer) { keepAnswer(answer[1], line, steps); return 'more' }
    }
    if (!holds(line, TEXT) && !(steps && holds(line, CALLS))) return 'more'
    const e = parseLine(line)
    if (!e) return 'malformed'
    // The bare-line format of 2025 has no envelope: the record is the line itself.
    const kind = e.type === 'response_item' || e.type === 'event_msg' ? e.type : RESPONSE_TYPES.has(e.type) ? 'response_item' : undefined
    const p = kind && e.payload === undefined ? e : e.payload
    if (!kind || typeof p !== 'object' || p === null) return 'more'
    if (kind === 'response_item') {
      if (p.type === 'message' && p.role === 'user') {
        const [first = ''] = texts(p.content, 'input_text')
        return INJECTED.some(m => first.trimStart().startsWith(m)) ? 'more' : 'boundary'
      }
      if (p.type === 'message' && p.role === 'assistant') {
        // Current rollouts write each message twice (here and as an AgentMessage) under one id: kept once.
        const id = typeof p.id === 'string' ? p.id : `raw:${raw++}`
        const blocks = texts(p.content, 'output_text')
        for (let i = blocks.length - 1; i >= 0; i--) out.add(id, blocks[i]!)
        return 'more'
      }
      if (steps) {
        const id = String(p.call_id ?? p.id ?? '')
        const step = codexCallStep(p, steps)
        // The typed CommandExecution / FileChange of the same call (met first, reading backwards) wins.
        if (step && !steps.seen(id)) steps.add(step)
      }
      return 'more'
    }
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
