/** Fake secrets for the redaction corpus: right format, deterministic, and never whole in the source. */

// Joined at run time so no complete token sits in the source (secret scanners, push protection).
export const j = (...parts: string[]): string => parts.join('')
let seed = 20240601
/** mulberry32: deterministic, so a failure names the same value on every run. */
function next (): number {
  seed = (seed + 0x6d2b79f5) | 0
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296
}
export function rnd (n: number, alphabet: string): string {
  let out = ''
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(next() * alphabet.length)] ?? ''
  return out
}
export const UP = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
export const DIG = '0123456789'
export const ALNUM = `${UP}${UP.toLowerCase()}${DIG}`
export const B64 = `${ALNUM}+/`
export const URLSAFE = `${ALNUM}-_`
export const HEX = '0123456789abcdef'
export const B32 = `${UP}234567`

export const akia = (): string => j('AK', 'IA', rnd(16, B32))
export const asia = (): string => j('AS', 'IA', rnd(16, B32))
export const awsSecret = (): string => rnd(40, B64)
export const sts = (): string => j('IQoJb3JpZ2lu', 'X2Vj', rnd(300, B64))
export const pw = (): string => j(rnd(6, ALNUM), '-', rnd(2, DIG), rnd(5, ALNUM))
export const pemBody = (lines: number): string => Array.from({ length: lines }, () => rnd(64, B64)).join('\n')
export const PK = j('PRIVATE', ' KEY')
export const jwt = (): string => j('eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9', '.', 'eyJ', rnd(60, URLSAFE), '.', rnd(43, URLSAFE))
