/** A file path fit for a log line: secrets masked per component, long random-looking components masked, length capped. */
import { shannon } from './entropy.js'
import { createRedactor, type Redactor } from './redact.js'

const MAX_PATH_CHARS = 300
// Longer than a UUID (36, before the extension) and as varied as a key: a session id stays readable, a token used as a
// directory name does not.
const RANDOM_MIN = 37
const RANDOM_BITS = 4

let shipped: Redactor | undefined

/**
 * Agent-supplied paths (a transcript_path, a cwd) can carry a token; pass the runtime's redactor so the user's own
 * rules apply too. Each component is redacted alone, so a rule's edges see the `/` around it.
 */
export function safePath (path: string, redact: Redactor = shipped ??= createRedactor()): string {
  const parts = path.slice(0, MAX_PATH_CHARS * 4).split('/').map(part => {
    const { text } = redact(part)
    if (text !== part) return text
    const dot = part.lastIndexOf('.')
    const stem = dot > 0 ? part.slice(0, dot) : part
    return stem.length >= RANDOM_MIN && shannon(stem) >= RANDOM_BITS ? '[REDACTED:path-part]' : part
  })
  const joined = parts.join('/')
  return joined.length > MAX_PATH_CHARS || path.length > MAX_PATH_CHARS * 4 ? `${joined.slice(0, MAX_PATH_CHARS)}…` : joined
}
