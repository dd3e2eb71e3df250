/** Reads the judge's answer: the first JSON object in it, normalised to the hook's fields, then the block formula; pure. */
import type { HookPolicy } from '../config-schema.js'

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

export function parseVerdict (answer: string, policy: Pick<HookPolicy, 'fields' | 'blockWhen'>): Verdict {
  const obj = jsonObjects(answer)[0]
  if (!obj) return { ok: false, error: 'no JSON object in the answer' }
  const fields: Record<string, boolean> = {}
  for (const f of policy.fields) {
    const v = obj[f]
    if (v === undefined || v === null) fields[f] = false
    else if (typeof v === 'boolean') fields[f] = v
    else return { ok: false, error: `field ${f} is not a boolean` }
  }
  const reason = typeof obj.reason === 'string' ? obj.reason.slice(0, 500) : ''
  return { ok: true, block: blockFormula(fields, policy.blockWhen), fields, reason }
}
