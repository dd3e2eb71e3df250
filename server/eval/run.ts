/** Runs labelled messages through Layer 1 and, given a runtime, the whole judge, per hook; one Outcome per label. */
import { detectChain, NO_BACKEND_FIX } from '../backends/detect.js'
import type { Config, HookPolicy } from '../config-schema.js'
import { NO_DECISION_LOG } from '../decision-log.js'
import { lastBytes } from '../judge/extract.js'
import { gate } from '../judge/gate.js'
import { judge } from '../judge/judge.js'
import type { Env } from '../paths.js'
import { createRuntime, type Runtime } from '../runtime.js'
import { mapBounded } from './bounded.js'
import type { CorpusRow } from './corpus.js'
import type { Outcome } from './score.js'

/** Layer-2 calls in flight at once: enough to finish a corpus quickly, few enough not to trip a provider's rate limit. */
export const CONCURRENCY = 4

/** The runtime the scoring verbs judge with: serve's (the auto chain detected with probes), without a decision log. */
export async function judgeRuntime (config: Config, env: Env, warm = true): Promise<Runtime> {
  const autoChain = config.judge.auto ? (await detectChain(config, env)).chain : undefined
  return createRuntime(config, { env, decisionLog: NO_DECISION_LOG, autoChain, warm })
}

/** Hooks whose chain has no usable backend: scoring or replaying them would measure the fail mode, not the judge. */
export function unjudgeable (rt: Runtime, hooks: HookPolicy[]): string[] {
  return hooks.filter(h => h.mode !== 'off' && !h.backends.some(n => rt.backends.get(n)?.unusable === null))
    .map(h => h.autoChain && h.backends.length === 0
      ? `hook ${h.name}: ${NO_BACKEND_FIX}`
      : `hook ${h.name}: no usable judge backend (${h.backends.map(n => `${n}: ${rt.backends.get(n)?.unusable ?? 'not defined'}`).join('; ') || 'empty chain'})`)
}

export interface EvalTask { row: CorpusRow, hook: HookPolicy }

export function evalTasks (rows: CorpusRow[], hooks: HookPolicy[]): EvalTask[] {
  return hooks.flatMap(hook => rows.filter(r => Object.hasOwn(r.labels, hook.name)).map(row => ({ row, hook })))
}

export interface EvalOptions {
  maxTextBytes: number
  /** The judge's runtime; without it only Layer 1 runs. */
  runtime?: Runtime
  onDone?: () => void
}

export async function runEval (tasks: EvalTask[], opts: EvalOptions): Promise<Outcome[]> {
  const { runtime } = opts
  return await mapBounded(tasks, runtime ? CONCURRENCY : 1, async ({ row, hook }) => {
    const started = performance.now()
    const gated = gate(lastBytes(row.text, opts.maxTextBytes), hook)
    const base = { id: row.id, hook: hook.name, label: row.labels[hook.name] ?? 'allow', gate: gated, text: row.text }
    if (!runtime) return { ...base, ms: performance.now() - started, calls: 0, tokens: 0 }
    const judged = await judge({ hook, agent: 'claude-code', event: hook.event, text: row.text }, runtime.judgeDeps)
    return {
      ...base,
      got: judged.wouldBlock ? 'block' : judged.decision === 'ask' ? 'ask' : 'allow',
      source: judged.source,
      ms: judged.ms,
      calls: judged.attempts.length,
      tokens: judged.attempts.reduce((sum, a) => sum + (a.tokens ? a.tokens.input + a.tokens.output : 0), 0)
    }
  }, opts.onDone)
}
