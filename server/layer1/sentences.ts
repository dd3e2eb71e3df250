/** The parts of a reply Layer 1 reads: prose sentences, with code blocks, quoted lines and inline code left out; linear, pure. */

/** Where an inline code span was (one UTF-16 unit, offsets stay): "Stage and commit: ⟨code⟩ then ⟨code⟩" reads as
 * instructions with commands, not the bare "Stage and commit: then", and no trigger matches it. */
export const CODE_MARK = '\ue000'

/** An inline span that is itself the action (`git commit`, `npm publish`) or a deferral marker (`// TODO: RTL`): kept as words of the sentence, not blanked. */
const ACTION_CODE = /^(git (add|commit|push|tag|merge)|gh (pr|release) create|npm publish|make deploy|kubectl apply|terraform apply)\b|\b(TODO|FIXME)\b/

/** A markdown table row (`| a | b |`, the `|---|` line too). */
const isTableRow = (trimmed: string) => trimmed.length > 1 && trimmed.startsWith('|') && trimmed.trimEnd().endsWith('|')

// A request's reply is read by the language check and by each hook's windows: its prose is made once per form, not per reader.
const made: Array<{ text: string, prose: string } | undefined> = [undefined, undefined]

/** Text outside ``` fences, `>` quote lines (and, unless `tables`, table rows) blanked, `inline code` to CODE_MARK (offsets stay). */
export function prose (text: string, tables = true): string {
  const form = tables ? 1 : 0
  if (made[form]?.text !== text) made[form] = { text, prose: makeProse(text, tables) }
  return made[form].prose
}

function makeProse (text: string, tables: boolean): string {
  const out: string[] = []
  let inFence = false
  for (const line of text.split('\n')) {
    const trimmed = line.trimStart()
    if (trimmed.startsWith('```')) { inFence = !inFence; out.push(' '.repeat(line.length)); continue }
    if (inFence || trimmed.startsWith('>') || (!tables && isTableRow(trimmed))) { out.push(' '.repeat(line.length)); continue }
    out.push(blankInlineCode(line))
  }
  return out.join('\n')
}

function blankInlineCode (line: string): string {
  if (!line.includes('`')) return line
  let out = ''
  let from = 0
  let inCode = false
  for (let i = line.indexOf('`'); i >= 0; i = line.indexOf('`', i + 1)) {
    // A code span becomes CODE_MARK and spaces, one per UTF-16 unit, so offsets stay; the opening backtick a space.
    const span = line.slice(from, i)
    out += !inCode ? span + ' ' : ACTION_CODE.test(span) ? span + ' ' : CODE_MARK + ' '.repeat(i - from)
    inCode = !inCode
    from = i + 1
  }
  return out + (inCode ? ' '.repeat(line.length - from) : line.slice(from))
}

const isEnd = (c: number) => c === 46 || c === 33 || c === 63 || c === 0x3002 || c === 0xff01 || c === 0xff1f

/**
 * Sentences end at . ! ? (and their CJK forms) before a space or the end, and at every line break. The period of a list
 * number ("1. Run the tests") ends nothing: split there, the item's number stood alone and its neighbour windows were
 * fragments ("Next steps 1.") that the scorers read as whole sentences.
 */
export function sentences (text: string): string[] {
  const out: string[] = []
  let start = 0
  // Digits seen, and nothing but digits and blanks, since the sentence started.
  let number = false
  let onlyNumber = true
  const push = (end: number) => {
    const s = text.slice(start, end)
    if (s.trim() !== '') out.push(s)
    start = end
    number = false
    onlyNumber = true
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) { push(i + 1); continue }
    if (c === 46 && number && onlyNumber) { onlyNumber = false; continue }
    if (isEnd(c)) {
      const next = text.charCodeAt(i + 1)
      if (i + 1 >= text.length || next === 32 || next === 10 || c > 0x3000) { push(i + 1); continue }
    }
    if (c >= 48 && c <= 57) number = true
    else if (c !== 32 && c !== 9) onlyNumber = false
  }
  push(text.length)
  return out
}
