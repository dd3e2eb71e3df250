/** What a service runs: absolute node and CLI paths, the config file, the non-secret env and the API keys; pure. */
import { isAbsolute, join, resolve } from 'node:path'
import type { Config } from '../config/config-schema.js'
import { type Env, PACKAGE_ROOT } from '../core/paths.js'

export interface ServiceSpec {
  node: string
  cli: string
  /** The user config file in force at install time (absolute), passed as --config. */
  configFile?: string
  /** Non-secret environment the daemon needs to see what the CLI saw: PATH (for CLI backends) and the config layers. */
  env: Record<string, string>
  /** The API keys named by the backends' apiKeyEnv that are set: they go only into a 0600 file. */
  secrets: Record<string, string>
  /** Seconds the manager waits after SIGTERM: the daemon's shutdown bound plus a margin. */
  stopTimeoutSec: number
}

/** Written at the top of every file install writes: uninstall removes only files that carry it. */
export const MARKER = 'Written by `hookjudge service install`; `hookjudge service uninstall` removes it.'

// The base URLs too: a service that dropped ANTHROPIC_BASE_URL would send the key to the default endpoint instead.
// Kept from the installed unit when this shell sets none: a plain re-run must not move the daemon or its judge.
export const KEPT_ENV = ['ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'HOOKJUDGE_HOST', 'HOOKJUDGE_PORT', 'HOOKJUDGE_LOG_LEVEL']
const PASSED_ENV = ['PATH', 'HOOKJUDGE_HOST', 'HOOKJUDGE_PORT', 'HOOKJUDGE_LOG_LEVEL', 'XDG_CONFIG_HOME', 'XDG_STATE_HOME', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL']

export function serviceSpec (config: Config, env: Env, opts: { node?: string, cli?: string, cwd: string }): ServiceSpec {
  const user = config.files[1]
  const secrets: Record<string, string> = {}
  for (const b of Object.values(config.backends)) {
    const value = b.apiKeyEnv ? env[b.apiKeyEnv] : undefined
    if (b.apiKeyEnv && value) secrets[b.apiKeyEnv] = value
  }
  const passed: Record<string, string> = {}
  for (const k of PASSED_ENV) if (env[k]) passed[k] = env[k]!
  return {
    node: opts.node ?? process.execPath,
    cli: opts.cli ?? join(PACKAGE_ROOT, 'dist', 'server', 'cli.js'),
    configFile: user && user !== '/dev/null' ? (isAbsolute(user) ? user : resolve(opts.cwd, user)) : undefined,
    env: passed,
    secrets,
    stopTimeoutSec: Math.ceil(config.server.shutdownMs / 1000) + 5
  }
}

/**
 * Node flags of the long-lived daemon (`npm start`, the Dockerfile and the service units pass the same): V8's young
 * generation grows to 2 × 16 MB by default, a third of an idle daemon's memory; a hook request's garbage is small and
 * short-lived, and 4 MB semi-spaces cost it no measurable throughput (docs/BENCHMARKS.md, memory). V8 lets the old
 * generation grow to a multiple of what is live that rises with the heap's ceiling (up to 4× under the default of
 * several GB): under steady judging ~35 MB live held ~180 MB of RSS. A 1 GiB ceiling, far above what the capped
 * caches and a burst of in-flight requests hold, keeps that multiple small (~118 MB) at no measurable cost. Within it V8
 * still let ~55 MB live hold ~87 MB of heap (150 MB of RSS over 100 000 judged texts): growing the old generation by 30 %
 * of what is live after each collection holds it at ~70 MB (~142 MB of RSS), with no throughput or latency change the
 * bench can tell from its noise.
 */
export const DAEMON_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=1024', '--heap-growing-percent=30']

/** The argv of a verb run by the service manager. */
export function serviceArgv (spec: ServiceSpec, verb: 'serve' | 'reload'): string[] {
  return [spec.node, ...(verb === 'serve' ? DAEMON_NODE_FLAGS : []), spec.cli, verb, ...(spec.configFile ? ['--config', spec.configFile] : [])]
}
