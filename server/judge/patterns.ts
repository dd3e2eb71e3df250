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
  // test runs one regex, the patterns' alternation: its DFA stops at the first match, where a set's must read the whole
  // text to say which patterns match (measured on real replies: 142 → 92 µs for the six Stop hooks' triggers).
  const any = RE2JS.compile(sources.map(s => `(?:${s})`).join('|'))
  let set: RE2Set | undefined
  return {
    sources,
    match: (text) => {
      if (!set) {
        set = new RE2Set()
        for (const s of sources) set.add(s)
        set.compile()
      }
      return set.match(text)
    },
    test: (text) => any.test(text)
  }
}
