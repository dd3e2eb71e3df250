/** Finds the JSON a tool returned inside its tool_response envelope, and puts a rewritten copy back in the same shape. */
import { isMap as isObject } from '../core/is-map.js'
import { jsonNestsDeeperThan } from '../guards/input.js'

/** One JSON value found in a response, and how to write a replacement back into (a copy of) that response. */
export interface JsonView { json: unknown, put (response: unknown, json: unknown): unknown }

type Obj = Record<string, unknown>

/**
 * JSON text of an object or array; anything else (plain text, numbers) is not something a path can address. Nor is JSON
 * nesting past MAX_DEPTH: writing it back would overflow the stack, so its facts and transforms are left out (fail open).
 */
function parseJson (text: string): unknown {
  const s = text.trim()
  if ((!s.startsWith('{') && !s.startsWith('[')) || jsonNestsDeeperThan(s)) return undefined
  try { return JSON.parse(s) } catch { return undefined }
}
// Keeps pretty-printed text pretty, so a rewrite changes the values and not the layout the model is used to.
const stringify = (json: unknown, like: string) => like.includes('\n') ? JSON.stringify(json, null, 2) : JSON.stringify(json)

/** Text content blocks (`[{type:"text",text}]`): how Claude Code hands MCP results to hooks (VERIFIED 2.1.197). */
function blockViews (blocks: unknown[], wrap: (resp: unknown, blocks: unknown[]) => unknown, get: (resp: unknown) => unknown): JsonView[] {
  const views: JsonView[] = []
  blocks.forEach((b, i) => {
    if (!isObject(b) || b.type !== 'text' || typeof b.text !== 'string') return
    const json = parseJson(b.text)
    if (json === undefined) return
    const text = b.text
    views.push({
      json,
      put (resp, next) {
        const copy = [...(get(resp) as unknown[])]
        copy[i] = { ...(copy[i] as Obj), text: stringify(next, text) }
        return wrap(resp, copy)
      }
    })
  })
  return views
}

export function jsonViews (response: unknown): JsonView[] {
  if (typeof response === 'string') {
    const json = parseJson(response)
    return json === undefined ? [] : [{ json, put: (_r, next) => stringify(next, response) }]
  }
  if (Array.isArray(response)) return blockViews(response, (_r, blocks) => blocks, r => r)
  if (!isObject(response)) return []
  // Bash: {stdout, stderr, interrupted, isImage, noOutputExpected}; only stdout is rewritten, the shape is kept.
  if (typeof response.stdout === 'string') {
    const stdout = response.stdout
    const json = parseJson(stdout)
    return json === undefined ? [] : [{ json, put: (r, next) => ({ ...(r as Obj), stdout: stringify(next, stdout) }) }]
  }
  // An MCP CallToolResult ({content: [...], structuredContent?}).
  if (Array.isArray(response.content)) {
    const views = blockViews(response.content, (r, blocks) => ({ ...(r as Obj), content: blocks }), r => (r as Obj).content)
    if (isObject(response.structuredContent)) {
      views.push({ json: response.structuredContent, put: (r, next) => ({ ...(r as Obj), structuredContent: next }) })
    }
    return views
  }
  return [{ json: response, put: (_r, next) => next }]
}
