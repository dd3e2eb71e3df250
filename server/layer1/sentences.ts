/** The parts of a reply Layer 1 reads: prose sentences, with code blocks, quoted lines and inline code left out; linear, pure. */

export interface Sentence { text: string, start: number }

const FENCE = '```'
const ENDS = new Set(['.', '!', '?', '。', '！', '？'])

/** Text outside ``` fences, with `>` quote lines and `inline code` blanked to spaces (offsets stay as in the input). */
export function prose (text: string): string {
  const out: string[] = []
  let inFence = false
  for (const line of text.split('\n')) {
    const trimmed = line.trimStart()
    if (trimmed.startsWith(FENCE)) { inFence = !inFence; out.push(' '.repeat(line.length)); continue }
    if (inFence || trimmed.startsWith('>')) { out.push(' '.repeat(line.length)); continue }
    out.push(blankInlineCode(line))
  }
  return out.join('\n')
}

function blankInlineCode (line: string): string {
  if (!line.includes('`')) return line
  let out = ''
  let inCode = false
  for (const c of line) {
    if (c === '`') { inCode = !inCode; out += ' '; continue }
    out += inCode ? ' '.repeat(c.length) : c
  }
  return out
}

/** Sentences end at . ! ? (and their CJK forms) before a space or the end, and at every line break. */
export function sentences (text: string): Sentence[] {
  const out: Sentence[] = []
  let start = 0
  const push = (end: number) => {
    const s = text.slice(start, end)
    if (s.trim() !== '') out.push({ text: s, start })
    start = end
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '\n') push(i + 1)
    else if (ENDS.has(c) && (i + 1 >= text.length || text[i + 1] === ' ' || text[i + 1] === '\n' || c.charCodeAt(0) > 0x3000)) push(i + 1)
  }
  push(text.length)
  return out
}
