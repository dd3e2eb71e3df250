/** applyGate(): the deterministic part of a tool hook, before any judge: self-protection, matcher and rules; facts and transforms. */
import { type Decision, type HookEvent, sessionOf } from '../agents/event.js'
import type { Config, HookPolicy } from '../config/config-schema.js'
import type { Source } from '../pipeline/turn.js'
import { type Env, userHome } from '../core/paths.js'
import { MAX_DEPTH } from '../guards/input.js'
import { jsonViews } from './envelope.js'
import { createFactStore, type FactStore, factsFrom } from './session-facts.js'
import { firstRule, type RuleDecision } from './rules.js'
import { type SelfProtectPolicy, selfProtectPolicy, selfProtectReason } from './self-protect.js'
import { transformOutput } from './transforms.js'
import type { SharedFacts } from '../state/state.js'

export interface GateDeps {
  /** App-level: survives config reloads. */
  facts: FactStore
  factTtlMs: number
  /** Absent when selfProtection is disabled. */
  selfProtect?: SelfProtectPolicy
  /** The team's facts (server/state/): pulled before a rule reads them, written through before the answer. */
  shared?: Pick<SharedFacts, 'pull' | 'settle'>
}

/** What the deterministic part decided, if anything, in the pipeline's terms (shadow is the mode stage's business). */
export interface Gated {
  decided?: { decision: Decision, source: Source, wouldBlock: boolean, reason?: string, rule?: string }
  /** PostToolUse: the tool_response the model should see instead, same envelope and shape. */
  updatedOutput?: unknown
}

export function createGateDeps (config: Config, env: Env, facts?: FactStore, shared?: GateDeps['shared']): GateDeps {
  const { selfProtection, sessionFacts } = config
  return {
    facts: facts ?? createFactStore(sessionFacts),
    ...(shared ? { shared } : {}),
    factTtlMs: sessionFacts.ttlSeconds * 1000,
    selfProtect: selfProtection.enabled
      ? selfProtectPolicy({
        files: config.files,
        extraPaths: [...selfProtection.paths, ...(config.server.tokenFile ? [config.server.tokenFile] : [])],
        env,
        home: userHome(env)
      })
      : undefined
  }
}

function decided (d: RuleDecision, source: Source, reason: string, rule?: string): Gated {
  const decision: Decision = d === 'allow' ? 'allow' : d === 'deny' ? 'deny' : 'ask'
  return { decided: { decision, source, wouldBlock: d === 'deny', ...(reason ? { reason } : {}), ...(rule === undefined ? {} : { rule }) } }
}

// What the model reads when a call's input was too deep to check (agents/common.ts toolCall).
const TOO_DEEP = `hookjudge could not check this call: its input nests deeper than ${MAX_DEPTH} levels, more than it reads. ` +
  'A human must approve it: ask the user, or make the call with flatter arguments.'

export async function applyGate (hook: HookPolicy, event: HookEvent, deps: GateDeps): Promise<Gated> {
  // A call nothing here could read is not let through unseen: it fails safe, whatever the hook and its mode.
  if (event.event === 'PreToolUse' && event.inputTooDeep) return decided('ask', 'guard', TOO_DEEP, 'too-deep')
  // Self-protection guards every PreToolUse call that reaches the daemon, whatever the hook and its mode.
  if (event.event === 'PreToolUse' && deps.selfProtect) {
    const reason = await selfProtectReason(deps.selfProtect, event)
    if (reason) return decided('deny', 'guard', reason, 'self-protect')
  }
  if ((event.event !== 'PreToolUse' && event.event !== 'PostToolUse') || hook.mode === 'off') return {}
  const { gate } = hook
  if (gate.matcher && !gate.matcher.test(event.toolName ?? '')) return decided('allow', 'layer1', '')
  // Facts are per agent and session; a call without a session id gets none, so a rule that requires one applies.
  const session = event.sessionId ? `${event.agent}:${sessionOf(event)}` : ''
  if (event.event === 'PreToolUse') {
    if (gate.rules.some(r => r.require.length > 0 || r.equalsFact)) await deps.shared?.pull(session)
    const rule = firstRule(gate.rules, event.toolInput, name => deps.facts.get(session, name))
    return rule ? decided(rule.decision, 'layer1', rule.reason, rule.id) : {}
  }
  const views = jsonViews(event.toolResponse).map(v => v.json)
  for (const [name, value] of factsFrom(gate.facts, views)) deps.facts.set(session, name, value, deps.factTtlMs)
  if (gate.facts.length > 0) await deps.shared?.settle(session)
  const updated = hook.mode === 'enforce' ? transformOutput(gate.transforms, event.toolResponse) : undefined
  return updated === undefined ? {} : { updatedOutput: updated }
}
