/** Compiles pattern lists once, with RE2 (linear time), into one set per list: no pattern or message can stall a match. */
import { RE2JS, RE2Set } from 're2js'

export interface PatternSet {
  readonly sources: readonly string[]
  /** Indexes of the patterns that match somewhere in text. */
  match (text: string): number[]
  test (text: string): boolean
}

const EMPTY: PatternSet = { sources: [], match: () => [], test: () => false }

/** The engine's complaint about one pattern, or null when RE2 takes it. */
export function patternError (source: string): string | null {
  try {
    RE2JS.compile(source)
    return null
  } catch (err) {
    return (err as Error).message
  }
}

export function compilePatterns (sources: readonly string[]): PatternSet {
  if (sources.length === 0) return EMPTY
  const set = new RE2Set()
  for (const s of sources) set.add(s)
  set.compile()
  return {
    sources,
    match: (text) => set.match(text),
    test: (text) => set.match(text).length > 0
  }
}
