/** createMetrics(): the app's own prom-client registry with the contract's hookjudge_* metrics. */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export type Metrics = ReturnType<typeof createMetrics>

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

export function createMetrics (version: string) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'hookjudge_' })
  const registers = [registry]
  const m = {
    registry,
    requests: new Counter({ name: 'hookjudge_requests_total', help: 'Hook requests answered, by outcome', labelNames: ['hook', 'agent', 'decision', 'source'] as const, registers }),
    duration: new Histogram({ name: 'hookjudge_request_duration_seconds', help: 'Time to answer a hook request', labelNames: ['hook', 'source'] as const, buckets: LATENCY_BUCKETS, registers }),
    backendRequests: new Counter({ name: 'hookjudge_backend_requests_total', help: 'Judge backend calls, by outcome', labelNames: ['backend', 'outcome'] as const, registers }),
    backendDuration: new Histogram({ name: 'hookjudge_backend_duration_seconds', help: 'Judge backend call time', labelNames: ['backend'] as const, buckets: LATENCY_BUCKETS, registers }),
    judgeTokens: new Counter({ name: 'hookjudge_judge_tokens_total', help: 'Model tokens used by judge calls, from each backend\'s usage fields', labelNames: ['backend', 'direction'] as const, registers }),
    cacheLookups: new Counter({ name: 'hookjudge_cache_lookups_total', help: 'Verdict cache lookups', labelNames: ['result'] as const, registers }),
    redactions: new Counter({ name: 'hookjudge_redactions_total', help: 'Secrets masked before judging or logging', labelNames: ['kind'] as const, registers }),
    loopGuard: new Counter({ name: 'hookjudge_loop_guard_total', help: 'Blocks turned into allows by the loop governor', labelNames: ['hook'] as const, registers }),
    configReloads: new Counter({ name: 'hookjudge_config_reloads_total', help: 'Config reloads', labelNames: ['result'] as const, registers }),
    decisionLogErrors: new Counter({ name: 'hookjudge_decision_log_errors_total', help: 'Decision records that could not be written', registers }),
    stateErrors: new Counter({ name: 'hookjudge_state_errors_total', help: 'Shared-state (Redis) operations answered from local state instead', labelNames: ['op'] as const, registers }),
    badRequests: new Counter({ name: 'hookjudge_bad_requests_total', help: 'Requests refused before judging', labelNames: ['reason'] as const, registers }),
    buildInfo: new Gauge({ name: 'hookjudge_build_info', help: 'Build information', labelNames: ['version'] as const, registers })
  }
  m.buildInfo.set({ version }, 1)
  return m
}
