/** Adds or removes hookjudge's handlers in an agent's hooks settings, leaving every other key and entry as it was; pure. */
import { type Entry, type Handler, STATUS_PREFIX } from './entries.js'

type Doc = Record<string, unknown>
interface Group { hooks: Handler[], [k: string]: unknown }
const isMap = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v)

/** One of ours: our status message plus our target (a /judge/ URL or the shim), so a user's own entry is never taken. */
export function ownHook (h: Handler): string | undefined {
  if (typeof h.statusMessage !== 'string' || !h.statusMessage.startsWith(STATUS_PREFIX)) return undefined
  const ours = (h.type === 'http' && typeof h.url === 'string' && h.url.includes('/judge/')) ||
    (h.type === 'command' && typeof h.command === 'string' && h.command.includes('hookjudge-hook'))
  return ours ? h.statusMessage.slice(STATUS_PREFIX.length) : undefined
}

/** Why the document cannot be merged safely, or undefined. */
export function shapeProblem (doc: unknown): string | undefined {
  if (!isMap(doc)) return 'the top level is not a JSON object'
  if (doc.hooks === undefined) return undefined
  if (!isMap(doc.hooks)) return '"hooks" is not an object'
  for (const [event, groups] of Object.entries(doc.hooks)) {
    if (!Array.isArray(groups)) return `"hooks.${event}" is not a list`
    for (const [i, g] of groups.entries()) {
      if (!isMap(g) || !Array.isArray(g.hooks)) return `"hooks.${event}[${i}]" is not an object with a "hooks" list`
      if (!g.hooks.every(isMap)) return `"hooks.${event}[${i}].hooks" holds something other than objects`
    }
  }
  return undefined
}

/**
 * Removes our handlers (all, or those of the named hooks) and puts `entries` where the first removed one of each event
 * was, else in a new group at the end: a second run with the same entries yields the same document.
 */
export function mergeHooks (doc: Doc, entries: Entry[], replace: (hook: string) => boolean): { doc: Doc, removed: number } {
  const out = structuredClone(doc)
  const hooks: Record<string, Group[]> = isMap(out.hooks) ? out.hooks as Record<string, Group[]> : {}
  const events = [...new Set([...Object.keys(hooks), ...entries.map(e => e.event)])]
  let removed = 0
  for (const event of events) {
    const wanted = entries.filter(e => e.event === event).map(e => e.handler)
    const groups = hooks[event] ?? []
    let anchor: { group: Group, at: number } | undefined
    let removedHere = 0
    const emptied = new Set<Group>()
    for (const group of groups) {
      const kept = group.hooks.filter(h => {
        const name = ownHook(h)
        return name === undefined || !replace(name)
      })
      if (kept.length === group.hooks.length) continue
      removedHere += group.hooks.length - kept.length
      const firstGone = group.hooks.findIndex(h => !kept.includes(h))
      anchor ??= { group, at: group.hooks.slice(0, firstGone).filter(h => kept.includes(h)).length }
      group.hooks = kept
      if (kept.length === 0) emptied.add(group)
    }
    if (anchor && wanted.length > 0) {
      anchor.group.hooks.splice(anchor.at, 0, ...wanted)
      emptied.delete(anchor.group)
    } else if (wanted.length > 0) groups.push({ hooks: wanted })
    removed += removedHere
    const left = groups.filter(g => !emptied.has(g))
    if (left.length > 0) hooks[event] = left
    else if (removedHere > 0) delete hooks[event]
  }
  if (Object.keys(hooks).length > 0) out.hooks = hooks
  else if (removed > 0) delete out.hooks
  return { doc: out, removed }
}
