/** loadConfig: default.yaml ← vendor env (base URLs) ← user file ← HOOKJUDGE_* env, merged and validated; one ConfigError names every problem. */
import { existsSync } from 'node:fs'
import { readSmallFileSync } from '../core/safe-file.js'
import { dirname, join, resolve } from 'node:path'
import { parse } from 'yaml'
import { type Config, validateConfig } from './config-schema.js'
import { ConfigError, type ConfigProblem, describe } from '../core/errors.js'
import { createRedactor, type Redactor } from '../redact/redact.js'
import { loadScorers } from '../layer1/load-models.js'
import { configHome, DEFAULT_CONFIG, type Env } from '../core/paths.js'
import { isMap } from '../core/is-map.js'

export type { Config, HookPolicy, BackendConfig } from './config-schema.js'

export interface LoadOptions {
  env: Env
  /** --config FILE; wins over $HOOKJUDGE_CONFIG and the XDG file. */
  file?: string
  /** Extra layer on top of the files (tests, CLI flags such as --port). */
  overrides?: Record<string, unknown>
}

type Raw = Record<string, unknown>

/** Maps merge key by key; lists and scalars replace. */
export function mergeLayers (base: unknown, top: unknown): unknown {
  if (!isMap(base) || !isMap(top)) return top === undefined ? base : top
  const out: Raw = { ...base }
  for (const [k, v] of Object.entries(top)) out[k] = mergeLayers(base[k], v)
  return out
}

/** The user file in force: --config, else $HOOKJUDGE_CONFIG, else the XDG file when it exists. */
export function userConfigPath (env: Env, file?: string): string | undefined {
  if (file || env.HOOKJUDGE_CONFIG) return configCandidate(env, file)
  const xdg = configCandidate(env)
  return existsSync(xdg) ? xdg : undefined
}

/** The file that is or would be the user file: the XDG one even before it exists (the daemon watches for it). */
export function configCandidate (env: Env, file?: string): string {
  return file || env.HOOKJUDGE_CONFIG || join(configHome(env), 'hookjudge', 'config.yaml')
}

// A config or rules file is a few KB; a larger one is a mistake (or /dev/zero), not something to hold in memory.
const MAX_CONFIG_BYTES = 4 << 20

function readLayer (path: string, problems: ConfigProblem[]): unknown {
  // /dev/null is the documented "no user file" (tests, --config /dev/null): empty, not a regular file to refuse.
  const read = path === '/dev/null' ? { text: '' } : readSmallFileSync(path, MAX_CONFIG_BYTES)
  if ('got' in read) {
    problems.push({ path, expected: 'a readable file', got: read.got })
    return undefined
  }
  const { text } = read
  try {
    const doc = parse(text, { prettyErrors: true })
    if (doc === null || doc === undefined) return {}
    if (!isMap(doc)) problems.push({ path, expected: 'a YAML map at the top', got: describe(doc) })
    return isMap(doc) ? doc : undefined
  } catch (err) {
    // The yaml library's message holds the line, the column and a code frame: keep all of it.
    problems.push({ path, expected: 'valid YAML', got: 'a parse error', message: `invalid YAML: ${(err as Error).message.trimEnd()}` })
    return undefined
  }
}

/** The vendors' own variables, as their SDKs read them: a default for the shipped backends that the user file overrides. */
function vendorLayer (env: Env): Raw {
  const backends: Raw = {}
  if (env.ANTHROPIC_BASE_URL) backends.anthropic = { baseUrl: env.ANTHROPIC_BASE_URL }
  if (env.OPENAI_BASE_URL) backends.openai = { baseUrl: env.OPENAI_BASE_URL }
  return Object.keys(backends).length ? { backends } : {}
}

function envLayer (env: Env, problems: ConfigProblem[]): Raw {
  const server: Raw = {}
  if (env.HOOKJUDGE_HOST) server.host = env.HOOKJUDGE_HOST
  if (env.HOOKJUDGE_PORT) {
    const port = /^\d+$/.test(env.HOOKJUDGE_PORT) ? Number(env.HOOKJUDGE_PORT) : NaN
    if (Number.isNaN(port)) problems.push({ path: 'HOOKJUDGE_PORT', expected: 'a port number', got: describe(env.HOOKJUDGE_PORT) })
    else server.port = port
  }
  const out: Raw = Object.keys(server).length ? { server } : {}
  if (env.HOOKJUDGE_LOG_LEVEL) out.log = { level: env.HOOKJUDGE_LOG_LEVEL }
  return out
}

export function loadConfig (opts: LoadOptions): Config {
  const problems: ConfigProblem[] = []
  const user = userConfigPath(opts.env, opts.file)
  const files = user ? [DEFAULT_CONFIG, user] : [DEFAULT_CONFIG]
  let merged: unknown = {}
  for (const f of files) {
    merged = mergeLayers(merged, readLayer(f, problems))
    if (f === DEFAULT_CONFIG) merged = mergeLayers(merged, vendorLayer(opts.env))
  }
  merged = mergeLayers(merged, envLayer(opts.env, problems))
  merged = mergeLayers(merged, opts.overrides)
  return compile({ merged, files, user }, problems)
}

interface Layers { merged: unknown, files: string[], user?: string }
// What each config was compiled from: a candidate (configWith) is that plus a layer, checked the same way.
const layersOf = new WeakMap<Config, Layers>()

function compile (from: Layers, problems: ConfigProblem[]): Config {
  const { merged, files, user } = from
  const { config, problems: more } = validateConfig(merged, files)
  problems.push(...more)
  // Read even when the rest is invalid, so a broken rules file is named together with every other problem.
  const rulesFile = isMap(merged) && isMap(merged.redaction) && typeof merged.redaction.gitleaksConfig === 'string' ? merged.redaction.gitleaksConfig : undefined
  const redactor = loadRedactor(rulesFile, user, problems)
  const scorers = loadScorers(merged, user, problems)
  if (problems.length > 0 || !config || !redactor) throw new ConfigError(problems, user ?? 'config')
  const hooks = Object.fromEntries(Object.entries(config.hooks).map(([n, h]) => [n, scorers.has(n) ? { ...h, scorer: scorers.get(n)! } : h]))
  const out: Config = Object.freeze({ ...config, hooks, redactor })
  layersOf.set(out, from)
  return out
}

/** The config with one more layer on top of what it was loaded from, validated alike; throws ConfigError. */
export function configWith (config: Config, top: Record<string, unknown>): Config {
  const from = layersOf.get(config)
  if (!from) throw new ConfigError([{ path: 'config', expected: 'a config read by loadConfig', got: 'another' }], 'config')
  return compile({ ...from, merged: mergeLayers(from.merged, top) }, [])
}

/** The default redaction rules plus the user's gitleaks TOML (a relative path is read beside the user file). */
function loadRedactor (file: string | undefined, userFile: string | undefined, problems: ConfigProblem[]): Redactor | undefined {
  if (!file) return createRedactor()
  const path = resolve(userFile ? dirname(userFile) : '.', file)
  const read = readSmallFileSync(path, MAX_CONFIG_BYTES)
  if ('got' in read) {
    problems.push({ path: 'redaction.gitleaksConfig', expected: 'a readable gitleaks TOML file', got: `${path} (${read.got})` })
    return undefined
  }
  try {
    return createRedactor({ gitleaksToml: read.text, source: path })
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    problems.push(...err.problems)
    return undefined
  }
}
