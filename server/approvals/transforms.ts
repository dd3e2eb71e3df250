/** Output normalisation for PostToolUse: timestamps → ISO 8601 and code values → names at configured JSON paths; pure. */
import { jsonViews } from './envelope.js'
import { type Path, updatePath } from './json-path.js'

export const DATE_ORDERS = ['dmy', 'mdy'] as const
export type DateOrder = typeof DATE_ORDERS[number]

export type TransformSpec =
  | { path: Path, type: 'timestamp', dateOrder?: DateOrder }
  | { path: Path, type: 'map', map: Record<string, string> }

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/
const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/

const pad = (n: number, w = 2) => String(n).padStart(w, '0')
const instant = (ms: number) => {
  const d = new Date(ms)
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().replace('.000Z', 'Z')
}
/** A real calendar date as YYYY-MM-DD, or undefined (31/02 is not a date). */
function calendar (y: number, m: number, d: number): string | undefined {
  const t = new Date(Date.UTC(y, m - 1, d))
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : undefined
}

/**
 * ISO 8601 for a timestamp, or undefined when it cannot be read. Unix time: numbers (ms from 1e11 up, else seconds), and
 * strings of 10 digits (seconds) or 13 (ms); ISO 8601 with a zone → UTC; a date or zone-less time stays as it is;
 * DD/MM/YYYY or MM/DD/YYYY only with a dateOrder, since 03/04/2026 means two different days.
 */
export function toIso (v: unknown, dateOrder?: DateOrder): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? instant(Math.abs(v) >= 1e11 ? v : v * 1000) : undefined
  if (typeof v !== 'string') return undefined
  const s = v.trim()
  if (/^\d{10}(\.\d+)?$/.test(s)) return instant(Number(s) * 1000)
  if (/^\d{13}$/.test(s)) return instant(Number(s))
  const iso = ISO.exec(s)
  if (iso) {
    const day = calendar(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    if (!day) return undefined
    return iso[7] ? instant(Date.parse(s.replace(' ', 'T'))) : s
  }
  const sl = SLASHED.exec(s)
  if (!sl || !dateOrder) return undefined
  const [a, b, y] = [Number(sl[1]), Number(sl[2]), Number(sl[3])]
  return dateOrder === 'dmy' ? calendar(y, b, a) : calendar(y, a, b)
}

/** The new value, or undefined to leave it alone (cannot apply, or already normal). */
export function transformValue (spec: TransformSpec, v: unknown): unknown {
  if (spec.type === 'map') {
    if (typeof v !== 'string' && typeof v !== 'number') return undefined
    return Object.hasOwn(spec.map, String(v)) ? spec.map[String(v)] : undefined
  }
  const iso = toIso(v, spec.dateOrder)
  return iso === undefined || iso === v ? undefined : iso
}

/** The rewritten tool_response, same envelope and shape, or undefined when no transform changed anything. */
export function transformOutput (specs: readonly TransformSpec[], response: unknown): unknown {
  if (specs.length === 0) return undefined
  let out = response
  let changed = 0
  for (const view of jsonViews(response)) {
    let json = view.json
    let n = 0
    for (const spec of specs) {
      const r = updatePath(json, spec.path, v => transformValue(spec, v))
      json = r.value
      n += r.changed
    }
    if (n === 0) continue
    out = view.put(out, json)
    changed += n
  }
  return changed > 0 ? out : undefined
}
