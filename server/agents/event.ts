/** The internal contract between agent adapters and the judge: a normalised hook event and a decision. */

export const AGENTS = ['claude-code', 'codex', 'gemini', 'copilot', 'cursor', 'droid'] as const
export type AgentName = typeof AGENTS[number]

export const EVENTS = ['Stop', 'SubagentStop', 'PreToolUse', 'PostToolUse'] as const
export type EventName = typeof EVENTS[number]

export interface HookEvent {
  agent: AgentName
  event: EventName
  sessionId: string
  /** Id of the current user prompt: Claude Code's prompt_id, Codex's turn_id. */
  turnId?: string
  stopHookActive: boolean
  /** The text a Stop hook judges; '' when the agent sent none. */
  text: string
  transcriptPath?: string
  /** SubagentStop: the subagent's own transcript. */
  agentTranscriptPath?: string
  cwd?: string
  toolName?: string
  toolInput?: unknown
  /** The tool input nests deeper than hookjudge reads (guards/input.ts MAX_DEPTH): toolInput is left out, a gate asks. */
  inputTooDeep?: true
  toolResponse?: unknown
  /** Copilot: the stop's own timestamp (ms), also on its hook.start line in the transcript: the read starts there. */
  hookTime?: number
  /** The person of server.tokensFile who sent it (team mode): the session's state is theirs alone. */
  person?: string
}

/**
 * The key of a session's state (loop governor, session facts): the agent's session id, under the sender's name in team
 * mode, so another person's request naming the same session id gets state of its own and never touches this one.
 */
export const sessionOf = (ev: Pick<HookEvent, 'sessionId' | 'person'>): string =>
  ev.person === undefined || ev.sessionId === '' ? ev.sessionId : `${ev.person}/${ev.sessionId}`

export type Decision = 'allow' | 'block' | 'deny' | 'ask'

/** What the judge decided, in agent-neutral terms; adapters turn it into the agent's bytes. */
export interface Outcome {
  decision: Decision
  /** Text the agent (model) reads on block / deny / ask. */
  message?: string
  /** PostToolUse: the tool output the model sees instead of the real one (same envelope and shape). */
  updatedOutput?: unknown
}
