/** `npm run bench`: every figure of docs/BENCHMARKS.md in one bounded run (about 11 minutes on 2 cores); knobs are env vars
 * (BENCH_*), BENCH_ONLY=key,… runs some sections alone. Starts the fake judge API, a bare Fastify and the daemon as
 * processes; prints and writes the report. */
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { loadConfig } from '../server/config/config.js'
import { claims } from './claims.js'
import { layer1Recall } from './layer1-recall.js'
import { httpLatency, MISS_TEXT, shimLatency } from './latency.js'
import { layer1Cost } from './layer1.js'
import { layer2 } from './layer2.js'
import { longTranscripts } from './long-transcript.js'
import { freePort, knob, machine, median, ROOT, rssMiB, type Section, startDaemon, startProcess, stopProcess } from './lib.js'
import { memory } from './memory.js'
import { memoryReturn, scenarios } from './memory-return.js'
import { replaySessions } from './replay-sessions.js'
import { consoleReport, markdown } from './report.js'
import { team } from './team.js'
import { throughput } from './throughput.js'
import { turnFile } from './turn-file.js'
import { tokens } from './tokens.js'
import { wait } from './wait.js'

const knobs = {
  BENCH_ROUNDS: knob('BENCH_ROUNDS', 200),
  BENCH_HTTP: knob('BENCH_HTTP', 2000),
  BENCH_LOAD: knob('BENCH_LOAD', 10000),
  BENCH_LOAD_RUNS: knob('BENCH_LOAD_RUNS', 3),
  BENCH_L1_ROUNDS: knob('BENCH_L1_ROUNDS', 5),
  BENCH_L2: knob('BENCH_L2', 40),
  BENCH_DELAY_MS: knob('BENCH_DELAY_MS', 50),
  BENCH_MEM_TEXTS: knob('BENCH_MEM_TEXTS', 100000),
  BENCH_CACHE_MAX: knob('BENCH_CACHE_MAX', 10000),
  BENCH_TEAM: knob('BENCH_TEAM', 300),
  BENCH_TEAM_LOAD: knob('BENCH_TEAM_LOAD', 2000),
  BENCH_WAIT_DELAY_MS: knob('BENCH_WAIT_DELAY_MS', 2000),
  BENCH_WAIT_SIGMA: knob('BENCH_WAIT_SIGMA', 0.6),
  BENCH_WAIT_SESSIONS: knob('BENCH_WAIT_SESSIONS', 4),
  BENCH_WAIT_PARALLEL: knob('BENCH_WAIT_PARALLEL', 3)
}
const started = performance.now()
const OUT = process.env.BENCH_OUT ?? join(ROOT, 'docs', 'BENCHMARKS.md')

// BENCH_ONLY=claims,long: those sections alone, printed; docs/BENCHMARKS.md is written only by a whole run.
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map(k => k.trim()).filter(k => k !== ''))
const want = (key: string) => only.size === 0 || only.has(key)

const say = (s: string) => process.stderr.write(`bench: ${((performance.now() - started) / 1000).toFixed(0)} s: ${s}\n`)

function version (cmd: string, args: string[]): Promise<string> {
  return new Promise(resolve => {
    let out = ''
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] })
    child.stdout.on('data', (c: Buffer) => { out += c })
    child.on('error', () => resolve('missing'))
    child.on('close', () => resolve(/\d+(\.\d+)+/.exec(out)?.[0] ?? 'unknown'))
  })
}

const before = machine()
// The corpus is labelled for the Stop hooks; tool hooks (PreToolUse) never see an end-of-turn message.
const hooks = Object.values(loadConfig({ env: {}, file: '/dev/null' }).hooks).filter(h => h.event === 'Stop').map(h => h.name)
const fakePort = await freePort()
const barePort = await freePort()
const fakeUrl = `http://127.0.0.1:${fakePort}`
const bareUrl = `http://127.0.0.1:${barePort}`
const fake = await startProcess([join('bench', 'fake-api.ts')], { PORT: String(fakePort) }, fakePort)
const bare = await startProcess([join('bench', 'bare-fastify.ts')], { PORT: String(barePort) }, barePort)
// A live Stop reads its turn from the agent's transcript: the bench's message once more, with such a file.
const turn = turnFile(MISS_TEXT)
const daemon = await startDaemon(fakeUrl, { cache: { max: knobs.BENCH_CACHE_MAX }, transcripts: { roots: [turn.root] } })
const sections: Section[] = []
try {
  for (let i = 0; i < 100; i++) await fetch(`${daemon.url}/healthz`).then(r => r.arrayBuffer())
  const idle: number[] = []
  for (let i = 0; i < 5; i++) {
    idle.push(await rssMiB(daemon.pid))
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  // Each section under its key; a dependency another wanted section needs runs too, unreported.
  const add = async (key: string, make: () => Promise<Section> | Section) => { if (want(key)) sections.push({ ...await make(), only: key }) }
  say('Layer-1 miss through the shim, curl and the seed-style hook')
  await add('shim', () => shimLatency(daemon.url, bareUrl, knobs.BENCH_ROUNDS))
  say('Layer-1 miss over keep-alive HTTP')
  const http = want('http') || want('layer2') ? await httpLatency(daemon.url, bareUrl, knobs.BENCH_HTTP, turn.body) : undefined
  if (http) await add('http', () => http.section)
  say('throughput at 16 clients')
  const load = want('throughput') || want('memory') ? await throughput(daemon, knobs.BENCH_LOAD, knobs.BENCH_LOAD_RUNS, turn.body) : undefined
  if (load) await add('throughput', () => load.section)
  say('Layer 1 on real replies')
  await add('layer1', () => layer1Cost(knobs.BENCH_L1_ROUNDS))
  say('Layer-2 overhead and the cache')
  await add('layer2', () => layer2(daemon, fakeUrl, knobs.BENCH_L2, knobs.BENCH_DELAY_MS, http!.missMs))
  say('Layer-1 recall on the labelled splits')
  await add('recall', () => layer1Recall())
  say('completion claims on the labelled scenarios')
  await add('claims', () => claims(ROOT))
  say('calls and tokens per 100 turns')
  await add('tokens', () => tokens(overrides => startDaemon(fakeUrl, overrides), fakeUrl, hooks))
  say('model calls per 100 real turns: the stored sessions replayed')
  await add('replay', () => replaySessions(overrides => startDaemon(fakeUrl, overrides), fakeUrl))
  say(`the wait per turn: the sessions replayed with a ${knobs.BENCH_WAIT_DELAY_MS} ms judge, fixed and log-normal`)
  const delays = [0, knobs.BENCH_WAIT_SIGMA].map(sigma => ({ medianMs: knobs.BENCH_WAIT_DELAY_MS, sigma, seed: 'hookjudge' }))
  await add('wait', async () => (await wait(delays, knobs.BENCH_WAIT_PARALLEL, knobs.BENCH_WAIT_SESSIONS)).section)
  say(`memory over ${knobs.BENCH_MEM_TEXTS} distinct Layer-2 texts`)
  await add('memory', () => memory(daemon, fakeUrl, knobs.BENCH_MEM_TEXTS, knobs.BENCH_CACHE_MAX, median(idle), load!.peakRssMiB))
  say('a Stop on a 10 MB transcript: one long turn, and a long session')
  await add('long', () => longTranscripts(30, 10))
  say('memory after bursts: 200 clients on a slow judge, and distinct Layer-1 misses (each on a fresh daemon, 60 s quiet)')
  await add('bursts', () => memoryReturn(() => startDaemon(fakeUrl), scenarios(fakeUrl, { slowMs: 2000, clients: 200, slowTotal: 2000, misses: 10000, bursts: 3 }), 60))
  say('team: three replicas sharing one Redis')
  await add('team', () => team(fakeUrl, knobs.BENCH_TEAM, knobs.BENCH_TEAM_LOAD, knobs.BENCH_LOAD_RUNS))
} finally {
  await daemon.stop()
  turn.remove()
  await Promise.all([stopProcess(fake), stopProcess(bare)])
}

process.stdout.write(consoleReport(sections))
const report = markdown(sections, {
  command: 'npm run bench',
  knobs,
  date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  seconds: (performance.now() - started) / 1000,
  before,
  after: machine(),
  versions: { curl: await version('curl', ['--version']), jq: await version('jq', ['--version']), bash: await version('bash', ['--version']) }
})
if (only.size === 0) {
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, report)
  say(`done; wrote ${OUT}`)
} else say(`done; ${OUT} is written only by a whole run`)
