/** Dotted paths into parsed JSON (`amount`, `customer.id`, `orders.0.total`, `orders.*.created_at`); pure. */

export type Path = readonly string[]

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** A path's segments, or null when it has an empty segment; `*` is allowed only where `wildcard` is true. */
export function parsePath (source: unknown, wildcard = false): Path | null {
  if (typeof source !== 'string' || source.length === 0) return null
  const parts = source.split('.')
  if (parts.some(p => p.length === 0 || (!wildcard && p === '*'))) return null
  return parts
}

/** The value at path, or undefined; only own properties count (no `__proto__` or `constructor` lookups). */
export function getPath (root: unknown, path: Path): unknown {
  let v = root
  for (const seg of path) {
    if (!isObject(v) || !Object.hasOwn(v, seg)) return undefined
    v = (v as Record<string, unknown>)[seg]
  }
  return v
}

/**
 * Copies root with fn applied to every value at path (`*` = every element or key at that level).
 * fn returns undefined to leave a value alone; `changed` counts the values it replaced. root itself is never mutated.
 */
export function updatePath (root: unknown, path: Path, fn: (v: unknown) => unknown): { value: unknown, changed: number } {
  if (path.length === 0) {
    const next = fn(root)
    return next === undefined ? { value: root, changed: 0 } : { value: next, changed: 1 }
  }
  if (!isObject(root)) return { value: root, changed: 0 }
  const [head, ...rest] = path as [string, ...string[]]
  const keys = head === '*' ? Object.keys(root) : Object.hasOwn(root, head) ? [head] : []
  let changed = 0
  let copy: Record<string, unknown> | unknown[] | undefined
  for (const k of keys) {
    const r = updatePath((root as Record<string, unknown>)[k], rest, fn)
    if (r.changed === 0) continue
    copy ??= Array.isArray(root) ? [...root] : { ...root }
    ;(copy as Record<string, unknown>)[k] = r.value
    changed += r.changed
  }
  return { value: copy ?? root, changed }
}
