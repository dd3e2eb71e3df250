/** Translates a gitleaks-format TOML config ([[rules]], allowlists) into redaction rules; one ConfigError names every bad part. */
import { RE2JS } from 're2js'
import { parse } from 'smol-toml'
import { ConfigError, type ConfigProblem, describe } from '../core/errors.js'
import { patternError } from '../judge/patterns.js'
import type { AllowSpec, AllowTarget, RuleSpec } from './redact-rule.js'
import { isMap as isTable } from '../core/is-map.js'

const BASE = 'redaction.gitleaksConfig'
type Table = Record<string, unknown>
const TARGETS: readonly string[] = ['secret', 'match', 'line']

/** A global allowlist, limited to some rule ids when it says `targetRules`. */
interface Global { allow: AllowSpec, only?: readonly string[] }

class Checker {
  readonly problems: ConfigProblem[] = []
  bad (path: string, expected: string, got: unknown): void {
    this.problems.push({ path, expected, got: describe(got) })
  }

  /** RE2's own complaint, e.g. "invalid or unsupported Perl syntax: `(?=`". */
  badRegex (path: string, complaint: string): void {
    this.problems.push({ path, expected: 'a regex RE2 accepts', got: complaint })
  }

  strings (v: unknown, path: string): string[] {
    if (v === undefined) return []
    if (Array.isArray(v) && v.every(s => typeof s === 'string')) return v
    this.bad(path, 'a list of strings', v)
    return []
  }

  regexes (v: unknown, path: string): string[] {
    const list = this.strings(v, path)
    list.forEach((src, k) => {
      const err = patternError(src)
      if (err !== null) this.badRegex(`${path}[${k}]`, err)
    })
    return list
  }

  /** gitleaks' `[[rules.allowlists]]`, `[rules.allowlist]` and the global forms share this shape. */
  allowlist (a: unknown, path: string): AllowSpec {
    if (!isTable(a)) {
      this.bad(path, 'a table', a)
      return { regexes: [], target: 'secret', stopwords: [], and: false, unmatchable: false }
    }
    const target = a.regexTarget ?? 'secret'
    if (typeof target !== 'string' || !TARGETS.includes(target)) this.bad(`${path}.regexTarget`, '"secret", "match" or "line"', target)
    const condition = typeof a.condition === 'string' ? a.condition.toUpperCase() : a.condition ?? 'OR'
    if (condition !== 'OR' && condition !== 'AND') this.bad(`${path}.condition`, '"OR" or "AND"', a.condition)
    return {
      regexes: this.regexes(a.regexes, `${path}.regexes`),
      target: (TARGETS.includes(target as string) ? target : 'secret') as AllowTarget,
      stopwords: this.strings(a.stopwords, `${path}.stopwords`).map(w => w.toLowerCase()),
      and: condition === 'AND',
      unmatchable: a.paths !== undefined || a.commits !== undefined
    }
  }

  allowlists (plural: unknown, single: unknown, path: string): Array<AllowSpec & { only?: string[] }> {
    const out: Array<AllowSpec & { only?: string[] }> = []
    if (single !== undefined) out.push(this.allowlist(single, `${path}allowlist`))
    if (plural !== undefined && !Array.isArray(plural)) this.bad(`${path}allowlists`, 'a list of tables', plural)
    if (Array.isArray(plural)) {
      plural.forEach((a, j) => {
        const at = `${path}allowlists[${j}]`
        const only = isTable(a) && a.targetRules !== undefined ? this.strings(a.targetRules, `${at}.targetRules`) : undefined
        out.push({ ...this.allowlist(a, at), ...(only ? { only } : {}) })
      })
    }
    return out
  }

  rule (raw: unknown, i: number): RuleSpec | undefined {
    const id = isTable(raw) && typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined
    const at = `${BASE} rules[${i}]${id === undefined ? '' : ` (id ${JSON.stringify(id)})`}`
    if (!isTable(raw)) {
      this.bad(at, 'a table', raw)
      return undefined
    }
    if (id === undefined) this.bad(`${at} id`, 'a non-empty string', raw.id)
    // Path-only rules flag file names; a message has none.
    if (raw.regex === undefined && raw.path !== undefined) return undefined
    if (typeof raw.regex !== 'string') {
      this.bad(`${at} regex`, 'a regex string', raw.regex)
      return undefined
    }
    const err = patternError(raw.regex)
    if (err !== null) this.badRegex(at, err)
    const group = raw.secretGroup ?? 0
    const groups = err === null ? RE2JS.compile(raw.regex).groupCount() : Infinity
    if (typeof group !== 'number' || !Number.isInteger(group) || group < 0 || group > groups) {
      this.bad(`${at} secretGroup`, `an integer from 0 to ${groups}`, raw.secretGroup)
    }
    const entropy = raw.entropy ?? 0
    if (typeof entropy !== 'number' || entropy < 0) this.bad(`${at} entropy`, 'a number ≥ 0', raw.entropy)
    const keywords = this.strings(raw.keywords, `${at} keywords`).map(k => k.toLowerCase())
    const allowlists = this.allowlists(raw.allowlists, raw.allowlist, `${at} `)
    if (id === undefined || err !== null) return undefined
    return { kind: id, regex: raw.regex, keywords, secretGroup: group as number, entropy: entropy as number, allowlists }
  }
}

/** The user's rules, in file order; path scopes, `required` composites and `[extend]` are not applicable and ignored. */
export function gitleaksRules (toml: string, source = BASE): RuleSpec[] {
  let doc: Table
  try {
    doc = parse(toml)
  } catch (err) {
    const got = (err as Error).message.split('\n')[0] ?? 'a parse error'
    throw new ConfigError([{ path: BASE, expected: 'valid TOML', got }], source)
  }
  const c = new Checker()
  const globals: Global[] = c.allowlists(doc.allowlists, doc.allowlist, `${BASE} `).map(({ only, ...allow }) => ({ allow, only }))
  if (doc.rules !== undefined && !Array.isArray(doc.rules)) c.bad(`${BASE} rules`, 'a list of [[rules]] tables', doc.rules)
  const specs = (Array.isArray(doc.rules) ? doc.rules : []).map((raw, i) => c.rule(raw, i))
  if (c.problems.length > 0) throw new ConfigError(c.problems, source)
  return specs.filter((s): s is RuleSpec => s !== undefined).map(s => ({
    ...s,
    allowlists: [...(s.allowlists ?? []), ...globals.filter(g => !g.only || g.only.includes(s.kind)).map(g => g.allow)]
  }))
}
