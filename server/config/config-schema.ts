/** Checks a merged raw config, collecting every problem at once, and turns it into the typed, compiled Config. */
import { createHash } from 'node:crypto'
import { EVENTS, type EventName } from '../agents/event.js'
import { unknownKeys } from './config-keys.js'
import { type ConfigProblem, describe } from '../core/errors.js'
import { nearest } from '../core/nearest.js'
import { type HookEvidence, validateEvidenceSettings, validateHookEvidence } from '../evidence/schema.js'
import type { EvidenceSettings } from '../evidence/verification.js'
import { checkFactNames, type GatePolicy, type GateSettings, validateGate, validateGateSettings } from '../approvals/approval-schema.js'
import { isLoopbackHost } from '../guards/loopback.js'
import { validateState } from '../state/state-schema.js'
import { type BackendOptions, validateBackendOptions } from '../backends/options.js'
import { compilePatterns, patternError, type PatternSet } from '../judge/patterns.js'
import type { Redactor } from '../redact/redact.js'
import type { Scorer } from '../layer1/model.js'
import { isMap } from '../core/is-map.js'

export const BACKEND_TYPES = ['anthropic', 'openai', 'claude-cli', 'codex-cli', 'command'] as const
export type BackendType = typeof BACKEND_TYPES[number]
export const MODES = ['enforce', 'shadow', 'off'] as const
export const FAIL_MODES = ['open', 'safe'] as const
/** `judge.backends: auto` tries these predefined backends, in this order, on what the machine has (backends/detect.ts). */
export const AUTO_CHAIN = ['anthropic', 'openai', 'claude-cli', 'codex-cli', 'ollama'] as const

export interface BackendConfig extends BackendOptions {
  name: string
  type: BackendType
  model: string
  baseUrl?: string
  apiKeyEnv?: string
  maxTokens: number
  [extra: string]: unknown
}

export interface HookPolicy {
  name: string
  event: EventName
  mode: typeof MODES[number]
  failMode: typeof FAIL_MODES[number]
  trigger: PatternSet
  skip: PatternSet
  /** The fields asked of the judge: the configured `fields` minus the deterministic ones. */
  fields: string[]
  /** Fields hookjudge computes from the transcript (server/evidence/), merged in before blockWhen; never asked. */
  deterministic: HookEvidence['deterministic']
  /** `evidence.contradictedClaims`: a claimed verification the transcript contradicts counts as none. */
  evidence: HookEvidence['evidence']
  blockWhen: { all: string[], none: string[] }
  prompt: string
  feedback: string
  backends: string[]
  /** sha256 of everything in this hook that can change a verdict. */
  fingerprint: string
  /** Short id of the prompt the judge sees (prompt + fields + wrapper version). */
  promptVersion: string
  /** Tool hooks: matcher, rules (PreToolUse), facts and transforms (PostToolUse); see server/approvals/. */
  gate: GatePolicy
  /** Set when the hook inherits `judge.backends: auto`: its chain is filled in at runtime creation. */
  autoChain?: true
  /** `layer1.model`: the learned scorer that decides which trigger hits go on to the judge (server/layer1/). */
  scorer?: Scorer
}

export interface Config {
  server: { host: string, port: number, socket?: string, tokenFile?: string, tokensFile?: string, bodyLimit: number, shutdownMs: number }
  log: { level: string }
  judge: {
    backends: string[]
    /** `backends: auto`: the chain is detected at startup (backends/detect.ts); `backends` is then empty here. */
    auto: boolean
    deadlineMs: number
    maxTextBytes: number
    loop: { maxConsecutiveBlocks: number, maxSessions: number }
    circuit: { failures: number, coolDownSeconds: number }
  }
  cache: { max: number, maxBytes: number, ttlSeconds: number }
  decisionLog: { enabled: boolean, dir?: string, text: 'redacted' | 'none', retentionDays: number, maxBytes: number }
  /** gitleaksConfig: a gitleaks-format TOML file of extra rules (read and compiled by loadConfig). */
  redaction: { gitleaksConfig?: string }
  /** Default rules plus the gitleaks file's, compiled once by loadConfig. */
  redactor?: Redactor
  /** Where Stop hooks read the turn's text (agents/transcript-reader.ts); roots are added to the agents' own data dirs. */
  transcripts: { enabled: boolean, roots: string[], maxReadBytes: number }
  /** What Stop hooks learn from the transcript's tool calls: verification patterns (server/evidence/). */
  evidence: EvidenceSettings
  selfProtection: GateSettings['selfProtection']
  sessionFacts: GateSettings['sessionFacts']
  /** The review page (GET /ui, server/routes/ui.ts); checked per request, so a reload turns it on or off. */
  ui: { enabled: boolean }
  backends: Record<string, BackendConfig>
  hooks: Record<string, HookPolicy>
  /** Shared state of several replicas (server/state/); without redis everything stays in process. */
  state: { redis?: RedisSettings }
  /** Files the config was read from, in layer order. */
  files: string[]
}

export interface RedisSettings {
  url: string
  timeoutMs: number
  passwordEnv?: string
  /** Decision records the team's stream keeps for the review page and `logs` (0: each replica keeps only its own files). */
  decisions: number
}

/** Bump when the fixed wrapper around every hook prompt changes: it invalidates cached verdicts. */
export const WRAPPER_VERSION = 'w3'
const FIELD_RE = /^[a-z][a-z0-9_]*$/
const HOOK_RE = /^[a-z0-9][a-z0-9-]*$/

type Raw = Record<string, unknown>
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

export function validateConfig (raw: unknown, files: string[]): { config?: Config, problems: ConfigProblem[] } {
  // A mistyped key would otherwise be silently ignored: name it, with the nearest known one.
  const problems: ConfigProblem[] = unknownKeys(raw).map(k => ({ path: k.path, expected: 'a known key', got: k.path, message: k.message }))
  const bad = (path: string, expected: string, got: unknown) => { problems.push({ path, expected, got: describe(got) }) }
  const optStr = (path: string, v: unknown) => v === undefined || v === null ? undefined : str(path, v)
  const root = isMap(raw) ? raw : (bad('(root)', 'a map', raw), {})
  const section = (name: string): Raw => {
    const v = root[name]
    if (v === undefined || v === null) return {}
    if (isMap(v)) return v
    bad(name, 'a map', v)
    return {}
  }
  const int = (path: string, v: unknown, min: number, max: number): number => {
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v
    bad(path, `an integer from ${min} to ${max}`, v)
    return min
  }
  const str = (path: string, v: unknown, optional = false): string => {
    if (typeof v === 'string' && v.length > 0) return v
    if (!(optional && v === undefined)) bad(path, 'a non-empty string', v)
    return ''
  }
  const oneOf = <T extends string>(path: string, v: unknown, allowed: readonly T[], dflt: T): T => {
    if (v === undefined) return dflt
    if (allowed.includes(v as T)) return v as T
    bad(path, `one of ${allowed.join(' | ')}`, v)
    return dflt
  }
  const flag = (path: string, v: unknown, dflt: boolean): boolean => {
    if (v === undefined) return dflt
    if (typeof v === 'boolean') return v
    bad(path, 'true or false', v)
    return dflt
  }
  const strList = (path: string, v: unknown): string[] => {
    if (v === undefined || v === null) return []
    if (Array.isArray(v) && v.every(x => typeof x === 'string')) return v
    bad(path, 'a list of strings', v)
    return []
  }

  const server = section('server')
  const log = section('log')
  const judge = section('judge')
  const loop: Raw = isMap(judge.loop) ? judge.loop : judge.loop === undefined || judge.loop === null ? {} : (bad('judge.loop', 'a map', judge.loop), {})
  const cache = section('cache')
  const dlog = section('decisionLog')
  const redaction = section('redaction')
  const transcripts = section('transcripts')
  const backendsRaw = section('backends')
  const hooksRaw = section('hooks')

  const backends: Record<string, BackendConfig> = {}
  for (const [name, b] of Object.entries(backendsRaw)) {
    const p = `backends.${name}`
    if (!isMap(b)) { bad(p, 'a map', b); continue }
    const type = oneOf(`${p}.type`, b.type ?? '', BACKEND_TYPES, 'anthropic')
    const needsModel = type === 'anthropic' || type === 'openai'
    backends[name] = {
      ...b,
      name,
      type,
      model: needsModel ? str(`${p}.model`, b.model) : (typeof b.model === 'string' ? b.model : ''),
      baseUrl: b.baseUrl === undefined ? undefined : str(`${p}.baseUrl`, b.baseUrl),
      apiKeyEnv: b.apiKeyEnv === undefined ? undefined : str(`${p}.apiKeyEnv`, b.apiKeyEnv),
      maxTokens: b.maxTokens === undefined ? 400 : int(`${p}.maxTokens`, b.maxTokens, 16, 32000),
      ...validateBackendOptions(b, type, p, bad)
    }
    if (b.apiKey !== undefined) bad(`${p}.apiKey`, 'no key in the file (name an env var in apiKeyEnv)', '[hidden]')
  }
  const chain = (path: string, v: unknown): string[] => {
    const names = strList(path, v)
    names.forEach((n, i) => { if (!backends[n]) bad(`${path}[${i}]`, `a backend defined under backends (${Object.keys(backends).join(', ') || 'none'})`, n) })
    return names
  }

  const auto = judge.backends === 'auto'
  const judgeBackends = auto ? [] : chain('judge.backends', judge.backends ?? [])
  const circuit = isMap(judge.circuit) ? judge.circuit : judge.circuit === undefined || judge.circuit === null ? {} : (bad('judge.circuit', 'a map', judge.circuit), {})
  const hooks: Record<string, HookPolicy> = {}
  for (const [name, h] of Object.entries(hooksRaw)) {
    const p = `hooks.${name}`
    if (!HOOK_RE.test(name)) bad(p, 'a hook name of a-z, 0-9 and -', name)
    if (!isMap(h)) { bad(p, 'a map', h); continue }
    // A partial entry (no event, prompt or feedback of its own) under a name no hook has is most often a typo of one.
    const near = h.event === undefined && h.prompt === undefined && h.feedback === undefined ? nearest(name, Object.keys(hooksRaw).filter(n => n !== name)) : undefined
    if (near !== undefined) { bad(p, `the name of a configured hook (did you mean \`${near}\`?), or a new hook with its own event, prompt, feedback and blockWhen`, name); continue }
    const event = oneOf(`${p}.event`, h.event, EVENTS, 'Stop')
    const failDefault = event === 'PreToolUse' ? 'safe' : 'open'
    const failMode = oneOf(`${p}.failMode`, h.failMode, FAIL_MODES, failDefault)
    if (failMode === 'safe' && event !== 'PreToolUse') bad(`${p}.failMode`, 'open for a Stop-type hook (only PreToolUse can ask a human)', failMode)
    // A tool hook with no prompt and no trigger is a pure gate (rules, facts, transforms): no Layer 2 to configure.
    const judges = (event !== 'PreToolUse' && event !== 'PostToolUse') || h.prompt !== undefined || h.trigger !== undefined
    const patterns = (kind: 'trigger' | 'skip') => {
      const list = strList(`${p}.${kind}`, h[kind])
      let ok = true
      list.forEach((s, i) => {
        const err = patternError(s)
        if (err) { ok = false; problems.push({ path: `${p}.${kind}[${i}]`, expected: `a valid RE2 pattern in hook "${name}"`, got: `${describe(s)} (${err})` }) }
      })
      return { list, set: ok ? compilePatterns(list) : compilePatterns([]) }
    }
    const trigger = patterns('trigger')
    const skip = patterns('skip')
    const fields = strList(`${p}.fields`, h.fields)
    fields.forEach((f, i) => { if (!FIELD_RE.test(f) || f === 'reason') bad(`${p}.fields[${i}]`, 'a snake_case field name other than "reason"', f) })
    const bw = isMap(h.blockWhen) ? h.blockWhen : (judges && bad(`${p}.blockWhen`, 'a map with all / none lists', h.blockWhen), {})
    const all = strList(`${p}.blockWhen.all`, bw.all)
    const none = strList(`${p}.blockWhen.none`, bw.none)
    if (all.length === 0 && judges) bad(`${p}.blockWhen.all`, 'at least one field', all)
    for (const [k, list] of [['all', all], ['none', none]] as const) {
      list.forEach((f, i) => { if (!fields.includes(f)) bad(`${p}.blockWhen.${k}[${i}]`, `one of the hook's fields (${fields.join(', ')})`, f) })
    }
    const prompt = judges ? str(`${p}.prompt`, h.prompt) : ''
    const feedback = judges ? str(`${p}.feedback`, h.feedback) : ''
    const hookBackends = !judges ? [] : h.backends === undefined ? judgeBackends : chain(`${p}.backends`, h.backends)
    const { deterministic, evidence } = validateHookEvidence(p, h, event, fields, bad)
    // The judge is asked only what hookjudge cannot compute itself.
    const asked = fields.filter(f => !deterministic.includes(f))
    const promptVersion = sha256(JSON.stringify([WRAPPER_VERSION, prompt, asked])).slice(0, 12)
    const autoChain = judges && auto && h.backends === undefined
    // An auto chain is fixed for the life of the process; any candidate's model change must still invalidate verdicts.
    const models = (autoChain ? AUTO_CHAIN : hookBackends).map(b => [backends[b]?.type, backends[b]?.model, backends[b]?.baseUrl])
    const fingerprint = sha256(JSON.stringify([promptVersion, trigger.list, skip.list, all, none, models, deterministic, evidence]))
    hooks[name] = {
      name,
      event,
      mode: oneOf(`${p}.mode`, h.mode, MODES, 'enforce'),
      failMode,
      trigger: trigger.set,
      skip: skip.set,
      fields: asked,
      deterministic,
      evidence,
      blockWhen: { all, none },
      prompt,
      feedback,
      backends: hookBackends,
      fingerprint,
      promptVersion,
      gate: validateGate(p, h, event, bad),
      // layer1.model is read and checked by loadConfig (layer1/load-models.ts), which sets `scorer`.
      ...(autoChain ? { autoChain } : {})
    }
  }
  checkFactNames(hooks, bad)

  const config: Config = {
    server: {
      host: str('server.host', server.host ?? '127.0.0.1'),
      port: int('server.port', server.port ?? 5834, 0, 65535),
      socket: server.socket === undefined || server.socket === null ? undefined : str('server.socket', server.socket),
      tokenFile: optStr('server.tokenFile', server.tokenFile),
      tokensFile: optStr('server.tokensFile', server.tokensFile),
      bodyLimit: int('server.bodyLimit', server.bodyLimit ?? 1048576, 1024, 64 * 1048576),
      shutdownMs: int('server.shutdownMs', server.shutdownMs ?? 5000, 0, 600000)
    },
    log: { level: oneOf('log.level', log.level, ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info') },
    judge: {
      backends: judgeBackends,
      auto,
      deadlineMs: int('judge.deadlineMs', judge.deadlineMs ?? 8000, 100, 600000),
      maxTextBytes: int('judge.maxTextBytes', judge.maxTextBytes ?? 4000, 64, 1048576),
      loop: {
        maxConsecutiveBlocks: int('judge.loop.maxConsecutiveBlocks', loop.maxConsecutiveBlocks ?? 2, 1, 100),
        maxSessions: int('judge.loop.maxSessions', loop.maxSessions ?? 10000, 1, 10000000)
      },
      circuit: {
        failures: int('judge.circuit.failures', circuit.failures ?? 3, 1, 1000),
        coolDownSeconds: int('judge.circuit.coolDownSeconds', circuit.coolDownSeconds ?? 30, 1, 86400)
      }
    },
    cache: {
      max: int('cache.max', cache.max ?? 10000, 1, 10000000),
      maxBytes: int('cache.maxBytes', cache.maxBytes ?? 16777216, 65536, 2 ** 40),
      ttlSeconds: int('cache.ttlSeconds', cache.ttlSeconds ?? 86400, 1, 365 * 86400)
    },
    redaction: { gitleaksConfig: redaction.gitleaksConfig === undefined || redaction.gitleaksConfig === null ? undefined : str('redaction.gitleaksConfig', redaction.gitleaksConfig) },
    decisionLog: {
      enabled: flag('decisionLog.enabled', dlog.enabled, true),
      dir: dlog.dir === undefined || dlog.dir === null ? undefined : str('decisionLog.dir', dlog.dir),
      text: oneOf('decisionLog.text', dlog.text, ['redacted', 'none'], 'redacted'),
      retentionDays: int('decisionLog.retentionDays', dlog.retentionDays ?? 30, 0, 36500),
      maxBytes: int('decisionLog.maxBytes', dlog.maxBytes ?? 268435456, 0, Number.MAX_SAFE_INTEGER)
    },
    transcripts: {
      enabled: flag('transcripts.enabled', transcripts.enabled, true),
      roots: strList('transcripts.roots', transcripts.roots).filter((r, i) => r.startsWith('/') || r.startsWith('~/') || (bad(`transcripts.roots[${i}]`, 'an absolute path or ~/…', r), false)),
      maxReadBytes: int('transcripts.maxReadBytes', transcripts.maxReadBytes ?? 8388608, 4096, 1073741824)
    },
    evidence: validateEvidenceSettings(section('evidence'), bad),
    ...validateGateSettings(section('selfProtection'), section('sessionFacts'), bad, int),
    ui: { enabled: flag('ui.enabled', section('ui').enabled, true) },
    backends,
    hooks,
    state: validateState(section('state'), bad, int, str),
    files
  }
  // Anyone who can reach a non-loopback port could make the judge spend tokens or read verdicts: require the token.
  const { host, socket, tokenFile, tokensFile } = config.server
  if (!socket && !tokenFile && !tokensFile && host !== '' && !isLoopbackHost(host)) bad('server.host', 'a loopback address (127.0.0.1, ::1, localhost) unless server.tokenFile or server.tokensFile is set', host)
  if (tokenFile && tokensFile) bad('server.tokensFile', 'either server.tokenFile (one token) or server.tokensFile (one per person), not both', tokensFile)
  return problems.length > 0 ? { problems } : { config, problems }
}
