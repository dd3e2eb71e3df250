/** createRuntime(config, deps): everything a decision needs (backends, cache, redactor, decision log), built once. */
import type { EventName } from '../agents/event.js'
import type { Backend } from '../backends/contract.js'
import { applyChain, detectChainSync, NO_BACKEND_FIX } from '../backends/detect.js'
import { createBackends } from '../backends/registry.js'
import type { Config, HookPolicy } from '../config/config-schema.js'
import { alsoToTeam, createDecisionLog, type DecisionLog, NO_DECISION_LOG } from '../ops/decision-log.js'
import type { AttemptObserver } from '../judge/ask.js'
import { createVerdictCache, type VerdictCache } from '../judge/cache.js'
import { createRedactor, type Redactor } from '../redact/redact.js'
import { warmPlan } from '../judge/warm-plan.js'
import { createLoopGovernor, type LoopGovernor } from '../guards/loop.js'
import { createTranscriptReader, type TranscriptReader } from '../agents/transcript-reader.js'
import { createGateDeps, type GateDeps } from '../approvals/approval.js'
import { worksWithoutJudge } from '../evidence/plan.js'
import { createClassifier } from '../evidence/verification.js'
import type { FactStore } from '../approvals/session-facts.js'
import { type Clock, systemClock } from './clock.js'
import { type DeadlineOf, deadlinesDueTogether } from './due-together.js'
import { type Env, stateDir } from './paths.js'
import { createLocalState } from '../state/local-state.js'
import { shareCircuits } from '../state/redis-circuit.js'
import type { SharedState } from '../state/state.js'

export interface RuntimeDeps {
  env: Env
  /** Prebuilt backends by name (tests, benches); otherwise built from config. */
  backends?: Map<string, Backend>
  decisionLog?: DecisionLog
  /** A cache handed over by a reload (its entries of unchanged hooks survive). */
  cache?: VerdictCache
  /** The loop governor: created once per process so its per-session state survives a reload. */
  loop?: LoopGovernor
  /** Session facts of the gates: created once per process so they survive a reload. */
  facts?: FactStore
  onAttempt?: AttemptObserver
  onLogError?: (err: Error) => void
  /** `judge.backends: auto`: the chain detected once at startup (buildApp); otherwise detected here without probes. */
  autoChain?: string[]
  /** false for one-shot verbs (judge): no spare processes or keep-alive probes for a single verdict. */
  warm?: boolean
  /** The time of the deadlines, flush waits, records, circuit breakers and spares (tests drive it); default the system's. */
  clock?: Clock
  /** A transcript reader of the test's own (one that hangs, as on a dead filesystem); otherwise built from config. */
  transcripts?: TranscriptReader
  /** Shared state (server/state/): in process, or the team's in Redis; created once per process by buildApp. */
  state?: SharedState
}

export interface Runtime {
  config: Config
  backends: Map<string, Backend>
  cache: VerdictCache
  redact: Redactor
  /** The config compiled for requests: each event's enabled hooks in config order, and each hook's backend chain. */
  hooksByEvent: Map<EventName, HookPolicy[]>
  chains: Map<string, Backend[]>
  onAttempt?: AttemptObserver
  decisionLog: DecisionLog
  loop: LoopGovernor
  transcripts: TranscriptReader
  gates: GateDeps
  state: SharedState
  clock: Clock
  /** A request's answer deadline: those due together fire early enough that the last is answered on time. */
  deadline: DeadlineOf
  close (): Promise<void>
}

export function createRuntime (loaded: Config, deps: RuntimeDeps): Runtime {
  const config = loaded.judge.auto ? applyChain(loaded, deps.autoChain ?? detectChainSync(loaded, deps.env).chain) : loaded
  const clock = deps.clock ?? systemClock
  const backends = deps.backends ?? createBackends(config.backends, deps.env, { now: clock.now })
  const cache = deps.cache ?? createVerdictCache(config.cache)
  const loop = deps.loop ?? createLoopGovernor({ maxSessions: config.judge.loop.maxSessions })
  const state = deps.state ?? createLocalState({ loop, facts: config.sessionFacts })
  if (state.health().mode === 'redis') shareCircuits(backends.values(), state.circuits)
  const redact = config.redactor ?? createRedactor()
  const files = config.decisionLog.enabled
    ? createDecisionLog({ dir: config.decisionLog.dir ?? stateDir(deps.env), onError: deps.onLogError ?? (() => {}) })
    : NO_DECISION_LOG
  const decisionLog = deps.decisionLog ?? (config.decisionLog.enabled && state.decisions ? alsoToTeam(files, state.decisions) : files)
  // Only backends an active hook uses are warmed: a predefined CLI backend nobody uses must not start processes.
  const plan = warmPlan(Object.values(config.hooks), n => backends.get(n)?.unusable === null)
  for (const b of backends.values()) {
    b.circuit?.configure({ failures: config.judge.circuit.failures, coolDownMs: config.judge.circuit.coolDownSeconds * 1000 })
    const sets = plan.get(b.name)
    if (sets && deps.warm !== false) b.warm(sets)
  }
  return {
    config,
    backends,
    cache,
    redact,
    decisionLog,
    loop,
    state,
    clock,
    deadline: deadlinesDueTogether(clock),
    // Allowed transcript roots come from the daemon's env, resolved here once (not per request).
    // With evidence on, the same read also gathers the turn's commands and edits (server/evidence/).
    transcripts: deps.transcripts ?? createTranscriptReader(config.transcripts, deps.env, config.judge.maxTextBytes, config.evidence.enabled ? createClassifier(config.evidence) : undefined, clock),
    gates: createGateDeps(config, deps.env, deps.facts ?? state.facts.store, state.facts),
    ...compileHooks(config, backends),
    ...(deps.onAttempt ? { onAttempt: deps.onAttempt } : {}),
    async close () {
      await Promise.allSettled([...backends.values()].map(b => b.close()))
      await decisionLog.close()
    }
  }
}

/** Compiled once per config: a request only looks its hooks up. */
function compileHooks (config: Config, backends: Map<string, Backend>): Pick<Runtime, 'hooksByEvent' | 'chains'> {
  const hooksByEvent = new Map<EventName, HookPolicy[]>()
  const chains = new Map<string, Backend[]>()
  for (const hook of Object.values(config.hooks)) {
    // A hook that inherits `auto` got the detected chain (applyChain) before this runs.
    chains.set(hook.name, hook.backends.map(n => backends.get(n)).filter((b): b is Backend => b !== undefined))
    if (hook.mode === 'off') continue
    hooksByEvent.set(hook.event, [...(hooksByEvent.get(hook.event) ?? []), hook])
  }
  return { hooksByEvent, chains }
}

/** Why Layer 2 cannot run for some hook, for /readyz and doctor: one line per hook whose chain has no usable backend. */
export function readiness (rt: Runtime): string[] {
  const problems: string[] = []
  for (const hook of Object.values(rt.config.hooks)) {
    // A hook without trigger patterns (a pure gate) never reaches Layer 2.
    if (hook.mode === 'off' || hook.trigger.sources.length === 0) continue
    // A hook whose facts block on their own (unverified-claim) needs a judge only to let quotes through.
    if (worksWithoutJudge(hook)) continue
    const chain = hook.backends.map(n => rt.backends.get(n))
    // An open circuit answers nothing until its cool-down ends: a chain of only those cannot judge now.
    const open = (b: Backend) => b.circuit?.state().state === 'open'
    if (chain.some(b => b && b.unusable === null && !open(b))) continue
    if (hook.autoChain && chain.length === 0) { if (!problems.includes(NO_BACKEND_FIX)) problems.push(NO_BACKEND_FIX); continue }
    const circuitWhy = (s: { failures: number, retryInMs?: number, lastError?: string }) => `circuit open after ${s.failures} failures${s.lastError ? ` (last: ${s.lastError})` : ''}, retry in ${Math.ceil((s.retryInMs ?? 0) / 1000)} s`
    const why = chain.map((b, i) => `${hook.backends[i]}: ${b?.unusable ?? (b?.circuit && open(b) ? circuitWhy(b.circuit.state()) : 'not defined')}`).join('; ')
    problems.push(`hook ${hook.name}: no usable judge backend (${why || 'empty chain'})`)
  }
  return problems
}
