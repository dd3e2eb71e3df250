/** Zero-config judge chain (`judge.backends: auto`): the predefined backends this machine can use, in a fixed order. */
import { AUTO_CHAIN, type BackendConfig, type Config } from '../config/config-schema.js'
import { delimiter, join, resolve } from 'node:path'
import { type Env, PACKAGE_ROOT } from '../core/paths.js'
import { getJson } from './http.js'
import { findExecutable } from './process-backend.js'

export interface Check { name: string, found: boolean, why: string }
export interface Detection { chain: string[], checked: Check[] }
/** Lists the model ids a local OpenAI-compatible server offers, or undefined when none answers in time. */
export type ModelProbe = (baseUrl: string) => Promise<string[] | undefined>

/** The one line /readyz and doctor show when nothing was found. */
export const NO_BACKEND_FIX = 'no judge backend found (checked ANTHROPIC_API_KEY, OPENAI_API_KEY, the claude and codex CLIs on PATH, ' +
  'Ollama on 127.0.0.1:11434); fix: export ANTHROPIC_API_KEY=<key>, or install the claude CLI (npm i -g @anthropic-ai/claude-code) and log in once'

const CLI_NAMES: Record<string, string> = { 'claude-cli': 'claude', 'codex-cli': 'codex' }

// npm start puts the checkout's node_modules/.bin first on PATH, and there sit the CLIs our e2e tests drive:
// those are dev dependencies, never logged in, so a fresh checkout must not pick them as its judge.
const OWN_BIN = join(PACKAGE_ROOT, 'node_modules', '.bin')
const withoutOwnBin = (env: Env): Env => ({ ...env, PATH: (env.PATH ?? '').split(delimiter).filter(d => resolve(d) !== OWN_BIN).join(delimiter) })

/** What needs no network: an API key in the env, an executable on PATH. Local servers need the probe. */
function staticCheck (cfg: BackendConfig, env: Env): Omit<Check, 'name'> | 'probe' {
  if (cfg.type === 'anthropic' || (cfg.type === 'openai' && cfg.apiKeyEnv)) {
    const key = cfg.apiKeyEnv ?? 'ANTHROPIC_API_KEY'
    return env[key] ? { found: true, why: `${key} is set` } : { found: false, why: `${key} is not set` }
  }
  if (cfg.type === 'openai') return 'probe'
  const bin = cfg.command?.[0] ?? CLI_NAMES[cfg.type] ?? ''
  const path = bin ? findExecutable(bin, withoutOwnBin(env)) : undefined
  if (path) return { found: true, why: `${path}` }
  const own = bin ? findExecutable(bin, env) : undefined
  return { found: false, why: own ? `only this checkout's ${bin} is on PATH (${own}): the tests' copy, never logged in, which auto does not pick; name its path as the backend's command to use it` : `${bin || 'no command'} not found on PATH` }
}

// Only a server that accepts and then hangs costs the bound (nothing listening refuses at once); a loaded machine's
// first request in a process can alone take a few hundred ms, so the bound is not tight.
export async function probeModels (baseUrl: string, timeoutMs = 1500): Promise<string[] | undefined> {
  try {
    const body = await getJson(baseUrl, '/models', timeoutMs) as { data?: { id?: unknown }[] }
    return (body.data ?? []).map(m => String(m.id))
  } catch {
    return undefined
  }
}

/** Detection with probes of local servers (async; serve runs it once at startup). */
export async function detectChain (config: Config, env: Env, probe: ModelProbe = probeModels): Promise<Detection> {
  const checked: Check[] = []
  for (const name of AUTO_CHAIN) {
    const cfg = config.backends[name]
    if (!cfg) continue
    const s = staticCheck(cfg, env)
    if (s !== 'probe') { checked.push({ name, ...s }); continue }
    const base = cfg.baseUrl ?? 'http://127.0.0.1:11434/v1'
    const models = await probe(base)
    const has = models?.some(m => m === cfg.model || m === `${cfg.model}:latest`)
    checked.push({ name, found: has === true, why: models === undefined ? `no server at ${base}` : has ? `${base} serves ${cfg.model}` : `${base} is up but lacks ${cfg.model}: run ollama pull ${cfg.model}` })
  }
  return { chain: checked.filter(c => c.found).map(c => c.name), checked }
}

/** Detection without network (CLI verbs that build a runtime directly): local servers count as absent. */
export function detectChainSync (config: Config, env: Env): Detection {
  const checked = AUTO_CHAIN.flatMap((name): Check[] => {
    const cfg = config.backends[name]
    const s = cfg && staticCheck(cfg, env)
    return !cfg ? [] : s === 'probe' ? [{ name, found: false, why: 'not probed' }] : [{ name, ...s! }]
  })
  return { chain: checked.filter(c => c.found).map(c => c.name), checked }
}

/** The config with the detected chain filled into `judge.backends` and every hook that inherits it. */
export function applyChain (config: Config, chain: string[]): Config {
  if (!config.judge.auto) return config
  const hooks = Object.fromEntries(Object.entries(config.hooks).map(([n, h]) => [n, h.autoChain ? { ...h, backends: [...chain] } : h]))
  return Object.freeze({ ...config, judge: { ...config.judge, backends: [...chain] }, hooks })
}

/** Runs detection for an auto config and logs the chain chosen; undefined for an explicit chain. */
export async function resolveAutoChain (config: Config, env: Env, log: { info: (o: object, m: string) => void, warn: (o: object, m: string) => void },
  probe?: ModelProbe): Promise<string[] | undefined> {
  if (!config.judge.auto) return undefined
  const d = await detectChain(config, env, probe)
  if (d.chain.length > 0) log.info({ chain: d.chain, checked: d.checked }, `judge chain (auto): ${d.chain.join(' → ')}`)
  else log.warn({ checked: d.checked }, NO_BACKEND_FIX)
  return d.chain
}
