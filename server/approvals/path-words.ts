/** Path words as the shell would widen them: brace lists expanded (bounded) and globs matched with RE2; pure. */
import { RE2JS } from 're2js'

const MAX_BRACE_WORDS = 32
const MAX_GLOB = 1024

/** The first `{…,…}` group of a word (innermost, as the shell expands it), found in one pass. */
function braceGroup (w: string): { before: string, alts: string[], after: string } | undefined {
  let open = -1
  let comma = false
  for (let i = 0; i < w.length; i++) {
    const c = w[i]
    if (c === '{') { open = i; comma = false } else if (c === ',' && open >= 0) comma = true
    else if (c === '}' && open >= 0) {
      if (comma) return { before: w.slice(0, open), alts: w.slice(open + 1, i).split(','), after: w.slice(i + 1) }
      open = -1
    }
  }
  return undefined
}

/** Every `{…,…}` group, nested ones too, replaced by `*` in one pass (each character is pushed and dropped at most once). */
function collapseBraces (w: string): string {
  const out: string[] = []
  const opens: Array<{ at: number, comma: boolean }> = []
  for (const c of w) {
    const open = opens.at(-1)
    if (c === '{') opens.push({ at: out.length, comma: false })
    else if (c === ',' && open) open.comma = true
    else if (c === '}' && open) {
      opens.pop()
      if (open.comma) { out.length = open.at; out.push('*'); continue }
    }
    out.push(c)
  }
  return out.join('')
}

/** `a{b,c}d` → `abd`, `acd`; a list that would make more than 32 words becomes `*`, so a long list cannot hide a protected name. */
export function braces (s: string): string[] {
  let opens = 0
  for (const c of s) if (c === '{' && ++opens > 5) return [collapseBraces(s)]
  let words = [s]
  // Every group has at least two alternatives, so more than five groups pass the word limit.
  for (let round = 0; round < 6; round++) {
    const next: string[] = []
    let grew = false
    for (const w of words) {
      const g = braceGroup(w)
      if (!g) { next.push(w); continue }
      grew = true
      if (next.length + g.alts.length > MAX_BRACE_WORDS) return [collapseBraces(s)]
      for (const alt of g.alts) next.push(g.before + alt + g.after)
    }
    if (!grew) return words
    words = next
  }
  return [collapseBraces(s)]
}

export type GlobOf = (pattern: string) => ((p: string) => boolean) | undefined

/**
 * Glob tokens are matched with RE2 (a token comes from the model, so no backtracking engine sees it). One matcher
 * serves one request: each pattern is compiled once, only when a path starts with its literal prefix, and at most
 * `budget` pattern characters are compiled in all; past that a glob counts as touching everything.
 */
export function globMatcher (budget = 8192): GlobOf {
  const cache = new Map<string, ((p: string) => boolean) | undefined>()
  let left = budget
  const compile = (glob: string): (p: string) => boolean => {
    left -= glob.length
    if (left < 0 || glob.length > MAX_GLOB) return () => true
    const re = glob.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')
    try {
      const r = RE2JS.compile(re)
      return p => r.matches(p)
    } catch { return () => false }
  }
  return pattern => {
    if (cache.has(pattern)) return cache.get(pattern)
    const at = pattern.search(/[*?[]/)
    let test: ((p: string) => boolean) | undefined
    if (at >= 0) {
      const glob = pattern.replace(/\*+/g, '*')
      const literal = pattern.slice(0, at)
      let compiled: ((p: string) => boolean) | undefined
      test = p => p.startsWith(literal) && (compiled ??= compile(glob))(p)
    }
    cache.set(pattern, test)
    return test
  }
}
