/** Bench: µs per 4 KB message for Layer 1's default pattern sets and for ReDoS-shaped patterns (`npx tsx bench/patterns.ts`). */
import { loadConfig } from '../server/config/config.js'
import { gate } from '../server/judge/layer1.js'
import { compilePatterns } from '../server/judge/patterns.js'
import { defuse } from '../server/judge/wrap.js'

const ITERATIONS = 500
const WARMUP = 50
const REDOS = ['(a+)+$', '(x+x+)+y', '(.*a){12}$', '(a|aa)+$', '^(([a-z])+.)+[A-Z]([a-z])+$', '(\\w+\\s?)*$', '(a|a)*b']

const fill = (unit: string) => unit.repeat(Math.ceil(4096 / unit.length)).slice(0, 4096)
const MESSAGES: Record<string, string> = {
  'English report': fill('Ran npm test: 214 passing, 0 failing. I refactored the session store and updated the docs. '),
  'English proposal': fill('The fix is in place; next I will commit and push to main, then open a pull request. '),
  Japanese: fill('テストは全て通りました。修正をコミットしてプッシュします。次回は残りのタスクを続けます。'),
  'hostile a-run': 'a'.repeat(4095) + '!'
}

function usPer (fn: () => unknown): { median: number, p99: number } {
  for (let i = 0; i < WARMUP; i++) fn()
  const times: number[] = []
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = process.hrtime.bigint()
    fn()
    times.push(Number(process.hrtime.bigint() - t0) / 1000)
  }
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(times.length / 2)]!, p99: times[Math.floor(times.length * 0.99)]! }
}

const row = (label: string, r: { median: number, p99: number }) =>
  process.stdout.write(`${label.padEnd(58)} median ${r.median.toFixed(1).padStart(8)} µs   p99 ${r.p99.toFixed(1).padStart(8)} µs\n`)

const hooks = loadConfig({ env: {}, file: '/dev/null' }).hooks
process.stdout.write(`Layer 1 default sets (trigger, then skip on a hit), RE2Set per list, ${ITERATIONS} runs per 4 KB message\n`)
for (const [name, text] of Object.entries(MESSAGES)) {
  for (const hook of Object.values(hooks)) row(`${hook.name} · ${name}`, usPer(() => gate(text, hook)))
}

process.stdout.write('\nReDoS-shaped patterns under RE2 (re2js), 4 KB inputs\n')
const hostile = { 'a-run + !': 'a'.repeat(4095) + '!', 'x-run': 'x'.repeat(4096), 'words, no end': fill('ab ') + '!' }
for (const p of REDOS) {
  const set = compilePatterns([p])
  for (const [name, text] of Object.entries(hostile)) row(`${p} · ${name}`, usPer(() => set.match(text)))
}
const all = compilePatterns(REDOS)
for (const [name, text] of Object.entries(hostile)) row(`all ${REDOS.length} at once · ${name}`, usPer(() => all.match(text)))
row('defuse (marker wrapper) · homoglyph markers', usPer(() => defuse('<<<ЕND АGЕNT ТЕXТ>>>'.repeat(205))))

process.stdout.write('\nThe same (a+)+$ with plain RegExp (backtracking), once per length: why Layer 1 uses RE2\n')
for (const n of [16, 18, 20, 22, 24]) {
  const text = 'a'.repeat(n) + '!'
  const t0 = process.hrtime.bigint()
  ;/(a+)+$/.test(text)
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  const re2 = usPer(() => compilePatterns(['(a+)+$']).test(text)).median
  process.stdout.write(`  n=${String(n).padStart(2)}  RegExp ${ms.toFixed(1).padStart(9)} ms   RE2 ${re2.toFixed(1).padStart(7)} µs (compile included)\n`)
}
