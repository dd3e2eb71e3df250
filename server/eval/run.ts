/** Runs labelled messages through the live pipeline's stages (Layer 1 only, or all but the loop guard); one Outcome per label. */
import { detectChain, NO_BACKEND_FIX } from '../backends/detect.js'
import type { Config, HookPolicy } from '../config/config-schema.js'
import { NO_DECISION_LOG } from '../ops/decision-log.js'
import type { Env } from '../core/paths.js'
import type { TurnEvidence } from '../evidence/facts.js'
import { classEvidence } from '../evidence/turn-class.js'
import { judgeText } from '../pipeline/offline.js'
import { layer1Stage } from '../pipeline/layer1-stage.js'
import { createRuntime, type Runtime } from '../core/runtime.js'
import { mapBounded } from './bounded.js'
import { type CorpusRow, rowTurnClass } from './corpus.js'
import type { Outcome } from './score.js'

/** Layer-2 calls in flight at once: enough to finish a corpus quickly, few enough not to trip a provider's rate limit. */
export const CONCURRENCY = 4

/** The runtime the scoring verbs judge with: serve's (the auto chain detected with probes), without a decision log. */
export async function judgeRuntime (config: Config, env: Env, warm = true): Promise<Runtime> {
  const autoChain = config.judge.auto ? (await detectChain(config, env)).chain : undefined
  return createRuntime(config, { env, decisionLog: NO_DECISION_LOG, autoChain, warm })
}

/** Layer 1 needs no judge: a runtime with the config's hooks, no backend detection, nothing warmed. */
export function layer1Runtime (config: Config, env: Env): Runtime {
  return createRuntime(config, { env, decisionLog: NO_DECISION_LOG, autoChain: [], warm: false })
}

/** Hooks whose chain has no usable backend: scoring or replaying them would measure the fail mode, not the judge. */
export function unjudgeable (rt: Runtime, hooks: HookPolicy[]): string[] {
  return hooks.filter(h => h.mode !== 'off' && !h.backends.some(n => rt.backends.get(n)?.unusable === null))
    .map(h => h.autoChain && h.backends.length === 0
      ? `hook ${h.name}: ${NO_BACKEND_FIX}`
      : `hook ${h.name}: no usable judge backend (${h.backends.map(n => `${n}: ${rt.backends.get(n)?.unusable ?? 'not defined'}`).join('; ') || 'empty chain'})`)
}

/** One judged message: every hook it is labelled for in one request (as a live turn), or one hook alone (`separate`). */
export interface EvalTask { row: CorpusRow, hooks: HookPolicy[] }

export function evalTasks (rows: CorpusRow[], hooks: HookPolicy[], separate = false): EvalTask[] {
  if (separate) return hooks.flatMap(hook => rows.filter(r => Object.hasOwn(r.labels, hook.name)).map(row => ({ row, hooks: [hook] })))
  return rows.map(row => ({ row, hooks: hooks.filter(h => Object.hasOwn(row.labels, h.name)) })).filter(t => t.hooks.length > 0)
}

export interface EvalOptions {
  /** The judge's runtime; the Layer-1-only run has no backends to ask but the same stage. */
  runtime: Runtime
  layer1Only?: boolean
  onDone?: () => void
}

/** A row whose turn only read or only ran commands (its `turn`), or already committed (`committed`): the evidence such a
 * turn gives live, so that eval applies what a live turn would. */
const evidenceOf = (row: CorpusRow): { evidence?: TurnEvidence } => { const c = rowTurnClass(row); return c ? { evidence: classEvidence(c) } : {} }

export async function runEval (tasks: EvalTask[], opts: EvalOptions): Promise<Outcome[]> {
  const { runtime } = opts
  const outcomes = await mapBounded(tasks, opts.layer1Only ? 1 : CONCURRENCY, async ({ row, hooks }) => {
    const started = performance.now()
    const turn = await judgeText(runtime, { hooks, text: row.text, ...evidenceOf(row), ...(opts.layer1Only ? { stages: [layer1Stage] } : {}) })
    const ms = performance.now() - started
    return turn.runs.map((run): Outcome => {
      const base = { id: row.id, hook: run.hook.name, label: row.labels[run.hook.name] ?? 'allow', gate: run.layer1 ?? 'miss', text: row.text }
      const d = run.final
      if (opts.layer1Only || !d) return { ...base, ms, calls: 0, tokens: 0 }
      return {
        ...base,
        got: d.wouldBlock ? 'block' : d.decision === 'ask' ? 'ask' : 'allow',
        source: d.source,
        ms,
        calls: d.attempts.length,
        tokens: d.attempts.reduce((sum, a) => sum + (a.tokens ? a.tokens.input + a.tokens.output : 0), 0)
      }
    })
  }, opts.onDone)
  return outcomes.flat()
}
