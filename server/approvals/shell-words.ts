/** A linear shell scanner: a command line cut into simple commands, each its unquoted words and its output redirection targets. */

export interface ShellCommandWords { words: string[], writes: string[] }

type Context = 'dq' | 'sub' | 'bq'
const STOP = new Uint8Array(128)
for (const c of ' \t\r\n\'"\\$`();&|<>#') STOP[c.charCodeAt(0)] = 1
const plain = (s: string, i: number) => { const c = s.charCodeAt(i); return c >= 128 || STOP[c] === 0 }
const isDigits = (s: string) => { for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c < 48 || c > 57) return false } return s.length > 0 }

/**
 * One pass, no regex, no recursion (a `$(`, backtick or quote nests on an explicit stack), so the work is linear in
 * the command's length. Command substitutions count as commands of their own; an unquoted here-document's body is
 * scanned as commands (it can hold `$(…)`), a quoted one is skipped. Unterminated quotes run to the end, as the
 * shell would refuse the line anyway.
 */
export function shellWords (s: string, depth = 0): ShellCommandWords[] {
  const out: ShellCommandWords[] = []
  const ctx: Context[] = []
  const heredocs: Array<{ delim: string, strip: boolean, quoted: boolean }> = []
  let cur: ShellCommandWords = { words: [], writes: [] }
  let word: string | undefined
  let digits = true
  let quoted = false
  let pending: 'out' | 'in' | 'heredoc' | 'heredoc-strip' | undefined
  const add = (t: string, q: boolean) => {
    if (word === undefined) { word = ''; digits = true; quoted = false }
    word += t
    if (digits && (q || !isDigits(t))) digits = false
    if (q) quoted = true
  }
  const endWord = () => {
    if (word === undefined) return
    if (pending === 'out') cur.writes.push(word)
    else if (pending === 'heredoc' || pending === 'heredoc-strip') heredocs.push({ delim: word, strip: pending === 'heredoc-strip', quoted })
    else if (pending !== 'in') cur.words.push(word)
    pending = undefined
    word = undefined
  }
  const breakCommand = () => {
    endWord()
    pending = undefined
    if (cur.words.length > 0 || cur.writes.length > 0) out.push(cur)
    cur = { words: [], writes: [] }
  }
  const n = s.length
  let i = 0
  while (i < n) {
    const c = s[i]!
    const top = ctx.at(-1)
    if (top === 'dq') {
      if (c === '"') { ctx.pop(); i++ } else if (c === '\\' && i + 1 < n) { add(s[i + 1]!, true); i += 2 } else if (c === '$' && s[i + 1] === '(') { breakCommand(); ctx.push('sub'); i += 2 } else if (c === '`') { breakCommand(); ctx.push('bq'); i++ } else {
        let j = i + 1
        while (j < n && s[j] !== '"' && s[j] !== '\\' && s[j] !== '$' && s[j] !== '`') j++
        if (s[j] === '$' && s[j + 1] !== '(') j++
        add(s.slice(i, j), true); i = j
      }
      continue
    }
    if (plain(s, i)) {
      let j = i + 1
      while (j < n && plain(s, j)) j++
      add(s.slice(i, j), false); i = j
      continue
    }
    if (c === ' ' || c === '\t' || c === '\r') { endWord(); i++; continue }
    if (c === "'" || (c === '$' && s[i + 1] === "'")) {
      const from = c === '$' ? i + 2 : i + 1
      let j = from
      while (j < n && s[j] !== "'") j += c === '$' && s[j] === '\\' ? 2 : 1
      add(s.slice(from, Math.min(j, n)), true); i = j + 1
      continue
    }
    if (c === '"') { add('', true); ctx.push('dq'); i++; continue }
    if (c === '\\') { if (s[i + 1] !== '\n') add(s[i + 1] ?? '', true); i += 2; continue }
    if (c === '#') { if (word === undefined) while (i < n && s[i] !== '\n') i++; else { add('#', false); i++ } continue }
    if (c === '$') { if (s[i + 1] === '(') { breakCommand(); ctx.push('sub'); i += 2 } else { add('$', false); i++ } continue }
    if (c === '`') { breakCommand(); if (top === 'bq') ctx.pop(); else ctx.push('bq'); i++; continue }
    if (c === ')') { breakCommand(); if (top === 'sub') ctx.pop(); i++; continue }
    if (c === '\n') {
      breakCommand(); i++
      // Here-document bodies start on the next line and end at a line equal to their delimiter.
      for (const h of heredocs.splice(0)) {
        let end = i
        while (end < n) {
          const eol = s.indexOf('\n', end)
          const line = s.slice(end, eol < 0 ? n : eol)
          if ((h.strip ? line.replace(/^\t+/, '') : line) === h.delim) break
          end = eol < 0 ? n : eol + 1
        }
        const body = s.slice(i, end)
        // Quotes are blanked so a stray apostrophe in prose cannot swallow the lines after the body; depth bounds the work.
        if (!h.quoted && depth < 2) out.push(...shellWords(body.replaceAll("'", ' ').replaceAll('"', ' '), depth + 1))
        i = Math.min(n, s.indexOf('\n', end) < 0 ? n : s.indexOf('\n', end) + 1)
      }
      continue
    }
    if (c === '(' || c === ';' || c === '|') { breakCommand(); i += s[i + 1] === c || (c === '|' && s[i + 1] === '&') ? 2 : 1; continue }
    if (c === '&' && s[i + 1] !== '>') { breakCommand(); i += s[i + 1] === '&' ? 2 : 1; continue }
    // Redirections: `>`, `>>`, `>|`, `&>`, `&>>`, `N>`, `<>` write a file; `>&N` only duplicates a descriptor.
    if (word !== undefined && digits) word = undefined
    else endWord()
    if (c === '&') i++
    i++
    if (c === '<') {
      if (s[i] === '<' && s[i + 1] === '<') { i += 2; pending = 'in' } else if (s[i] === '<') { i++; pending = s[i] === '-' ? 'heredoc-strip' : 'heredoc'; if (s[i] === '-') i++ } else if (s[i] === '>') { i++; pending = 'out' } else pending = 'in'
      if (s[i] === '&') i++
      continue
    }
    if (s[i] === '>' || s[i] === '|') i++
    pending = 'out'
    if (s[i] === '&') {
      i++
      let j = i
      while (j < n && s[j]! >= '0' && s[j]! <= '9') j++
      if (s[j] === '-') j++
      if (j > i && (j === n || !plain(s, j))) { pending = undefined; i = j }
    }
  }
  breakCommand()
  return out
}
