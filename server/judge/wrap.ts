/** Injection wrapper: the agent's text goes inside markers carrying a per-request nonce it cannot know; pure. */
import { randomFillSync } from 'node:crypto'

export interface Wrapped { nonce: string, begin: string, end: string, block: string, data: string }

// Zero-width, bidi, soft hyphen, line/paragraph separators, tag characters (invisible "ASCII smuggling") and
// variation selectors can hide a forged marker from a reader while the model still sees it.
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\u{e0000}-\u{e007f}]|\u034f|\p{Variation_Selector}/gu
// Anything that looks like one of our markers, however it is spelled, is defused before wrapping.
// Every quantifier is bounded: V8's backtracking would otherwise go quadratic on a megabyte of '<' (see pattern-safety test).
const LOOKALIKE = /(<{2,8}|‹{2,8}|«{1,4}|\[{2,8})\s{0,8}(begin|end)[\s_-]{0,8}((agent|hookjudge)[\s_-]{0,8})?(text|data|message|facts?)[^\n>»\]]{0,80}(>{2,8}|›{2,8}|»{1,4}|\]{2,8})/gi
// The last alternative: the block of hookjudge's own facts (judge/prompt.ts), which agent text must not imitate either.
const MARKERISH = /\b(text|data)-(begin|end)\b|-{3}\s{0,8}text-(begin|end)\s{0,8}-{3}|\b(begin|end)[\s_-]{0,8}agent[\s_-]{0,8}text\b|\b(begin|end)[\s_-]{0,8}hookjudge[\s_-]{0,8}facts?\b/gi
const MARKER = new RegExp(`${LOOKALIKE.source}|${MARKERISH.source}`, 'gi')

// Letters NFKC leaves alone that render like Latin ones (Cyrillic, Greek, small capitals): folded only to FIND markers.
const LOOKS = 'АВЕКМНОРСТХЅІЈҮԀԌԚԜавекмнорстхѕіјԁһԛԝɡոΑΒΕΖΗΙΚΜΝΟΡΤΥΧαεικνορτυχᴀʙᴄᴅᴇɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ'
const LIKE = 'ABEKMHOPCTXSIJYDGQWabekmhopctxsijdhqwgnABEZHIKMNOPTYXaeikvoptuxABCDEGHIJKLMNOPRSTUVWYZ'
const CONFUSABLE = new Map([...LOOKS].map((c, i) => [c, LIKE[i]!]))
const CONFUSABLE_RE = new RegExp(`[${LOOKS}]`, 'g')

// One fill from the CSPRNG per 256 nonces instead of a call into OpenSSL per judged request (randomUUID caches the
// same way); each slice is handed out once.
const NONCE_BYTES = 12
const entropy = Buffer.alloc(NONCE_BYTES * 256)
let taken = entropy.length

export function newNonce (): string {
  if (taken + NONCE_BYTES > entropy.length) { randomFillSync(entropy); taken = 0 }
  taken += NONCE_BYTES
  return entropy.toString('hex', taken - NONCE_BYTES, taken)
}

/** The text with every confusable letter replaced by its Latin twin; same length, so indexes carry over. */
export function skeleton (text: string): string {
  return text.replace(CONFUSABLE_RE, c => CONFUSABLE.get(c)!)
}

/** Replaces in text the spans where re matches text's skeleton (a homoglyph marker is found, a plain word is kept). */
function replaceBySkeleton (text: string, re: RegExp, by: string): string {
  const skel = skeleton(text)
  if (skel === text) return text.replace(re, by)
  let out = ''
  let last = 0
  for (const m of skel.matchAll(re)) {
    out += text.slice(last, m.index) + by
    last = m.index + m[0].length
  }
  return out + text.slice(last)
}

/** Text with marker look-alikes and invisible characters neutralised; the meaning a judge needs is kept. */
export function defuse (text: string): string {
  let out = text.replace(INVISIBLE, '').normalize('NFKC')
  // NFKC can itself produce invisible characters (e.g. from compatibility forms), so strip once more.
  out = out.replace(INVISIBLE, '')
  return replaceBySkeleton(out, MARKER, '[marker removed]')
}

export function wrap (text: string, nonce: string = newNonce()): Wrapped {
  const begin = `<<<BEGIN AGENT TEXT ${nonce}>>>`
  const end = `<<<END AGENT TEXT ${nonce}>>>`
  // A text that happened to contain the nonce (it cannot know it, but a replayed prompt could) loses it.
  const data = defuse(text).replaceAll(nonce, '[nonce removed]')
  return { nonce, begin, end, data, block: `${begin}\n${data}\n${end}` }
}
