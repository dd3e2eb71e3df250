/** Gemini CLI chat recording (…/.gemini/tmp/<project>/chats/session-*.jsonl): the model's text since the last prompt, and its tool calls; pure. */
import { geminiStep } from './steps.js'
import { holds, type LineResult, parseLine, type TurnReader } from '../utterances.js'

// Each line is a message ({id, type, content, toolCalls?}) or {"$set": …} metadata; only user and gemini messages matter.
const RELEVANT = ['"type":"user"', '"type":"gemini"']

/** A user message of text is a prompt (hook feedback too: the turn read after a block is what the agent did since); one of
 * functionResponse parts is a tool's answer. */
const isPrompt = (content: unknown) => typeof content === 'string' || (Array.isArray(content) && content.some(p => typeof p?.text === 'string'))

/**
 * A gemini message is written again, whole, once its tool calls ran: read backwards, the later copy comes first, and
 * the earlier one adds nothing (its text is kept once per id, its calls once per call id).
 */
export function geminiTurn (): TurnReader {
  return (line, out, steps): LineResult => {
    if (!holds(line, RELEVANT)) return 'more'
    const e = parseLine(line)
    if (!e) return 'malformed'
    if (e.type === 'user') return isPrompt(e.content) ? 'boundary' : 'more'
    if (e.type !== 'gemini') return 'more'
    const id = String(e.id ?? '')
    if (typeof e.content === 'string') out.add(id, e.content)
    const calls: unknown = e.toolCalls
    if (steps && Array.isArray(calls)) {
      for (let i = calls.length - 1; i >= 0; i--) {
        const c = calls[i]
        if (typeof c !== 'object' || c === null || steps.seen(`${id}/${String(c.id ?? i)}`)) continue
        const step = geminiStep(c, steps.classifier)
        if (step) steps.add(step)
      }
    }
    return 'more'
  }
}
