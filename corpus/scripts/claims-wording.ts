/** The claim detector on the wording bank (corpus/claims/wording/): single sentences written blind from the rules, claims and near misses, per writer. */
// npx tsx corpus/scripts/claims-wording.ts [--misses]   A claim sentence counts as found when a claim of its type is found
// (any type for "ready", whose checks are the others'); a near miss counts as a false claim when any claim is found.
// DEV: w1 (English, terse), w3 (Spanish, Portuguese, Italian), w5 (Japanese, Chinese, Korean), read and worded for;
// w7 (English, terse CLI agent), w8 (English, chatty junior); held out: w2 (English, formal), w4 (German, Dutch, French),
// w6 (Russian, Polish, Turkish, Vietnamese, Indonesian, Hinglish), w9 (English, enterprise tickets), w10 (English, SRE).
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findClaims } from '../../server/evidence/claims.js'
import { wilson } from '../../server/eval/wilson.js'

const DIR = fileURLToPath(new URL('../claims/wording', import.meta.url))
const HELD_OUT = new Set(['w2', 'w4', 'w6', 'w9', 'w10'])
interface Row { id: string, text: string, type: string, claim: boolean, lang: string }

const pct = (k: number, n: number) => { const r = wilson(k, n); return `${k}/${n} ${(100 * k / n).toFixed(1)} % [${(100 * (r.low ?? 0)).toFixed(1)}–${(100 * (r.high ?? 0)).toFixed(1)}]` }

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = (await readdir(DIR)).filter(f => /^wording-w\d+\.jsonl$/.test(f)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
  for (const f of files) {
    const writer = f.replace(/^wording-|\.jsonl$/g, '')
    const rows = (await readFile(join(DIR, f), 'utf8')).split('\n').filter(Boolean).map(l => JSON.parse(l) as Row)
    const pos = rows.filter(r => r.claim)
    const found = pos.filter(r => { const got = findClaims(r.text).map(c => c.type); return r.type === 'ready' ? got.length > 0 : got.includes(r.type as never) })
    const neg = rows.filter(r => !r.claim)
    const wrong = neg.filter(r => findClaims(r.text).length > 0)
    process.stdout.write(`${writer} (${HELD_OUT.has(writer) ? 'held out' : 'DEV'})  claims found ${pct(found.length, pos.length)}   near misses read as claims ${pct(wrong.length, neg.length)}\n`)
    if (process.argv.includes('--misses')) for (const r of pos.filter(p => !found.includes(p))) process.stdout.write(`  missed ${r.id} ${r.type}: ${r.text}\n`)
  }
}
