/** Stage 1: read the event and the turn: the agent adapter, the hooks this event runs, and the turn's text and evidence. */
import { randomUUID } from 'node:crypto'
import { type AgentAdapter, detectAgent } from '../agents/adapter.js'
import type { AgentName, EventName, HookEvent } from '../agents/event.js'
import type { TurnText } from '../agents/transcript-reader.js'
import type { HookPolicy } from '../config/config-schema.js'
import type { Told } from '../guards/loop.js'
import { lastBytes } from '../judge/extract.js'
import type { Runtime } from '../core/runtime.js'
import type { Turn } from './turn.js'

export interface TurnRequest {
  body: Record<string, unknown>
  agent?: AgentName
  /** POST /judge/:hook: this hook only; otherwise every enabled hook of the input's event. */
  hook?: HookPolicy
  /** rt.clock.now() when the request arrived: its deadline and its records' ms count from here. */
  started: number
  /** Who sent it (server.tokensFile): the session's state is looked up under their name. */
  person?: string
}

/** What a request asks before any I/O: the agent, its event, the hooks that run. */
export interface Opened { adapter: AgentAdapter, event: HookEvent, hooks: HookPolicy[] }

/** Stop-type events run their hooks; a tool call runs the gates whose matcher takes the tool; PostToolUse its transforms. */
export function hooksFor (rt: Runtime, event: HookEvent): HookPolicy[] {
  return (rt.hooksByEvent.get(event.event) ?? []).filter(h => !h.gate.matcher || h.gate.matcher.test(event.toolName ?? ''))
}

export const isStop = (event: HookEvent): boolean => event.event === 'Stop' || event.event === 'SubagentStop'

/** About the corpus's shortest tenth of replies (143 chars): a final message shorter than this rarely stands alone ("Done.
 * Click Retry."), so Layer 1 reads the whole turn it ends (layer1-stage.ts). */
export const MIN_FINAL_CHARS = 150

/** Whether a Stop's final message (trimmed) is long enough for Layer 1 to read on its own, not with the turn it ends. */
export const standsAlone = (final: string): boolean => final.length >= MIN_FINAL_CHARS

/** The text a Stop judges: after a block in this turn, only what the agent wrote since, never the proposal it was told about. */
function newSince (rt: Runtime, told: Told | undefined, turnText: string): string {
  if (!told || turnText.length < told.chars || !rt.loop.matches(turnText.slice(0, told.chars), told)) return turnText
  return turnText.slice(told.chars).replace(/^\s+/, '')
}

/** The clock's time at which this request's deadline passes: file reads for it must end by then. */
const filesUntil = (rt: Runtime, started: number) => started + rt.config.judge.deadlineMs

/** told: what a block of this turn answered (rt.state.loop.told), if any. */
export function startTurn (rt: Runtime, adapter: AgentAdapter, event: HookEvent, hooks: HookPolicy[], read: TurnText, started: number, told?: Told): Turn {
  const judged = isStop(event) ? newSince(rt, told, read.text) : read.text
  return {
    id: randomUUID(),
    adapter,
    event,
    read,
    turnText: read.text,
    text: lastBytes(judged, rt.config.judge.maxTextBytes),
    ...(read.evidence ? { evidence: read.evidence } : {}),
    // The turn's tool calls came with its text (one read); without them, the record says why.
    ...(read.evidence ? {} : { evidenceNote: read.note ?? (rt.config.evidence.enabled ? 'incomplete' : 'evidence disabled') }),
    runs: hooks.map(hook => ({ hook, chain: rt.chains.get(hook.name) ?? [] })),
    asks: [],
    started,
    until: filesUntil(rt, started)
  }
}

export function openTurn (rt: Runtime, req: TurnRequest): Opened {
  const adapter = detectAgent(req.body, req.agent)
  const parsed = adapter.toEvent(req.body, req.hook?.event ?? 'Stop' satisfies EventName)
  const event = req.person === undefined ? parsed : { ...parsed, person: req.person }
  return { adapter, event, hooks: req.hook ? [req.hook] : hooksFor(rt, event) }
}

export async function readTurn (rt: Runtime, req: TurnRequest, opened = openTurn(rt, req)): Promise<Turn> {
  const { adapter, event, hooks } = opened
  const active = hooks.some(h => h.mode !== 'off')
  // Only a hook that runs reads the transcript. What a block of this turn told may be another replica's (Redis): looked
  // up while the transcript is read. A short final message is judged with the turn it ends: while the transcript lacks
  // that turn (Claude Code writes it every 100 ms, and a fast turn's Stop can come first), Layer 1 would read the final
  // message alone and miss a proposal made earlier in the turn, so this read takes the flush wait; otherwise the wait,
  // if any, is a later stage's (facts that decide, a hit the turn's class decided).
  const wait = isStop(event) && !standsAlone(event.text.trim())
  const [read, told] = await Promise.all([
    active ? rt.transcripts.turnText(event, wait, filesUntil(rt, req.started)) : { text: event.text, source: 'message' as const },
    active && isStop(event) ? rt.state.loop.told(event) : undefined
  ])
  const turn = startTurn(rt, adapter, event, hooks, read, req.started, told)
  // One wait a request: the later stages take what this read found.
  if (active && wait) turn.flushWaited = true
  return turn
}
