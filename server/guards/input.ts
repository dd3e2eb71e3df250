/** Shape limits on a hook input and on the JSON text inside it, checked before anything walks them; pure and iterative. */
import { isMap as isObject } from '../core/is-map.js'

export { isObject }

/** Real hook inputs nest a handful of levels (tool_input of an MCP tool: maybe twenty); past this it is an attack or a bug. */
export const MAX_DEPTH = 64

/** Whether value nests objects/arrays deeper than max; stops at the first level past it. */
export function nestedDeeperThan (value: unknown, max: number = MAX_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (depth >= max) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}

/**
 * Whether JSON text nests arrays/objects deeper than max, read in one pass without parsing: a tool argument that
 * arrives as JSON text (Copilot's toolArgs, Cursor's MCP tool_input) is checked before JSON.parse builds it.
 */
export function jsonNestsDeeperThan (text: string, max: number = MAX_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++ // a backslash: the next character is escaped
      else if (c === 34) inString = false
    } else if (c === 34) {
      inString = true
    } else if (c === 91 || c === 123) { // [ or {
      if (++depth > max) return true
    } else if (c === 93 || c === 125) {
      depth--
    }
  }
  return false
}

export type HookInput = { ok: true, body: Record<string, unknown> } | { ok: false, reason: 'bad_json' | 'too_deep', error: string }

/** The checks every hook input passes before an adapter sees it (the routes and the judge verb share them). */
export function parseHookInput (raw: string): HookInput {
  let body: unknown
  try { body = JSON.parse(raw) } catch { body = undefined }
  if (!isObject(body)) return { ok: false, reason: 'bad_json', error: 'body must be the hook input JSON object' }
  if (nestedDeeperThan(body)) return { ok: false, reason: 'too_deep', error: `hook input nests deeper than ${MAX_DEPTH} levels` }
  return { ok: true, body }
}
