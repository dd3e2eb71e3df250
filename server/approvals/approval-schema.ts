/** Validates the gate parts of the config (matcher, rules, facts, transforms; selfProtection, sessionFacts), naming every problem. */
import { RE2JS } from 're2js'
import type { EventName } from '../agents/event.js'
import { nearest } from '../core/nearest.js'
import type { FactSpec } from './session-facts.js'
import { parsePath } from './json-path.js'
import { type Bad, compileConditions, type Rule, RULE_DECISIONS, type RuleDecision } from './rules.js'
import { DATE_ORDERS, type DateOrder, type TransformSpec } from './transforms.js'
import { isMap } from '../core/is-map.js'

export interface GatePolicy {
  /** Tool-name RE2 pattern; the whole name must match, in any case. Absent: every tool. */
  matcher?: { source: string, test (toolName: string): boolean }
  rules: Rule[]
  facts: FactSpec[]
  transforms: TransformSpec[]
}
export interface GateSettings {
  selfProtection: { enabled: boolean, paths: string[] }
  sessionFacts: { maxSessions: number, maxFactsPerSession: number, ttlSeconds: number }
}

type Raw = Record<string, unknown>
const NAME_RE = /^[a-z][a-z0-9_]*$/
const RULE_KEYS = ['id', 'when', 'require', 'equalsFact', 'decision', 'reason']

function list (p: string, v: unknown, bad: Bad): unknown[] {
  if (v === undefined || v === null) return []
  if (Array.isArray(v)) return v
  bad(p, 'a list', v)
  return []
}
function unknownKeys (p: string, m: Raw, allowed: string[], bad: Bad) {
  for (const k of Object.keys(m)) {
    if (allowed.includes(k)) continue
    const guess = nearest(k, allowed)
    bad(`${p}.${k}`, `one of the keys ${allowed.join(', ')}${guess ? ` (did you mean \`${guess}\`?)` : ''}`, k)
  }
}
const factName = (p: string, v: unknown, bad: Bad) => typeof v === 'string' && NAME_RE.test(v) ? v : (bad(p, 'a snake_case fact name', v), '')

function compileRule (p: string, r: unknown, index: number, bad: Bad): Rule | undefined {
  if (!isMap(r)) { bad(p, 'a map {when?, require?, equalsFact?, decision, reason}', r); return undefined }
  unknownKeys(p, r, RULE_KEYS, bad)
  const decision = RULE_DECISIONS.includes(r.decision as RuleDecision) ? r.decision as RuleDecision : (bad(`${p}.decision`, RULE_DECISIONS.join(' | '), r.decision), 'deny')
  const needsReason = decision !== 'allow' || r.reason !== undefined
  const reason = typeof r.reason === 'string' && r.reason.trim() !== '' ? r.reason.trim() : (needsReason && bad(`${p}.reason`, 'a reason for the model that names the alternative', r.reason), '')
  if (r.id !== undefined && (typeof r.id !== 'string' || !/^[A-Za-z0-9][\w-]*$/.test(r.id))) bad(`${p}.id`, 'a short id of letters, digits, - and _', r.id)
  const require = (Array.isArray(r.require) ? r.require : r.require === undefined ? [] : [r.require]).map((f, i) => factName(`${p}.require${Array.isArray(r.require) ? `[${i}]` : ''}`, f, bad))
  let equalsFact: Rule['equalsFact']
  if (r.equalsFact !== undefined) {
    const e = isMap(r.equalsFact) ? r.equalsFact : {}
    const path = parsePath(e.path)
    if (!path) bad(`${p}.equalsFact.path`, 'a field path of tool_input such as customer_id', e.path)
    const fact = factName(`${p}.equalsFact.fact`, e.fact, bad)
    if (path && fact) equalsFact = { path, fact }
    if (fact && !require.includes(fact)) require.push(fact)
  }
  return { id: typeof r.id === 'string' ? r.id : String(index), when: compileConditions(`${p}.when`, r.when, bad), require, equalsFact, decision, reason }
}

function compileFact (p: string, f: unknown, bad: Bad): FactSpec | undefined {
  if (!isMap(f)) { bad(p, 'a map {name, when?, value?}', f); return undefined }
  unknownKeys(p, f, ['name', 'when', 'value'], bad)
  const value = f.value === undefined ? undefined : parsePath(f.value) ?? (bad(`${p}.value`, 'a field path of the tool response', f.value), undefined)
  return { name: factName(`${p}.name`, f.name, bad), when: compileConditions(`${p}.when`, f.when, bad), value }
}

function compileTransform (p: string, x: unknown, bad: Bad): TransformSpec | undefined {
  if (!isMap(x)) { bad(p, 'a map {path, type: timestamp | map, …}', x); return undefined }
  const path = parsePath(x.path, true)
  if (!path) bad(`${p}.path`, 'a field path of the tool output (* for every element)', x.path)
  if (x.type === 'timestamp') {
    unknownKeys(p, x, ['path', 'type', 'dateOrder'], bad)
    if (x.dateOrder !== undefined && !DATE_ORDERS.includes(x.dateOrder as DateOrder)) bad(`${p}.dateOrder`, DATE_ORDERS.join(' | '), x.dateOrder)
    return path ? { path, type: 'timestamp', dateOrder: x.dateOrder as DateOrder | undefined } : undefined
  }
  if (x.type === 'map') {
    unknownKeys(p, x, ['path', 'type', 'map'], bad)
    const ok = isMap(x.map) && Object.values(x.map).every(v => typeof v === 'string')
    if (!ok) bad(`${p}.map`, 'a map from code to name (strings)', x.map)
    return path && ok ? { path, type: 'map', map: x.map as Record<string, string> } : undefined
  }
  bad(`${p}.type`, 'timestamp | map', x.type)
  return undefined
}

export function validateGate (p: string, h: Raw, event: EventName, bad: Bad): GatePolicy {
  const tool = event === 'PreToolUse' || event === 'PostToolUse'
  const only = (key: string, ev: EventName | 'a tool event') => { if (h[key] !== undefined) bad(`${p}.${key}`, `nothing: ${key} needs event ${ev === 'a tool event' ? 'PreToolUse or PostToolUse' : ev}`, h[key]) }
  let matcher: GatePolicy['matcher']
  if (!tool) only('matcher', 'a tool event')
  else if (h.matcher !== undefined) {
    try {
      if (typeof h.matcher !== 'string' || h.matcher === '') throw new Error('not a string')
      // Agents spell one tool differently (Bash, bash, Shell, shell): a gate written for one must not miss another's.
      const re = RE2JS.compile(h.matcher, RE2JS.CASE_INSENSITIVE)
      matcher = { source: h.matcher, test: name => re.matches(name) }
    } catch (err) {
      bad(`${p}.matcher`, `a tool-name RE2 pattern (${(err as Error).message})`, h.matcher)
    }
  }
  if (event !== 'PreToolUse') only('rules', 'PreToolUse')
  if (event !== 'PostToolUse') { only('facts', 'PostToolUse'); only('transforms', 'PostToolUse') }
  const compact = <T>(xs: Array<T | undefined>) => xs.filter((x): x is T => x !== undefined)
  return {
    matcher,
    rules: event === 'PreToolUse' ? compact(list(`${p}.rules`, h.rules, bad).map((r, i) => compileRule(`${p}.rules[${i}]`, r, i, bad))) : [],
    facts: event === 'PostToolUse' ? compact(list(`${p}.facts`, h.facts, bad).map((f, i) => compileFact(`${p}.facts[${i}]`, f, bad))) : [],
    transforms: event === 'PostToolUse' ? compact(list(`${p}.transforms`, h.transforms, bad).map((x, i) => compileTransform(`${p}.transforms[${i}]`, x, bad))) : []
  }
}

/** A rule that requires a fact no hook records would deny every call: name it at load. */
export function checkFactNames (hooks: Record<string, { gate: GatePolicy }>, bad: Bad): void {
  const recorded = new Set(Object.values(hooks).flatMap(h => h.gate.facts.map(f => f.name)).filter(n => n !== ''))
  for (const [name, h] of Object.entries(hooks)) {
    h.gate.rules.forEach((r, i) => r.require.forEach(f => {
      if (f !== '' && !recorded.has(f)) bad(`hooks.${name}.rules[${i}]`, `a fact some PostToolUse hook records (${[...recorded].join(', ') || 'none'})`, f)
    }))
  }
}

export function validateGateSettings (sp: Raw, sf: Raw, bad: Bad, int: (p: string, v: unknown, min: number, max: number) => number): GateSettings {
  const enabled = sp.enabled === undefined ? true : typeof sp.enabled === 'boolean' ? sp.enabled : (bad('selfProtection.enabled', 'true or false', sp.enabled), true)
  const paths = list('selfProtection.paths', sp.paths, bad)
  paths.forEach((x, i) => { if (typeof x !== 'string' || !x.startsWith('/')) bad(`selfProtection.paths[${i}]`, 'an absolute path', x) })
  return {
    selfProtection: { enabled, paths: paths.filter((x): x is string => typeof x === 'string' && x.startsWith('/')) },
    sessionFacts: {
      maxSessions: int('sessionFacts.maxSessions', sf.maxSessions ?? 10000, 1, 10000000),
      maxFactsPerSession: int('sessionFacts.maxFactsPerSession', sf.maxFactsPerSession ?? 64, 1, 10000),
      ttlSeconds: int('sessionFacts.ttlSeconds', sf.ttlSeconds ?? 3600, 1, 30 * 86400)
    }
  }
}
