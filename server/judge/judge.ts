/** judge(): extract → gate → redact → wrap → ask (cached, within the deadline) → verdict; says how it decided. */
import { createHash } from 'node:crypto'
import type { AgentName, EventName } from '../agents/event.js'
import type { Backend } from '../backends/backend.js'
import { askChain, type Attempt, type AttemptObserver } from '../backends/chain.js'
import type { HookPolicy } from '../config-schema.js'
import type { TurnEvidence } from '../evidence/facts.js'
import { contradicted, mergedBlock, planFacts } from '../evidence/plan.js'
import { explainFacts, summarize } from '../evidence/summary.js'
import { cacheKey, type Lookup, type VerdictCache } from './cache.js'
import { lastBytes } from './extract.js'
import { gate } from './gate.js'
import { buildPrompt } from './prompt.js'
import { blockFormula } from './verdict.js'
import type { Redaction, Redactor } from './redact.js'

export type Source = 'layer1' | 'skip' | 'cache' | 'judge' | 'fallback' | 'guard' | 'shadow' | 'off'
export type JudgedDecision = 'allow' | 'block' | 'ask'

export interface JudgeInput {
  hook: HookPolicy
  agent: AgentName
  event: EventName
  text: string
  /** The turn's evidence read from the transcript (decide.ts), or just its logged facts (replay); absent when none was read. */
  evidence?: TurnEvidence
  /** Why there is no evidence (the transcript note), for the record. */
  evidenceNote?: string
}

export interface JudgeDeps {
  backends: Map<string, Backend>
  cache: VerdictCache
  redact: Redactor
  maxTextBytes: number
  deadlineMs: number
  onAttempt?: AttemptObserver
  /** The detected chain of hooks that inherit `judge.backends: auto` (a hook from an unresolved config has none). */
  autoChain?: string[]
}

export interface Judged {
  decision: JudgedDecision
  source: Source
  wouldBlock: boolean
  fields?: Record<string, boolean>
  /** The deterministic facts of the turn (server/evidence/), when the transcript gave them. */
  facts?: Record<string, boolean>
  reason?: string
  backend?: string
  model?: string
  /** The judge text (last maxTextBytes bytes). Raw: never log it without redacting (see `redacted`). */
  text: string
  /** Present when the text was redacted on the way to Layer 2. */
  redacted?: Redaction
  cache?: Lookup
  attempts: Attempt[]
  failure?: string
  /** Set when the loop governor turned this block into an allow (server/guards/loop.ts). */
  guard?: 'loop' | 'repeat'
  ms: number
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

export async function judge (input: JudgeInput, deps: JudgeDeps): Promise<Judged> {
  const started = performance.now()
  const { hook } = input
  const ev = input.evidence
  const done = (j: Omit<Judged, 'ms' | 'attempts' | 'wouldBlock'> & Partial<Pick<Judged, 'attempts' | 'wouldBlock'>>): Judged =>
    ({ wouldBlock: false, attempts: [], ...(ev ? { facts: ev.facts } : {}), ...j, ms: performance.now() - started })

  if (hook.mode === 'off') return done({ decision: 'allow', source: 'off', text: '' })
  const text = lastBytes(input.text, deps.maxTextBytes)
  const gated = gate(text, hook)
  if (gated !== 'hit') return done({ decision: 'allow', source: gated === 'miss' ? 'layer1' : 'skip', text })

  // Deterministic fields: never block on missing evidence; let the facts decide alone where the judge cannot change it.
  const plan = planFacts(hook, ev, input.evidenceNote)
  if (plan.kind === 'unknown') return done({ decision: 'allow', source: 'fallback', text, failure: plan.failure })
  const shadow = hook.mode === 'shadow'
  const why = () => explainFacts(ev?.facts ?? {}, ev?.steps ?? [], deps.redact)
  const byFacts = (block: boolean, facts: Record<string, boolean>) =>
    ({ decision: block && !shadow ? 'block' : 'allow', source: block && shadow ? 'shadow' : 'layer1', wouldBlock: block, facts, reason: why(), text } as const)
  if (plan.kind === 'decided') return done(byFacts(plan.block, plan.facts))

  const red = deps.redact(text)
  const summary = ev && summarize(ev, deps.redact)
  const counts = { ...red.counts }
  for (const [k, n] of Object.entries(summary?.counts ?? {})) counts[k] = (counts[k] ?? 0) + n
  const redacted = { text: red.text, counts }
  const chain = (hook.autoChain ? deps.autoChain ?? hook.backends : hook.backends).map(n => deps.backends.get(n)).filter((b): b is Backend => b !== undefined)
  // Facts that block on their own need no judge to stand: without a usable backend they decide (no fail-open allow).
  const standing = plan.kind === 'ask' && plan.standing
  if (standing && !chain.some(b => b.unusable === null)) return done({ ...byFacts(true, plan.facts), redacted })
  const prompt = buildPrompt(hook, redacted.text, undefined, summary?.lines)
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), deps.deadlineMs)
  // The race bounds the answer even if a backend ignores its abort signal.
  const timedOut = new Promise<null>(resolve => deadline.signal.addEventListener('abort', () => resolve(null), { once: true }))
  const asked = await Promise.race([
    deps.cache.get(cacheKey(hook.fingerprint, summary ? `${redacted.text}\0${summary.lines.join('\n')}` : redacted.text), (signal) => askChain(chain, prompt, hook, signal, deps.onAttempt), deadline.signal),
    timedOut
  ])
  clearTimeout(timer)

  if (asked === null || !asked.result.ok) {
    const failure = asked === null || asked.result.ok || deadline.signal.aborted ? `deadline of ${deps.deadlineMs} ms passed` : asked.result.error
    // The judge could only have turned this block into an allow: failing, it leaves the facts' block standing.
    if (standing) return done({ ...byFacts(true, plan.facts), redacted, cache: asked?.lookup, attempts: asked?.result.attempts ?? [], failure })
    return done({
      // Shadow never changes the answer, not even when the judge is down.
      decision: hook.failMode === 'safe' && hook.mode !== 'shadow' ? 'ask' : 'allow',
      source: 'fallback',
      text,
      redacted,
      cache: asked?.lookup,
      attempts: asked?.result.attempts ?? [],
      failure
    })
  }
  const { verdict, backend, model, attempts } = asked.result
  const fromCache = asked.lookup === 'hit'
  let { block, reason } = verdict
  if (plan.kind === 'ask') {
    block = mergedBlock(hook, verdict.fields, plan.facts)
    if (block) reason = verdict.reason ? `${why()}; judge: ${verdict.reason}` : why()
  } else if (contradicted(hook, verdict.fields, ev)) {
    block = blockFormula({ ...verdict.fields, verification_reported: false }, hook.blockWhen)
    if (block) reason = `the verification it reports is contradicted by the transcript: ${why()}`
  }
  const shadowed = block && hook.mode === 'shadow'
  return done({
    decision: block && !shadowed ? 'block' : 'allow',
    source: shadowed ? 'shadow' : fromCache ? 'cache' : 'judge',
    wouldBlock: block,
    fields: verdict.fields,
    ...(plan.kind === 'ask' ? { facts: plan.facts } : {}),
    reason,
    backend,
    model,
    text,
    redacted,
    cache: asked.lookup,
    attempts
  })
}
