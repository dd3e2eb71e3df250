/** decide(): one hook input → judged outcome → the agent's exact answer and the decision record; shared by HTTP and CLI. */
import { type AgentAdapter, detectAgent } from './agents/adapter.js'
import type { AgentName, HookEvent, Outcome } from './agents/event.js'
import type { HookPolicy } from './config-schema.js'
import { judge, type Judged } from './judge/judge.js'
import { buildRecord, type DecisionRecord } from './record.js'
import type { Runtime } from './runtime.js'

export interface Decided {
  hook: HookPolicy
  adapter: AgentAdapter
  event: HookEvent
  judged: Judged
  outcome: Outcome
  output: Record<string, unknown>
  /** Builds the decision record; call it off the hot path (it may redact). */
  record: () => DecisionRecord
}

export function outcomeOf (hook: HookPolicy, event: HookEvent, judged: Judged): Outcome {
  if (judged.decision === 'allow') return { decision: 'allow' }
  if (judged.decision === 'ask') {
    return { decision: 'ask', message: `hookjudge (${hook.name}) could not judge this call (${judged.failure ?? 'judge unavailable'}); a human must approve it.` }
  }
  const message = hook.feedback.trim().replaceAll('{reason}', judged.reason || 'none given')
  return { decision: event.event === 'PreToolUse' ? 'deny' : 'block', message }
}

export async function decide (rt: Runtime, hook: HookPolicy, body: Record<string, unknown>, agentHint?: AgentName): Promise<Decided> {
  const adapter = detectAgent(body, agentHint)
  const event = adapter.toEvent(body, hook.event)
  const judged = await judge({ hook, agent: adapter.name, event: event.event, text: event.text }, rt.judgeDeps)
  const outcome = outcomeOf(hook, event, judged)
  const ts = new Date()
  return {
    hook,
    adapter,
    event,
    judged,
    outcome,
    output: adapter.toOutput(event, outcome),
    record: () => buildRecord({ hook, agent: adapter.name, event: event.event, sessionId: event.sessionId, decision: outcome.decision, judged, ts }, rt.redact, rt.config.decisionLog.text === 'redacted')
  }
}
