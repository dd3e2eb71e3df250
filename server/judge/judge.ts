/** judge(): extract → gate → redact → wrap → ask (cached, within the deadline) → verdict; says how it decided. */
import { createHash } from 'node:crypto'
import type { AgentName, EventName } from '../agents/event.js'
import type { Backend } from '../backends/backend.js'
import { askChain, type Attempt, type AttemptObserver } from '../backends/chain.js'
import type { HookPolicy } from '../config-schema.js'
import { cacheKey, type Lookup, type VerdictCache } from './cache.js'
import { lastBytes } from './extract.js'
import { gate } from './gate.js'
import { buildPrompt } from './prompt.js'
import type { Redaction, Redactor } from './redact.js'

export type Source = 'layer1' | 'skip' | 'cache' | 'judge' | 'fallback' | 'guard' | 'shadow' | 'off'
export type JudgedDecision = 'allow' | 'block' | 'ask'

export interface JudgeInput { hook: HookPolicy, agent: AgentName, event: EventName, text: string }

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
  const done = (j: Omit<Judged, 'ms' | 'attempts' | 'wouldBlock'> & Partial<Pick<Judged, 'attempts' | 'wouldBlock'>>): Judged =>
    ({ wouldBlock: false, attempts: [], ...j, ms: performance.now() - started })

  if (hook.mode === 'off') return done({ decision: 'allow', source: 'off', text: '' })
  const text = lastBytes(input.text, deps.maxTextBytes)
  const gated = gate(text, hook)
  if (gated !== 'hit') return done({ decision: 'allow', source: gated === 'miss' ? 'layer1' : 'skip', text })

  const redacted = deps.redact(text)
  const chain = (hook.autoChain ? deps.autoChain ?? hook.backends : hook.backends).map(n => deps.backends.get(n)).filter((b): b is Backend => b !== undefined)
  const prompt = buildPrompt(hook, redacted.text)
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), deps.deadlineMs)
  // The race bounds the answer even if a backend ignores its abort signal.
  const timedOut = new Promise<null>(resolve => deadline.signal.addEventListener('abort', () => resolve(null), { once: true }))
  const asked = await Promise.race([
    deps.cache.get(cacheKey(hook.fingerprint, redacted.text), (signal) => askChain(chain, prompt, hook, signal, deps.onAttempt), deadline.signal),
    timedOut
  ])
  clearTimeout(timer)

  if (asked === null || !asked.result.ok) {
    const failure = asked === null || asked.result.ok || deadline.signal.aborted ? `deadline of ${deps.deadlineMs} ms passed` : asked.result.error
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
  const shadowed = verdict.block && hook.mode === 'shadow'
  return done({
    decision: verdict.block && !shadowed ? 'block' : 'allow',
    source: shadowed ? 'shadow' : fromCache ? 'cache' : 'judge',
    wouldBlock: verdict.block,
    fields: verdict.fields,
    reason: verdict.reason,
    backend,
    model,
    text,
    redacted,
    cache: asked.lookup,
    attempts
  })
}
