/** Claude Code transcript (hook-protocols §1.6): the assistant's text since the current real user prompt; pure, line by line. */
import { keepToolResults, toolUseStep } from './steps.js'
import { type LineResult, parseLine, type TurnReader } from '../utterances.js'

export interface ClaudeTurnOptions {
  /** The hook input's prompt_id: a user line carrying it and passing the structural checks is the prompt. */
  promptId?: string
  /** A subagent's own transcript (SubagentStop): every line there is a sidechain line. */
  subagent?: boolean
}

// Only lines of these types matter; the byte search runs before decoding, so attachments and other big lines cost no parse.
// Claude Code writes an assistant line's type after its message: searched from the end, it is found at once. A user line
// (a tool result: the bulk of a long turn's bytes) has its type before its message: found at once from the start. So the
// line's end is searched first, then its start, and only a line that is neither (another layout) is searched whole.
const TAIL_BYTES = 1024
const USER = Buffer.from('"type":"user"')
const ASSISTANT = Buffer.from('"type":"assistant"')
const TOOL_RESULT = Buffer.from('"toolUseResult":')
const MESSAGE = Buffer.from('"message":')
// Text Claude Code itself puts in a user line: local slash-command echoes and interruptions are not prompts.
const INJECTED = /^\s*(<command-name>|<command-message>|<local-command-stdout>|<local-command-stderr>|\[Request interrupted)/

export function claudeTurn (opts: ClaudeTurnOptions = {}): TurnReader {
  return (line, out, steps, complete): LineResult => {
    const tail = line.length > TAIL_BYTES ? line.indexOf(ASSISTANT, line.length - TAIL_BYTES) >= 0 : line.includes(ASSISTANT)
    const user = !tail && line.includes(USER)
    const assistant = tail || (!user && line.lastIndexOf(ASSISTANT) >= 0)
    if (!assistant && !user) return 'more'
    // A tool result (often the largest line of a turn) is never a prompt and never assistant text: skip its parse. It is
    // kept undecoded for the call it answers, met next; only command and edit results are ever decoded.
    const result = assistant ? -1 : line.indexOf(TOOL_RESULT)
    if (result >= 0) {
      // Its ids are in the message; when that comes first (as Claude Code writes it), the search for them ends there.
      if (steps) keepToolResults(line, steps, complete, line.subarray(0, result).includes(MESSAGE) ? result : line.length)
      return 'more'
    }
    const e = parseLine(line)
    if (!e) return 'malformed'
    if (e.isSidechain === true && !opts.subagent) return 'more'
    if (e.type === 'assistant') {
      const content: unknown = e.message?.content
      const id = String(e.message?.id ?? e.uuid ?? '')
      if (typeof content === 'string') out.add(id, content)
      else if (Array.isArray(content)) {
        for (let i = content.length - 1; i >= 0; i--) {
          const b = content[i]
          if (b?.type === 'text' && typeof b.text === 'string') out.add(id, b.text)
          else if (b?.type === 'tool_use' && steps && !steps.seen(String(b.id))) steps.add(toolUseStep(b, steps))
        }
      }
      return 'more'
    }
    return e.type === 'user' && isPrompt(e, opts.promptId) ? 'boundary' : 'more'
  }
}

/** Tool results, hook feedback (isMeta) and compaction summaries carry the prompt's promptId too: never turn boundaries. */
function isPrompt (e: Record<string, any>, promptId: string | undefined): boolean {
  if (e.isMeta === true || e.isCompactSummary === true || e.toolUseResult !== undefined) return false
  const content: unknown = e.message?.content
  if (Array.isArray(content) && content.some((b) => b?.type === 'tool_result')) return false
  if (promptId !== undefined && e.promptId === promptId) return true
  const text = typeof content === 'string'
    ? content
    : Array.isArray(content) ? content.filter((b) => b?.type === 'text').map((b) => String(b.text)).join('\n') : ''
  return !INJECTED.test(text)
}
