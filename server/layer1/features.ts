/** Hashed features of a text window: word unigrams and bigrams, and character 3-grams; FNV-1a into 2^bits buckets; pure. */

export function fnv (s: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

const isWord = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || c > 0x2e7f
/** Scripts without spaces (CJK, kana) are read as character bigrams rather than words. */
const isCjk = (c: number) => c >= 0x3000 && c <= 0x9fff

export function tokens (lower: string): string[] {
  const out: string[] = []
  let word = ''
  const flush = () => { if (word) out.push(word); word = '' }
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i)
    if (isCjk(c)) {
      flush()
      const next = lower.charCodeAt(i + 1)
      out.push(isCjk(next) ? lower.slice(i, i + 2) : lower[i]!)
    } else if (isWord(c)) word += lower[i]
    else flush()
  }
  flush()
  return out
}

/** Distinct bucket indices of one window's features: presence, not counts, so repeating a phrase cannot outweigh the rest. */
export function featureIds (text: string, bits: number): number[] {
  const mask = (1 << bits) - 1
  const lower = text.toLowerCase()
  const ids: number[] = []
  const words = tokens(lower)
  for (let i = 0; i < words.length; i++) {
    ids.push(fnv(words[i]!, 1) & mask)
    if (i > 0) ids.push(fnv(`${words[i - 1]} ${words[i]}`, 2) & mask)
  }
  const squeezed = ` ${words.join(' ')} `
  for (let i = 0; i + 3 <= squeezed.length; i++) ids.push(fnv(squeezed.slice(i, i + 3), 3) & mask)
  return [...new Set(ids)]
}
