/** Hashed features of a text window: word unigrams and bigrams, and character 3-grams; FNV-1a into 2^bits buckets; pure. */

/**
 * A feature id b ≥ 0 is bucket b, its weight divided by √n (n: how many such ids the text has), so a long text does not
 * outweigh a short one. A fixed-scale id −(b + 1) is bucket b at its feature set's fixed scale instead (model.ts), whatever
 * the text's length: a concept that a long text's many words must not drown.
 */
export const fixedScaleId = (bucket: number): number => -bucket - 1
export const bucketOf = (id: number): number => id >= 0 ? id : -id - 1

const BASIS = 0x811c9dc5
const PRIME = 0x01000193

export function fnv (s: string, seed: number): number {
  let h = BASIS ^ seed
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), PRIME)
  return h >>> 0
}

const isWord = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || c > 0x2e7f
/** Scripts without spaces (CJK, kana) are read as character bigrams rather than words. */
const isCjk = (c: number) => c >= 0x3000 && c <= 0x9fff

export function tokens (lower: string): string[] {
  const out: string[] = []
  let start = -1
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i)
    if (isCjk(c)) {
      if (start >= 0) { out.push(lower.slice(start, i)); start = -1 }
      out.push(lower.slice(i, isCjk(lower.charCodeAt(i + 1)) ? i + 2 : i + 1))
    } else if (isWord(c)) {
      if (start < 0) start = i
    } else if (start >= 0) { out.push(lower.slice(start, i)); start = -1 }
  }
  if (start >= 0) out.push(lower.slice(start))
  return out
}

/** Adds one window's distinct buckets to `into`: presence, not counts, so repeating a phrase cannot outweigh the rest. */
export function addFeatureIds (text: string, bits: number, into: Set<number>): void {
  const mask = (1 << bits) - 1
  const words = tokens(text.toLowerCase())
  for (let i = 0; i < words.length; i++) {
    into.add(fnv(words[i]!, 1) & mask)
    if (i > 0) into.add(fnv(`${words[i - 1]} ${words[i]}`, 2) & mask)
  }
  // Character 3-grams of " w1 w2 … wn ".
  const squeezed = ` ${words.join(' ')} `
  for (let i = 0; i + 3 <= squeezed.length; i++) into.add(fnv(squeezed.slice(i, i + 3), 3) & mask)
}

/** Distinct bucket indices of one window's features. */
export function featureIds (text: string, bits: number): number[] {
  const into = new Set<number>()
  addFeatureIds(text, bits, into)
  return [...into]
}

const conceptCache = new Map<string, number[]>()

/**
 * A concept's ids (a concept: a name such as "fix" or "defect+change", found by a feature set's patterns): `copies`
 * buckets among the n-grams, hashed with seeds seed, seed + 1, …, or with copies 0 one fixed-scale id; hashed once.
 */
export function conceptIds (name: string, bits: number, copies: number, seed: number): number[] {
  const key = `${bits}:${copies}:${seed}:${name}`
  let ids = conceptCache.get(key)
  if (!ids) {
    const mask = (1 << bits) - 1
    ids = copies === 0 ? [fixedScaleId(fnv(name, seed) & mask)] : Array.from({ length: copies }, (_, c) => fnv(name, seed + c) & mask)
    conceptCache.set(key, ids)
  }
  return ids
}

/** The ids of `into`, then the fixed-scale ids of the concepts, which are kept apart from the bucket set. */
export function withConcepts (into: Set<number>, bits: number, names: readonly string[], copies: number, seed: number, fixedSeed?: number): number[] {
  const apart: number[] = []
  for (const name of names) {
    if (copies > 0) for (const id of conceptIds(name, bits, copies, seed)) into.add(id)
    if (fixedSeed !== undefined) apart.push(conceptIds(name, bits, 0, fixedSeed)[0]!)
  }
  return [...into, ...apart]
}
