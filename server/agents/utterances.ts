/** Assistant text gathered backwards from a transcript: grouped by message id, deduplicated, measured in UTF-8 bytes. */
import type { StepLog } from '../evidence/steps.js'

export interface Utterances {
  /** Adds a text block met while reading backwards (so blocks of one message arrive last first). */
  add (messageId: string, text: string): void
  /** UTF-8 bytes gathered so far, separators included. */
  readonly bytes: number
  /** Every utterance in transcript order, joined by blank lines. */
  text (): string
}

export const SEPARATOR = '\n\n'

export function createUtterances (): Utterances {
  const groups = new Map<string, string[]>()
  let bytes = 0
  return {
    add (messageId, text) {
      if (text.trim() === '') return
      let texts = groups.get(messageId)
      if (!texts) groups.set(messageId, texts = [])
      // One API message can be written more than once (a resumed or retried stream): keep each block once.
      if (texts.includes(text)) return
      texts.unshift(text)
      bytes += Buffer.byteLength(text) + SEPARATOR.length
    },
    get bytes () { return bytes },
    text: () => [...groups.values()].reverse().flat().join(SEPARATOR)
  }
}

export type LineResult = 'more' | 'boundary' | 'malformed'
/**
 * One agent's transcript format: told each line (last first, as bytes), says whether the turn's start has been passed.
 * Text goes to `out`; with `steps`, the same pass also collects the turn's tool calls (server/evidence/).
 * complete=false: the file's last line, without its newline yet (it may be cut mid-write).
 */
export type TurnReader = (line: Buffer, out: Utterances, steps?: StepLog, complete?: boolean) => LineResult

/** True when the line holds any of the markers; a byte search, so lines that cannot matter are never decoded or parsed. */
export const holds = (line: Buffer, markers: string[]) => markers.some(m => line.includes(m))

export const parseLine = (line: Buffer): Record<string, any> | undefined => parseObject(line.toString('utf8'))

export function parseObject (text: string): Record<string, any> | undefined {
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Record<string, any> : undefined
  } catch {
    return undefined
  }
}
