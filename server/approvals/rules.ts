/** Deterministic gate rules over tool_input: conditions, fact requirements, first match wins; compiled at load, pure. */
import { RE2JS } from 're2js'
import { getPath, parsePath, type Path } from './json-path.js'
import { isMap } from '../core/is-map.js'

export const RULE_DECISIONS = ['deny', 'ask', 'allow'] as const
export type RuleDecision = typeof RULE_DECISIONS[number]
export type Bad = (path: string, expected: string, got: unknown) => void

type Op =
  | { op: 'eq', value: unknown }
  | { op: 'in', values: unknown[] }
  | { op: 'gt' | 'lt' | 'gte' | 'lte', value: number }
  | { op: 'matches', re: RE2JS }
  | { op: 'exists', value: boolean }
export interface Condition { path: Path, ops: Op[] }
export interface Rule {
  id: string
  when: Condition[]
  /** Names of the session facts the rule needs; the rule fires when one is absent. */
  require: string[]
  equalsFact?: { path: Path, fact: string }
  decision: RuleDecision
  reason: string
}
/** A session fact's value, or undefined when the session has no such (live) fact. */
export type FactLookup = (name: string) => unknown

const OPS = ['eq', 'in', 'gt', 'lt', 'gte', 'lte', 'matches', 'exists'] as const
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v)

/** Numbers, and strings that spell one: a model may send "800" for 800, and a limit must still hold. */
export function toNumber (v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined
  return typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : undefined
}
const same = (actual: unknown, expected: unknown) =>
  typeof expected === 'number' ? toNumber(actual) === expected : actual === expected

function compileOp (p: string, op: typeof OPS[number], v: unknown, bad: Bad): Op | undefined {
  if (op === 'eq') return isScalar(v) ? { op, value: v } : (bad(p, 'a string, number, boolean or null', v), undefined)
  if (op === 'in') return Array.isArray(v) && v.every(isScalar) ? { op, values: v } : (bad(p, 'a list of strings or numbers', v), undefined)
  if (op === 'exists') return typeof v === 'boolean' ? { op, value: v } : (bad(p, 'true or false', v), undefined)
  if (op === 'matches') {
    try {
      if (typeof v === 'string') return { op, re: RE2JS.compile(v) }
    } catch (err) {
      bad(p, `a valid RE2 pattern (${(err as Error).message})`, v)
      return undefined
    }
    bad(p, 'an RE2 pattern string', v)
    return undefined
  }
  return typeof v === 'number' && Number.isFinite(v) ? { op, value: v } : (bad(p, 'a number', v), undefined)
}

/** `when`: one condition map or a list of them, all of which must hold; each is `{path, <op>: value, …}`. */
export function compileConditions (p: string, raw: unknown, bad: Bad): Condition[] {
  if (raw === undefined) return []
  const list = Array.isArray(raw) ? raw : [raw]
  const out: Condition[] = []
  list.forEach((c, i) => {
    const cp = Array.isArray(raw) ? `${p}[${i}]` : p
    if (!isMap(c)) return bad(cp, 'a map {path, <operator>: value}', c)
    const path = parsePath(c.path)
    if (!path) bad(`${cp}.path`, 'a field path such as amount or customer.id', c.path)
    const ops: Op[] = []
    for (const [k, v] of Object.entries(c)) {
      if (k === 'path') continue
      if (!(OPS as readonly string[]).includes(k)) { bad(`${cp}.${k}`, `an operator (${OPS.join(', ')})`, k); continue }
      const op = compileOp(`${cp}.${k}`, k as typeof OPS[number], v, bad)
      if (op) ops.push(op)
    }
    if (Object.keys(c).filter(k => k !== 'path').length === 0) bad(cp, `at least one operator (${OPS.join(', ')})`, c)
    if (path) out.push({ path, ops })
  })
  return out
}

export function holds (c: Condition, root: unknown): boolean {
  const v = getPath(root, c.path)
  return c.ops.every(o => {
    switch (o.op) {
      case 'exists': return (v !== undefined && v !== null) === o.value
      case 'eq': return same(v, o.value)
      case 'in': return o.values.some(x => same(v, x))
      case 'matches': return typeof v === 'string' && o.re.matcher(v).find()
      default: {
        const n = toNumber(v)
        if (n === undefined) return false
        return o.op === 'gt' ? n > o.value : o.op === 'lt' ? n < o.value : o.op === 'gte' ? n >= o.value : n <= o.value
      }
    }
  })
}

/** The requirement is met when every required fact is live and, with equalsFact, the input field equals its value. */
function requirementMet (r: Rule, input: unknown, fact: FactLookup): boolean {
  if (r.require.some(name => fact(name) === undefined)) return false
  if (!r.equalsFact) return true
  const want = fact(r.equalsFact.fact)
  const got = getPath(input, r.equalsFact.path)
  return isScalar(want) && isScalar(got) && got !== null && String(got) === String(want)
}

/** A rule fires when all its `when` conditions hold and, if it has a requirement, the requirement is not met. */
export function firstRule (rules: readonly Rule[], input: unknown, fact: FactLookup): Rule | undefined {
  return rules.find(r => r.when.every(c => holds(c, input)) &&
    (r.require.length === 0 || !requirementMet(r, input, fact)))
}
