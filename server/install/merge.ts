/** Adds or removes hookjudge's handlers in an agent's hooks settings, leaving every other key and entry as it was; pure. */
import { type Entry, type Handler, STATUS_PREFIX } from './entries.js'
import { type Layout, MARK } from './targets.js'
import { isMap } from '../core/is-map.js'

type Doc = Record<string, unknown>
interface Group { hooks: Handler[], [k: string]: unknown }
const commands = (h: Handler) => [h.command, h.bash].filter((c): c is string => typeof c === 'string')
const AGENT_FLAG = / --agent=(claude-code|codex|gemini|copilot|cursor|droid)$/

/**
 * One of ours: our target (a /judge URL or the shim) plus our mark, so a user's own entry is never taken. The mark is
 * the status message or name ("hookjudge", or "hookjudge HOOK" from the per-hook releases), or, where the agent has no
 * such key (Cursor, Copilot, Droid), the shim run with --agent= as its last word.
 */
export function ownHook (h: Handler): boolean {
  const shim = commands(h).some(c => c.includes('hookjudge-hook'))
  const http = h.type === 'http' && typeof h.url === 'string' && /\/judge(?:\/[a-z0-9-]+)?(?:\?[^/]*)?$/.test(h.url)
  if (!shim && !http) return false
  const marked = [h.statusMessage, h.name].some(m => typeof m === 'string' && (m === MARK || m.startsWith(STATUS_PREFIX)))
  return marked || (shim && commands(h).some(c => AGENT_FLAG.test(c)))
}

/** Why the document cannot be merged safely, or undefined. */
export function shapeProblem (doc: unknown, layout: Layout = 'grouped'): string | undefined {
  if (!isMap(doc)) return 'the top level is not a JSON object'
  if (doc.hooks === undefined) return undefined
  if (!isMap(doc.hooks)) return '"hooks" is not an object'
  for (const [event, groups] of Object.entries(doc.hooks)) {
    // Gemini keeps switches such as hooks.enabled beside its events.
    if (!Array.isArray(groups)) return typeof groups === 'boolean' ? undefined : `"hooks.${event}" is not a list`
    for (const [i, g] of groups.entries()) {
      if (layout === 'flat') {
        if (!isMap(g)) return `"hooks.${event}[${i}]" is not an object`
        continue
      }
      if (!isMap(g) || !Array.isArray(g.hooks)) return `"hooks.${event}[${i}]" is not an object with a "hooks" list`
      if (!g.hooks.every(isMap)) return `"hooks.${event}[${i}].hooks" holds something other than objects`
    }
  }
  return undefined
}

/** Removes ours from one event's list and puts `wanted` where the first removed one was, else at the end. */
function mergeGrouped (groups: Group[], wanted: Handler[]): { left: Group[], removed: number } {
  let anchor: { group: Group, at: number } | undefined
  let removed = 0
  const emptied = new Set<Group>()
  for (const group of groups) {
    const kept = group.hooks.filter(h => !ownHook(h))
    if (kept.length === group.hooks.length) continue
    removed += group.hooks.length - kept.length
    const firstGone = group.hooks.findIndex(h => !kept.includes(h))
    anchor ??= { group, at: group.hooks.slice(0, firstGone).filter(h => kept.includes(h)).length }
    group.hooks = kept
    if (kept.length === 0) emptied.add(group)
  }
  if (anchor && wanted.length > 0) {
    anchor.group.hooks.splice(anchor.at, 0, ...wanted)
    emptied.delete(anchor.group)
  } else if (wanted.length > 0) groups.push({ hooks: wanted })
  return { left: groups.filter(g => !emptied.has(g)), removed }
}

function mergeFlat (handlers: Handler[], wanted: Handler[]): { left: Handler[], removed: number } {
  const at = handlers.findIndex(ownHook)
  const kept = handlers.filter(h => !ownHook(h))
  const removed = handlers.length - kept.length
  const before = at < 0 ? kept.length : handlers.slice(0, at).filter(h => !ownHook(h)).length
  kept.splice(before, 0, ...wanted)
  return { left: kept, removed }
}

/**
 * Our handlers in the events `replace` takes are removed and `entries` put in their place: a second run with the same
 * entries yields the same document. `header`: top-level keys a flat file needs (added if missing, dropped with the last
 * of ours when nothing else is left).
 */
export function mergeHooks (doc: Doc, entries: Entry[], replace: (event: string) => boolean, layout: Layout = 'grouped', header: Doc = {}): { doc: Doc, removed: number } {
  const out = structuredClone(doc)
  const hooks: Record<string, unknown[]> = isMap(out.hooks) ? out.hooks as Record<string, unknown[]> : {}
  const events = [...new Set([...Object.keys(hooks).filter(e => Array.isArray(hooks[e])), ...entries.map(e => e.native)])]
  let removed = 0
  for (const event of events) {
    if (!replace(event) && !entries.some(e => e.native === event)) continue
    const wanted = entries.filter(e => e.native === event).map(e => e.handler)
    const list = hooks[event] ?? []
    const r = layout === 'flat' ? mergeFlat(list as Handler[], wanted) : mergeGrouped(list as Group[], wanted)
    removed += r.removed
    if (r.left.length > 0) hooks[event] = r.left
    else if (r.removed > 0) delete hooks[event]
  }
  if (Object.keys(hooks).length > 0) out.hooks = hooks
  else if (removed > 0) delete out.hooks
  const missing = Object.fromEntries(Object.entries(header).filter(([k]) => !(k in out)))
  if (entries.length > 0) return { doc: { ...missing, ...out }, removed }
  const rest = Object.keys(out).filter(k => !(k in header && JSON.stringify(out[k]) === JSON.stringify(header[k])))
  return { doc: removed > 0 && rest.length === 0 ? {} : out, removed }
}
