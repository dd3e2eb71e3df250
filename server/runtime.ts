/** createRuntime(config, deps): everything a decision needs (backends, cache, redactor, decision log), built once. */
import { type Backend, createBackends } from './backends/backend.js'
import type { AttemptObserver } from './backends/chain.js'
import type { Config } from './config-schema.js'
import { createDecisionLog, type DecisionLog, NO_DECISION_LOG } from './decision-log.js'
import { createVerdictCache, type VerdictCache } from './judge/cache.js'
import type { JudgeDeps } from './judge/judge.js'
import { createRedactor, type Redactor } from './judge/redact.js'
import { type Env, stateDir } from './paths.js'

export interface RuntimeDeps {
  env: Env
  /** Prebuilt backends by name (tests, benches); otherwise built from config. */
  backends?: Map<string, Backend>
  decisionLog?: DecisionLog
  onAttempt?: AttemptObserver
  onLogError?: (err: Error) => void
}

export interface Runtime {
  config: Config
  backends: Map<string, Backend>
  cache: VerdictCache
  redact: Redactor
  judgeDeps: JudgeDeps
  decisionLog: DecisionLog
  close (): Promise<void>
}

export function createRuntime (config: Config, deps: RuntimeDeps): Runtime {
  const backends = deps.backends ?? createBackends(config.backends, deps.env)
  const cache = createVerdictCache(config.cache)
  const redact = createRedactor()
  const decisionLog = deps.decisionLog ?? (config.decisionLog.enabled
    ? createDecisionLog({ dir: config.decisionLog.dir ?? stateDir(deps.env), onError: deps.onLogError ?? (() => {}) })
    : NO_DECISION_LOG)
  for (const b of backends.values()) if (b.unusable === null) b.warm()
  return {
    config,
    backends,
    cache,
    redact,
    decisionLog,
    judgeDeps: {
      backends,
      cache,
      redact,
      maxTextBytes: config.judge.maxTextBytes,
      deadlineMs: config.judge.deadlineMs,
      onAttempt: deps.onAttempt
    },
    async close () {
      await Promise.allSettled([...backends.values()].map(b => b.close()))
      await decisionLog.close()
    }
  }
}

/** Why Layer 2 cannot run for some hook, for /readyz and doctor: one line per hook whose chain has no usable backend. */
export function readiness (rt: Runtime): string[] {
  const problems: string[] = []
  for (const hook of Object.values(rt.config.hooks)) {
    if (hook.mode === 'off') continue
    const chain = hook.backends.map(n => rt.backends.get(n))
    if (chain.some(b => b && b.unusable === null)) continue
    const why = chain.map((b, i) => `${hook.backends[i]}: ${b?.unusable ?? 'not defined'}`).join('; ')
    problems.push(`hook ${hook.name}: no usable judge backend (${why || 'empty chain'})`)
  }
  return problems
}
