/** Reads the judge's answer: one verdict object, schema-checked (hook fields, no forged keys, no echo of the judged text), then the block formula; pure. */
import type { HookPolicy } from '../config/config-schema.js'

export type Verdict =
  | { ok: true, block: boolean, fields: Record<string, boolean>, reason: string }
  | { ok: false, error: string }

/** Every balanced {...} span in text, in order, that parses as a JSON object (code fences and prose are skipped). */
export function jsonObjects (text: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = []
  for (let i = text.indexOf('{'); i !== -1; i = text.indexOf('{', i + 1)) {
    const end = matchingBrace(text, i)
    if (end === -1) continue
    try {
      const v: unknown = JSON.parse(text.slice(i, end + 1))
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        found.push(v as Record<string, unknown>)
        i = end
      }
    } catch {}
  }
  return found
}

function matchingBrace (text: string, start: number): number {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
  }
  return -1
}

export function blockFormula (fields: Record<string, boolean>, when: HookPolicy['blockWhen']): boolean {
  return when.all.every(f => fields[f] === true) && !when.none.some(f => fields[f] === true)
}

/** Keys a forged or steered answer uses to smuggle a decision past the hook's own fields. */
const DECISION_KEYS = new Set(['decision', 'verdict', 'block', 'allow', 'approve', 'deny', 'ok', 'continue', 'permissiondecision', 'hookspecificoutput'])
/** A run this long copied from the judged text into the answer means the judge repeated the data instead of judging it. */
export const ECHO_CHARS = 40

type Policy = Pick<HookPolicy, 'fields' | 'blockWhen'> & { failMode?: HookPolicy['failMode'] }

export function parseVerdict (answer: string, policy: Policy, judged?: string): Verdict {
  return verdictOf(jsonObjects(answer), policy, judged)
}

/**
 * The answer to a prompt that asked several hooks: one member per hook, each read as a one-hook answer. A hook whose
 * member is missing or malformed gets its own error; the other hooks' verdicts stand. One asked hook may answer flat.
 */
export function parseVerdicts (answer: string, policies: Array<Policy & { name: string }>, judged?: string): Map<string, Verdict> {
  const objects = jsonObjects(answer)
  const out = new Map<string, Verdict>()
  const names = policies.map(p => p.name)
  const outer = objects.filter(o => names.some(n => Object.hasOwn(o, n)))
  for (const p of policies) {
    if (outer.length > 1) { out.set(p.name, { ok: false, error: `${outer.length} answer objects naming the hooks (one expected)` }); continue }
    const member = outer[0]?.[p.name]
    if (member !== undefined) {
      out.set(p.name, typeof member === 'object' && member !== null && !Array.isArray(member)
        ? verdictOf([member as Record<string, unknown>], p, judged)
        : { ok: false, error: `member "${p.name}" is not an object` })
    } else if (policies.length === 1) out.set(p.name, verdictOf(objects, p, judged))
    else out.set(p.name, { ok: false, error: objects.length === 0 ? 'no JSON object in the answer' : `no member "${p.name}" in the answer` })
  }
  return out
}

function verdictOf (objects: Record<string, unknown>[], policy: Policy, judged?: string): Verdict {
  const isVerdictKey = (k: string) => k === 'reason' || policy.fields.includes(k) || DECISION_KEYS.has(k.toLowerCase())
  const verdicts = objects.filter(o => Object.keys(o).some(isVerdictKey))
  if (verdicts.length > 1) return { ok: false, error: `${verdicts.length} verdict objects in the answer (one expected)` }
  const obj = verdicts[0] ?? objects[0]
  if (!obj) return { ok: false, error: 'no JSON object in the answer' }
  const forged = Object.keys(obj).find(k => DECISION_KEYS.has(k.toLowerCase()) && !policy.fields.includes(k))
  if (forged !== undefined) return { ok: false, error: `verdict carries a "${forged.slice(0, 40)}" key, not the hook's fields` }
  const fields: Record<string, boolean> = {}
  for (const f of policy.fields) {
    const v = obj[f]
    // An approval gate must not allow on an answer that never said so: a missing field is its fail mode, not false.
    if ((v === undefined || v === null) && policy.failMode === 'safe') return { ok: false, error: `field ${f} is missing` }
    if (v === undefined || v === null) fields[f] = false
    else if (typeof v === 'boolean') fields[f] = v
    else return { ok: false, error: `field ${f} is not a boolean` }
  }
  if (obj.reason !== undefined && obj.reason !== null && typeof obj.reason !== 'string') return { ok: false, error: 'reason is not a string' }
  if (judged !== undefined && echoes(strings(obj), judged)) return { ok: false, error: `verdict copies ${ECHO_CHARS}+ characters of the judged text` }
  const reason = typeof obj.reason === 'string' ? obj.reason.slice(0, 500) : ''
  return { ok: true, block: blockFormula(fields, policy.blockWhen), fields, reason }
}

/** Every key and string value in a parsed object, nested ones included. */
function strings (v: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof v === 'string') out.push(v)
  else if (typeof v === 'object' && v !== null && depth < 8) {
    for (const [k, x] of Object.entries(v)) { out.push(k); strings(x, out, depth + 1) }
  }
  return out
}

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[\s\u200b-\u200f\u2060\ufeff]+/g, ' ')

/** Whether any of the strings shares a run of ECHO_CHARS characters with text (case and spacing ignored); linear in text. */
export function echoes (answer: string[], text: string): boolean {
  const gram = ECHO_CHARS / 2
  const d = norm(text)
  for (const raw of answer) {
    const r = norm(raw.slice(0, 4000))
    if (r.length < ECHO_CHARS) continue
    const at = new Map<string, number[]>()
    for (let i = 0; i + gram <= r.length; i++) {
      const g = r.slice(i, i + gram)
      const list = at.get(g)
      // A few offsets per gram are enough; more would only let a repetitive answer cost quadratic time.
      if (!list) at.set(g, [i])
      else if (list.length < 8) list.push(i)
    }
    // A shared run of 2 × gram characters always covers one gram of d starting at a multiple of gram.
    for (let p = 0; p + gram <= d.length; p += gram) {
      for (const i of at.get(d.slice(p, p + gram)) ?? []) {
        let back = 0
        while (back < i && back < p && r[i - back - 1] === d[p - back - 1]) back++
        let fwd = gram
        while (i + fwd < r.length && p + fwd < d.length && r[i + fwd] === d[p + fwd]) fwd++
        if (back + fwd >= ECHO_CHARS) return true
      }
    }
  }
  return false
}
