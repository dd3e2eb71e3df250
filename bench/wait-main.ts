/** `node --import tsx bench/wait-main.ts`: just the wait-per-turn figure (bench/wait.ts), with run.ts's knobs and defaults. */
import { knob } from './lib.js'
import { consoleReport } from './report.js'
import { wait } from './wait.js'

const delays = [0, knob('BENCH_WAIT_SIGMA', 0.6)].map(sigma => ({ medianMs: knob('BENCH_WAIT_DELAY_MS', 2000), sigma, seed: 'hookjudge' }))
const { section } = await wait(delays, knob('BENCH_WAIT_PARALLEL', 3), knob('BENCH_WAIT_SESSIONS', 4))
process.stdout.write(`${consoleReport([section])}\n${section.note}\n`)
