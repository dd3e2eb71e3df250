/** Session facts: small per-session values recorded from PostToolUse responses and required by PreToolUse rules. */
import { LRUCache } from 'lru-cache'
import { getPath, type Path } from './json-path.js'
import { type Condition, holds } from './rules.js'

export interface FactSpec {
  name: string
  /** Conditions on the parsed tool response; all must hold for the fact to be recorded. */
  when: Condition[]
  /** Where the fact's value is in the response; without it the value is `true`. */
  value?: Path
}

export interface FactStoreOptions { maxSessions: number, maxFactsPerSession: number, now?: () => number }

export interface FactStore {
  /** The live value, or undefined (absent or expired). An empty session id never has facts. */
  get (session: string, name: string): unknown
  set (session: string, name: string, value: unknown, ttlMs: number): void
  sessions (): number
}

interface Entry { value: unknown, expires: number }

/** Bounded both ways: least recently used sessions go first, and within a session the oldest fact goes first. */
export function createFactStore (opts: FactStoreOptions): FactStore {
  const now = opts.now ?? Date.now
  const sessions = new LRUCache<string, Map<string, Entry>>({ max: opts.maxSessions })
  return {
    get (session, name) {
      if (session === '') return undefined
      const facts = sessions.get(session)
      const e = facts?.get(name)
      if (!facts || !e) return undefined
      if (e.expires > now()) return e.value
      facts.delete(name)
      return undefined
    },
    set (session, name, value, ttlMs) {
      if (session === '') return
      let facts = sessions.get(session)
      if (!facts) sessions.set(session, facts = new Map())
      facts.delete(name)
      facts.set(name, { value, expires: now() + ttlMs })
      for (const oldest of facts.keys()) {
        if (facts.size <= opts.maxFactsPerSession) break
        facts.delete(oldest)
      }
    },
    sessions: () => sessions.size
  }
}

/** The facts a tool response establishes: for each spec, the first parsed view where its conditions hold. */
export function factsFrom (specs: readonly FactSpec[], views: readonly unknown[]): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = []
  for (const spec of specs) {
    for (const view of views) {
      if (!spec.when.every(c => holds(c, view))) continue
      const value = spec.value ? getPath(view, spec.value) : true
      if (value === undefined || value === null) continue
      out.push([spec.name, value])
      break
    }
  }
  return out
}
