/** Compiles pattern lists once, with RE2 (linear time), into one set per list: no pattern or message can stall a match. */
import { RE2JS, RE2Set } from 're2js'

export interface PatternSet {
  readonly sources: readonly string[]
  /** Indexes of the patterns that match somewhere in text. */
  match (text: string): number[]
  test (text: string): boolean
}

const EMPTY: PatternSet = { sources: [], match: () => [], test: () => false }
const GROUP = 3

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
  // test runs the patterns' alternation, three at a time: a DFA stops at the first match, where a set's must read the whole
  // text to say which patterns match (measured on real replies: 142 → 92 µs for the six Stop hooks' triggers). One
  // alternation of every pattern can outgrow RE2's 8 MB DFA budget, and then each text falls back to the NFA
  // (bugfix-without-reproduction's nine triggers: 7 → 800 µs a reply; scope-change's four: 15 → 100 µs); three stay within it.
  const groups: RE2JS[] = []
  for (let i = 0; i < sources.length; i += GROUP) groups.push(RE2JS.compile(sources.slice(i, i + GROUP).map(s => `(?:${s})`).join('|')))
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
    test: (text) => groups.some(g => g.test(text))
  }
}
