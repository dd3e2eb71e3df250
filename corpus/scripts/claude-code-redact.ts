/** The project's redactor plus one corpus rule: long hex keys (not 40-hex git SHAs) that the built-in rules let through. */
import { readFileSync } from 'node:fs'
import { createRedactor } from '../../server/redact/redact.js'

// Bounded quantifier on a single character class: linear, no backtracking blow-up.
const HEX_KEY = /\b[0-9a-fA-F]{32,256}\b/g

/** The shipped redactor with the reference gitleaks rules (message ids are hashes of its output). */
export function baseRedactor (): (text: string) => string {
  const redact = createRedactor({ gitleaksToml: readFileSync('/work/shared/reference/gitleaks-rules.toml', 'utf8') })
  return (text) => redact(text).text
}

/** A generated key pasted into a reply (seen: a 64-hex ENCRYPTION_KEY) is a secret; a commit SHA is not. */
export function maskHexKeys (text: string): string {
  return text.replace(HEX_KEY, m => (m.length === 40 ? m : '[REDACTED:hex-key]'))
}
