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
  toolResponse?: unknown
  /** Copilot: the stop's own timestamp (ms), also on its hook.start line in the transcript: the read starts there. */
  hookTime?: number
}

export type Decision = 'allow' | 'block' | 'deny' | 'ask'

/** What the judge decided, in agent-neutral terms; adapters turn it into the agent's bytes. */
export interface Outcome {
  decision: Decision
  /** Text the agent (model) reads on block / deny / ask. */
  message?: string
  /** PostToolUse: the tool output the model sees instead of the real one (same envelope and shape). */
  updatedOutput?: unknown
}
