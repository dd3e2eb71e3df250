/** Gemini CLI adapter: AfterAgent / BeforeTool / AfterTool input → HookEvent; Outcome → the `decision` JSON Gemini reads. */
import type { AgentAdapter, Capabilities } from '../adapter.js'
import { baseEvent, eventOf, str } from '../common.js'

const CAPS: Capabilities = {
  label: 'Gemini CLI',
  events: { Stop: ['AfterAgent'], PreToolUse: ['BeforeTool'], PostToolUse: ['AfterTool'] },
  block: {
    stop: '`{"decision":"deny","reason":R}`: R is sent to the model as the next user message',
    preTool: '`{"decision":"deny","reason":R}`: the tool result is `Tool execution blocked: R`'
  },
  failDirection: 'open (exit 1, timeout, bad JSON only warn); the shim with --fail-safe denies',
  background: 'none: the hook schema has no async option and `AfterAgent` is awaited',
  transports: ['shim'],
  versionSeen: '0.61.0',
  checkedBy: 'real CLI in e2e'
}

const asText = (v: unknown) => typeof v === 'string' ? v : JSON.stringify(v)

export const gemini: AgentAdapter = {
  name: 'gemini',
  caps: CAPS,
  // The end-of-turn text is prompt_response; the turn's tool calls come from its chat recording (gemini/transcript.ts).
  toEvent: (body, fallback) => ({
    agent: 'gemini',
    ...baseEvent(body, { event: eventOf(CAPS, body.hook_event_name, fallback), text: str(body.prompt_response), transcripts: true })
  }),
  toOutput (event, outcome) {
    const reason = outcome.message ?? ''
    // AfterTool: a deny replaces the tool result the model sees with the reason, which is how a transform lands.
    if (event.event === 'PostToolUse' && outcome.updatedOutput !== undefined && outcome.decision === 'allow') {
      return { decision: 'deny', reason: asText(outcome.updatedOutput) }
    }
    if (outcome.decision === 'allow') return {}
    if (outcome.decision === 'ask') return event.event === 'PreToolUse' ? { decision: 'ask', reason, systemMessage: reason } : {}
    return { decision: 'deny', reason }
  }
}
