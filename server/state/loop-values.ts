/** What a loop state or a told read back from Redis may be: the shapes redis-loop.ts writes, bounded; nothing else. */
import type { HookLoopState, Told } from '../guards/loop.js'

// Texts blocked in one turn that are remembered: far more than any turn the governor lets run, and a bound on a value.
export const MAX_BLOCKED = 256

const asObject = (raw: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(raw)
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Record<string, unknown> : undefined
  } catch {
    return undefined
  }
}
const isCount = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max

/** A hook's state as stored (undefined: none), or null for anything APPLY_LUA does not write: a fresh session either way. */
export function parseLoop (raw: string | null): HookLoopState | undefined | null {
  if (raw === null) return undefined
  const v = asObject(raw)
  if (!v || Object.keys(v).some(k => k !== 't' && k !== 'b' && k !== 'r')) return null
  // cjson writes an empty list as {}.
  const b = v.b === undefined || (typeof v.b === 'object' && v.b !== null && Object.keys(v.b).length === 0) ? [] : v.b
  if (!Array.isArray(b) || b.length > MAX_BLOCKED || !b.every(h => typeof h === 'string' && h.length <= 64)) return null
  if ((v.t !== undefined && typeof v.t !== 'string') || (v.r !== undefined && !isCount(v.r, 1_000_000))) return null
  return { ...(typeof v.t === 'string' ? { turnId: v.t } : {}), blocked: b as string[], run: isCount(v.r, 1_000_000) ? v.r : 0 }
}

/** A told as stored (undefined: none), or null for anything tell() does not write. */
export function parseTold (raw: string | null): Told | undefined | null {
  if (raw === null) return undefined
  const v = asObject(raw)
  if (!v || !isCount(v.chars, Number.MAX_SAFE_INTEGER) || typeof v.sha !== 'string' || (v.turnId !== undefined && typeof v.turnId !== 'string')) return null
  return { chars: v.chars, sha: v.sha, ...(typeof v.turnId === 'string' ? { turnId: v.turnId } : {}) }
}
