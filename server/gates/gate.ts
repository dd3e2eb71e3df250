/** applyGate(): the deterministic part of a tool hook, before any judge: self-protection, matcher and rules; facts and transforms. */
import { homedir } from 'node:os'
import type { HookEvent, Outcome } from '../agents/event.js'
import type { Config, HookPolicy } from '../config-schema.js'
import type { Judged, Source } from '../judge/judge.js'
import type { Env } from '../paths.js'
import type { DecisionRecord } from '../record.js'
import { jsonViews } from './envelope.js'
import { createFactStore, type FactStore, factsFrom } from './facts.js'
import { firstRule, type RuleDecision } from './rules.js'
import { type SelfProtectPolicy, selfProtectPolicy, selfProtectReason } from './self-protect.js'
import { transformOutput } from './transforms.js'

export interface GateDeps {
  /** App-level: survives config reloads. */
  facts: FactStore
  factTtlMs: number
  /** Absent when selfProtection is disabled. */
  selfProtect?: SelfProtectPolicy
}

export interface Gated {
  /** Present when the gate decided; the judge is then not asked. */
  judged?: Judged
  outcome?: Outcome
  /** Which rule decided: its id or index, or "self-protect". */
  rule?: string
  /** PostToolUse: the tool_response the model should see instead, same envelope and shape. */
  updatedOutput?: unknown
}

export function createGateDeps (config: Config, env: Env, facts?: FactStore): GateDeps {
  const { selfProtection, sessionFacts } = config
  return {
    facts: facts ?? createFactStore(sessionFacts),
    factTtlMs: sessionFacts.ttlSeconds * 1000,
    selfProtect: selfProtection.enabled
      ? selfProtectPolicy({
        files: config.files,
        extraPaths: [...selfProtection.paths, ...(config.server.tokenFile ? [config.server.tokenFile] : [])],
        env,
        home: env.HOME || homedir()
      })
      : undefined
  }
}

function decided (hook: HookPolicy, event: HookEvent, started: number, d: RuleDecision, source: Source, reason: string, rule?: string): Gated {
  const shadowed = hook.mode === 'shadow' && d !== 'allow' && source !== 'guard'
  const decision = shadowed || d === 'allow' ? 'allow' : d === 'deny' ? 'block' : 'ask'
  const judged: Judged = {
    decision,
    source: shadowed ? 'shadow' : source,
    wouldBlock: d === 'deny',
    ...(reason ? { reason } : {}),
    text: event.text,
    attempts: [],
    ms: performance.now() - started
  }
  const outcome: Outcome = decision === 'allow' ? { decision: 'allow' } : { decision: d === 'deny' ? 'deny' : 'ask', message: reason }
  return { judged, outcome, ...(rule === undefined ? {} : { rule }) }
}

export async function applyGate (hook: HookPolicy, event: HookEvent, deps: GateDeps): Promise<Gated> {
  const started = performance.now()
  // Self-protection guards every PreToolUse call that reaches the daemon, whatever the hook and its mode.
  if (event.event === 'PreToolUse' && deps.selfProtect) {
    const reason = await selfProtectReason(deps.selfProtect, event)
    if (reason) return decided(hook, event, started, 'deny', 'guard', reason, 'self-protect')
  }
  if ((event.event !== 'PreToolUse' && event.event !== 'PostToolUse') || hook.mode === 'off') return {}
  const { gate } = hook
  if (gate.matcher && !gate.matcher.test(event.toolName ?? '')) return decided(hook, event, started, 'allow', 'layer1', '')
  // Facts are per agent and session; a call without a session id gets none, so a rule that requires one applies.
  const session = event.sessionId ? `${event.agent}:${event.sessionId}` : ''
  if (event.event === 'PreToolUse') {
    const rule = firstRule(gate.rules, event.toolInput, name => deps.facts.get(session, name))
    return rule ? decided(hook, event, started, rule.decision, 'layer1', rule.reason, rule.id) : {}
  }
  const views = jsonViews(event.toolResponse).map(v => v.json)
  for (const [name, value] of factsFrom(gate.facts, views)) deps.facts.set(session, name, value, deps.factTtlMs)
  const updated = hook.mode === 'enforce' ? transformOutput(gate.transforms, event.toolResponse) : undefined
  return updated === undefined ? {} : { updatedOutput: updated }
}

/** The outcome to answer with: the gate's, else the judge's, plus any rewritten tool output. */
export function gateOutcome (gated: Gated, judgeOutcome: () => Outcome): Outcome {
  const outcome = gated.outcome ?? judgeOutcome()
  return gated.updatedOutput === undefined ? outcome : { ...outcome, updatedOutput: gated.updatedOutput }
}

/** The decision record, with the rule that decided when a gate rule did. */
export const withRule = (record: DecisionRecord, gated: Gated): DecisionRecord =>
  gated.rule === undefined ? record : { ...record, rule: gated.rule }
