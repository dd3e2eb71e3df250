/** The agent adapter interface, the registry of every adapter, and which agent sent a hook input. */
import { claudeCode } from './claude-code/adapter.js'
import { codex } from './codex/adapter.js'
import { copilot } from './copilot/adapter.js'
import { cursor } from './cursor/adapter.js'
import { droid } from './droid/adapter.js'
import type { AgentName, EventName, HookEvent, Outcome } from './event.js'
import { gemini } from './gemini/adapter.js'

export type Transport = 'http' | 'shim'

/** What an agent can do, as its adapter declares it; the README's capability table is generated from these. */
export interface Capabilities {
  /** How people call it: "Claude Code". */
  label: string
  /** Internal event → the agent's own event names; the first is the one `install` writes. */
  events: Partial<Record<EventName, readonly string[]>>
  /** The bytes that block a turn / deny a tool, as the agent reads them. */
  block: { stop: string, preTool: string }
  /** What the agent does when the hook fails (daemon down, timeout, bad answer). */
  failDirection: string
  /** Whether the end-of-turn hook can run in the background and feed a block back later (checked in the CLI's code). */
  background: string
  transports: readonly Transport[]
  /** The release these facts were checked against, and how. */
  versionSeen: string
  checkedBy: 'real CLI in e2e' | 'protocol tests from its docs/source'
}

export interface AgentAdapter {
  name: AgentName
  caps: Capabilities
  /** `fallbackEvent`: the hook's configured event (POST /judge/:hook); absent on POST /judge, where the input decides. */
  toEvent (body: Record<string, unknown>, fallbackEvent?: EventName): HookEvent
  toOutput (event: HookEvent, outcome: Outcome): Record<string, unknown>
}

export const ADAPTERS: Record<AgentName, AgentAdapter> = { 'claude-code': claudeCode, codex, gemini, copilot, cursor, droid }

const GEMINI_EVENTS = new Set(['AfterAgent', 'BeforeTool', 'AfterTool', 'BeforeAgent'])
const CURSOR_EVENTS = new Set(Object.values(cursor.caps.events).flat())

/**
 * An explicit ?agent= wins. Otherwise the input says it where it can: Gemini's event names, Cursor's event names and
 * conversation ids, Copilot's camelCase keys without an event name, Codex's turn_id without prompt_id.
 * Droid sends Claude Code's shape, so it needs the hint (the shim's --agent=droid gives it).
 */
export function detectAgent (body: Record<string, unknown>, hint?: AgentName): AgentAdapter {
  if (hint) return ADAPTERS[hint]
  const named = body.hook_event_name
  if (typeof named === 'string' && GEMINI_EVENTS.has(named)) return gemini
  if (typeof body.conversation_id === 'string' || CURSOR_EVENTS.has(named as string)) return cursor
  if (named === undefined && typeof body.sessionId === 'string' && typeof body.timestamp === 'number') return copilot
  return typeof body.turn_id === 'string' && body.prompt_id === undefined ? codex : claudeCode
}
