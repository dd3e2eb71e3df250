/** A Claude Code tool-result line as its step reads it: the line's message and whether its toolUseResult says interrupted. */
import { parseLine, parseObject } from '../utterances.js'

export interface ResultLine { message: unknown, interrupted: boolean }

// Claude Code writes toolUseResult after the message: a copy of a command's output, an edit's whole file before and after.
// Only its `interrupted` is read, so the part from this key on is searched, not decoded. A `,"` never occurs inside a JSON
// string (its quote would be escaped), so the needle is a key; the head parses alone only if that key is top-level, and
// then every later one (a duplicate key wins in JSON.parse) lies in the part searched.
const RESULT_KEY = Buffer.from(',"toolUseResult":')
const MESSAGE_KEY = Buffer.from('"message"')
const INTERRUPTED_KEY = Buffer.from('"interrupted"')
const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d])

// A final line without its newline may be cut anywhere: it is decoded whole, as it always was.
const unfinished = new WeakSet<Buffer>()
export const markUnfinished = (line: Buffer): void => { unfinished.add(line) }

/** Whether some "interrupted" key after `from` has the value true, at any depth (a false positive only costs a full parse). */
function mayBeInterrupted (line: Buffer, from: number): boolean {
  for (let at = line.indexOf(INTERRUPTED_KEY, from); at >= 0; at = line.indexOf(INTERRUPTED_KEY, at + 1)) {
    let i = at + INTERRUPTED_KEY.length
    while (SPACE.has(line[i]!)) i++
    if (line[i] !== 0x3a) continue
    i++
    while (SPACE.has(line[i]!)) i++
    if (line[i] === 0x74) return true
  }
  return false
}

/**
 * What JSON.parse of the whole line would give for these two fields. Skipping the tail is exact for every line that is
 * JSON; a complete line that is not (Claude Code writes whole lines) could pass where the whole parse would fail.
 */
export function resultLine (line: Buffer): ResultLine | undefined {
  const cut = unfinished.has(line) ? -1 : line.indexOf(RESULT_KEY)
  // A later "message" key (even nested) or a true "interrupted" would make the head alone say something else.
  if (cut > 0 && line.indexOf(MESSAGE_KEY, cut) < 0 && !mayBeInterrupted(line, cut)) {
    const head = parseObject(`${line.toString('utf8', 0, cut)}}`)
    if (head) return { message: head.message, interrupted: false }
  }
  const e = parseLine(line)
  return e && { message: e.message, interrupted: e.toolUseResult?.interrupted === true }
}
