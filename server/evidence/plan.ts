/** How a hook's deterministic fields meet its block formula: decided by the facts alone, or what the judge may still change; pure. */
import type { HookPolicy } from '../config/config-schema.js'
import { blockFormula } from '../judge/verdict.js'
import type { Facts, TurnEvidence } from './facts.js'

export type FactsPlan =
  /** The hook marks no field deterministic: the judge alone decides (facts, if any, only inform it). */
  | { kind: 'judge' }
  /** Facts are needed but the transcript gave none: never block on missing evidence. */
  | { kind: 'unknown', failure: string }
  /** The facts settle the formula whatever the judge would say. */
  | { kind: 'decided', block: boolean, facts: Facts }
  /**
   * The judge's fields can still change the outcome. `standing`: the facts already block and the judge can only turn that
   * into an allow (its fields sit in `none` only), so a judge that fails leaves the block standing.
   */
  | { kind: 'ask', facts: Facts, standing: boolean }

type Policy = Pick<HookPolicy, 'deterministic' | 'blockWhen'>

/**
 * The facts a hook's formula sees: the transcript's, plus `claim` (Layer 1 hit: true once the judge is reached) unless
 * the claims were checked (`claimed`: claim and claims_supported from the claim detector and the turn's runs).
 */
export function factsFor (hook: Pick<HookPolicy, 'deterministic'>, evidence: TurnEvidence | undefined, claimed?: Facts): Facts | undefined {
  const claim: Facts = hook.deterministic.includes('claim') ? { claim: true } : {}
  const facts = evidence ? { ...evidence.facts, ...claim } : hook.deterministic.every(f => f === 'claim') ? claim : undefined
  return facts && claimed ? { ...facts, ...claimed } : facts
}

export function planFacts (hook: Policy, evidence: TurnEvidence | undefined, note?: string, claimed?: Facts): FactsPlan {
  if (hook.deterministic.length === 0) return { kind: 'judge' }
  const facts = factsFor(hook, evidence, claimed)
  if (!facts) return { kind: 'unknown', failure: `no transcript evidence (${note ?? 'not read'}): the facts are unknown, so the hook allows` }
  const det = (f: string) => hook.deterministic.includes(f)
  const { all, none } = hook.blockWhen
  if (all.some(f => det(f) && facts[f] !== true) || none.some(f => det(f) && facts[f] === true)) return { kind: 'decided', block: false, facts }
  const askedAll = all.filter(f => !det(f))
  const askedNone = none.filter(f => !det(f))
  if (askedAll.length === 0 && askedNone.length === 0) return { kind: 'decided', block: true, facts }
  return { kind: 'ask', facts, standing: askedAll.length === 0 }
}

/** The formula over the judge's fields with the facts merged in; a fact always wins over a same-named field of the answer. */
export function mergedBlock (hook: Policy, fields: Record<string, boolean>, facts: Facts): boolean {
  const merged = { ...fields }
  for (const f of hook.deterministic) merged[f] = facts[f] === true
  return blockFormula(merged, hook.blockWhen)
}

/** `evidence.contradictedClaims`: the judge read verification in the text, but the transcript's last verification run failed. */
export function contradicted (hook: Pick<HookPolicy, 'evidence'>, fields: Record<string, boolean>, evidence: TurnEvidence | undefined): boolean {
  return hook.evidence.contradictedClaims && fields.verification_reported === true && evidence?.facts.verification_failed === true
}

/** The facts alone can block (every `all` field is deterministic): the hook works, degraded, with no judge backend at all. */
export const worksWithoutJudge = (hook: Policy): boolean =>
  hook.deterministic.length > 0 && hook.blockWhen.all.every(f => hook.deterministic.includes(f))
