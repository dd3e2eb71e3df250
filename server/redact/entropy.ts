/** Shannon entropy and the value-shape tests that tell a real secret from a placeholder or a code reference; pure. */
import { RE2JS } from 're2js'

export function shannon (s: string): number {
  const counts = new Map<string, number>()
  let n = 0
  for (const ch of s) {
    counts.set(ch, (counts.get(ch) ?? 0) + 1)
    n++
  }
  let h = 0
  for (const c of counts.values()) h -= (c / n) * Math.log2(c / n)
  return h
}

/** Exact values (lower case) that stand for "no secret here" in code, docs and UI strings. */
const WORDS = new Set([
  'null', 'nil', 'none', 'undefined', 'true', 'false', 'empty', 'string', 'str', 'text', 'hidden', 'required',
  'optional', 'password', 'passwd', 'pass', 'secret', 'token', 'apikey', 'api_key', 'redacted', 'masked',
  'example', 'sample', 'placeholder', 'dummy', 'changeme', 'change_me', 'todo', 'tbd', 'value'
])

// RE2 here too: these run on values cut from untrusted text.
const TEMPLATE = RE2JS.compile(String.raw`\$\{.*\}|\$\(.*\)|\{\{.*\}\}|<.*>|%[A-Za-z_][\w.]*%|%[sdv]|\$[A-Za-z_]\w*|\$\d+|\[REDACTED:[^\]]*\]`)
const FILLER_WORDS = RE2JS.compile(String.raw`(?i)(?:^(?:your|my|insert|enter|replace)[_-]|[_-]here$|xxxx|\*\*\*\*|\.\.\.$|…$)`)
const IDENTIFIER = RE2JS.compile(String.raw`[A-Za-z_$][A-Za-z_$-]*|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|(?:~|\.{1,2})?/[\w./-]*`)
const DIGIT = RE2JS.compile('[0-9]')
const LETTER = RE2JS.compile('[A-Za-z]')
const MIXED_CASE = RE2JS.compile('[a-z].*[A-Z]|[A-Z].*[a-z]')

function oneCharRepeated (v: string): boolean {
  for (let i = 1; i < v.length; i++) if (v[i] !== v[0]) return false
  return true
}

/** Templating, env references, `<YOUR_KEY>`, `xxxx`, `****`, `sk-...`, `your_token_here`, `null`… */
export function isPlaceholder (v: string): boolean {
  return WORDS.has(v.toLowerCase()) || oneCharRepeated(v) || TEMPLATE.testExact(v) || FILLER_WORDS.test(v)
}

/** An unquoted value that reads as code: an identifier without digits, a dotted member path, or a file path. */
export function isReference (v: string): boolean {
  return IDENTIFIER.testExact(v)
}

/** What a random token looks like: letters and digits mixed, or long and varied. */
export function isTokenLike (v: string): boolean {
  if (DIGIT.test(v) && LETTER.test(v)) return true
  return v.length >= 20 && MIXED_CASE.test(v) && shannon(v) >= 3.5
}
