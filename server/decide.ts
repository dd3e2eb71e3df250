/** decide(): one hook input → judged outcome → the agent's exact answer and the decision record; shared by HTTP and CLI. */
import { type AgentAdapter, detectAgent } from './agents/adapter.js'
import type { AgentName, HookEvent, Outcome } from './agents/event.js'
import type { TurnText } from './agents/transcript.js'
import type { HookPolicy } from './config-schema.js'
import { commandToRun } from './evidence/test-command.js'
import { applyGate, gateOutcome, withRule } from './gates/gate.js'
import { lastBytes } from './judge/extract.js'
import { gate } from './judge/gate.js'
import { judge, type Judged } from './judge/judge.js'
import { buildRecord, type DecisionRecord } from './record.js'
import type { Runtime } from './runtime.js'

export interface Decided {
  hook: HookPolicy
  adapter: AgentAdapter
  event: HookEvent
  /** Where the judge text came from (transcript or last message) and why not the transcript. */
  turn: TurnText
  judged: Judged
  outcome: Outcome
  output: Record<string, unknown>
  /** Builds the decision record; call it off the hot path (it may redact). */
  record: () => DecisionRecord
}

/** `command`: what {command} in the feedback names (the turn's last verification command, or the project's test command). */
export function outcomeOf (hook: HookPolicy, event: HookEvent, judged: Judged, command?: string): Outcome {
  if (judged.decision === 'allow') return { decision: 'allow' }
  if (judged.decision === 'ask') {
    return { decision: 'ask', message: `hookjudge (${hook.name}) could not judge this call (${judged.failure ?? 'judge unavailable'}); a human must approve it.` }
  }
  const message = hook.feedback.trim().replaceAll('{reason}', judged.reason || 'none given').replaceAll('{command}', command ?? 'the project\'s tests')
  return { decision: event.event === 'PreToolUse' ? 'deny' : 'block', message }
}

/** Only a hook whose facts can decide, and whose Layer 1 hits the last message, may wait for a lagging transcript:
 * the ~95% of turns that hit nothing must not pay for Claude Code's 100 ms transcript flush. */
function needsFreshFacts (hook: HookPolicy, event: HookEvent, maxTextBytes: number): boolean {
  if (hook.deterministic.length === 0 && !hook.evidence.contradictedClaims) return false
  return gate(lastBytes(event.text, maxTextBytes), hook) === 'hit'
}

export async function decide (rt: Runtime, hook: HookPolicy, body: Record<string, unknown>, agentHint?: AgentName): Promise<Decided> {
  const adapter = detectAgent(body, agentHint)
  const event = adapter.toEvent(body, hook.event)
  // File I/O happens here so judge() stays pure; a hook that is off never reads the transcript.
  const turn: TurnText = hook.mode === 'off' ? { text: event.text, source: 'message' } : await rt.transcripts.turnText(event, needsFreshFacts(hook, event, rt.config.judge.maxTextBytes))
  // Tool hooks: self-protection, matcher and rules may decide without a judge; PostToolUse records facts and transforms.
  const gated = await applyGate(hook, event, rt.gates)
  // The turn's tool calls came with its text (one read); without them, the record says why.
  const evidenceNote = turn.evidence ? undefined : turn.note ?? (rt.config.evidence.enabled ? 'incomplete' : 'evidence disabled')
  const verdict = gated.judged ?? await judge({ hook, agent: adapter.name, event: event.event, text: turn.text, evidence: turn.evidence, evidenceNote }, rt.judgeDeps)
  // The governor sees every call (an allow resets its count), so it runs after judge(), whatever the source.
  const judged = rt.loop.review(event, hook.name, verdict, rt.config.judge.loop.maxConsecutiveBlocks)
  const command = judged.decision === 'block' && hook.feedback.includes('{command}') ? await commandToRun(turn.evidence, event.cwd) : undefined
  const outcome = gateOutcome(gated, () => outcomeOf(hook, event, judged, command))
  const ts = new Date()
  return {
    hook,
    adapter,
    event,
    turn,
    judged,
    outcome,
    output: adapter.toOutput(event, outcome),
    record: () => withRule(buildRecord({ hook, agent: adapter.name, event: event.event, sessionId: event.sessionId, decision: outcome.decision, judged, ts }, rt.redact, rt.config.decisionLog.text === 'redacted'), gated)
  }
}
