/** Injection wrapper: the agent's text goes inside markers carrying a per-request nonce it cannot know; pure. */
import { randomBytes } from 'node:crypto'

export interface Wrapped { nonce: string, begin: string, end: string, block: string }

// Zero-width and bidi controls can hide a forged marker from a reader while the model still sees it.
const INVISIBLE = /[\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\u00ad]/g
// Anything that looks like one of our markers, however it is spelled, is defused before wrapping.
const LOOKALIKE = /(<{2,}|‹{2,}|«+|\[{2,})\s*(begin|end)[\s_-]*(agent[\s_-]*)?(text|data|message)[^\n>»\]]*(>{2,}|›{2,}|»+|\]{2,})/giu
const MARKERISH = /\b(text|data)-(begin|end)\b|-{3}\s*text-(begin|end)\s*-{3}/gi

export function newNonce (): string {
  return randomBytes(12).toString('hex')
}

/** Text with marker look-alikes and invisible characters neutralised; the meaning a judge needs is kept. */
export function defuse (text: string): string {
  return text
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(LOOKALIKE, '[marker removed]')
    .replace(MARKERISH, '[marker removed]')
}

export function wrap (text: string, nonce: string = newNonce()): Wrapped {
  const begin = `<<<BEGIN AGENT TEXT ${nonce}>>>`
  const end = `<<<END AGENT TEXT ${nonce}>>>`
  return { nonce, begin, end, block: `${begin}\n${defuse(text)}\n${end}` }
}
