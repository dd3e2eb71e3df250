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
  return fnvMore(BASIS ^ seed, s) >>> 0
}

/** Goes on hashing s after h: fnvMore(fnvMore(b, x), y) is the hash of x + y, with no string built. */
function fnvMore (h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), PRIME)
  return h
}

const SPACE = 32

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

// One stamp per bucket, per model size: a bucket is in the current set when its stamp is the set's generation. Scoring
// is synchronous, so one table per size serves every set in turn; a Set of numbers cost more than the hashing.
const stamps = new Map<number, { seen: Uint32Array, gen: number }>()

/** Distinct buckets in the order first added. */
export class Buckets {
  readonly ids: number[] = []
  private readonly seen: Uint32Array
  private readonly gen: number
  constructor (bits: number) {
    let s = stamps.get(bits)
    if (!s) stamps.set(bits, s = { seen: new Uint32Array(1 << bits), gen: 0 })
    if (++s.gen === 0xffffffff) { s.seen.fill(0); s.gen = 1 }
    this.seen = s.seen
    this.gen = s.gen
  }

  add (id: number): void {
    if (this.seen[id] === this.gen) return
    this.seen[id] = this.gen
    this.ids.push(id)
  }
}

/** Adds one window's features to `into`: presence, not counts, so repeating a phrase cannot outweigh the rest. */
export function addFeatureIds (text: string, bits: number, into: Buckets): void {
  const mask = (1 << bits) - 1
  const words = tokens(text.toLowerCase())
  for (let i = 0; i < words.length; i++) {
    into.add((fnvMore(BASIS ^ 1, words[i]!) >>> 0) & mask)
    if (i > 0) into.add((fnvMore(Math.imul((fnvMore(BASIS ^ 2, words[i - 1]!)) ^ SPACE, PRIME), words[i]!) >>> 0) & mask)
  }
  // Character 3-grams of " w1 w2 … wn ", hashed straight from the words.
  const squeezed = ` ${words.join(' ')} `
  const seed3 = BASIS ^ 3
  for (let i = 0; i + 3 <= squeezed.length; i++) {
    const h = Math.imul(Math.imul(Math.imul(seed3 ^ squeezed.charCodeAt(i), PRIME) ^ squeezed.charCodeAt(i + 1), PRIME) ^ squeezed.charCodeAt(i + 2), PRIME)
    into.add((h >>> 0) & mask)
  }
}

/** Distinct bucket indices of one window's features. */
export function featureIds (text: string, bits: number): number[] {
  const into = new Buckets(bits)
  addFeatureIds(text, bits, into)
  return into.ids
}
