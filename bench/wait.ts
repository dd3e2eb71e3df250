/** The wait a user sees: the stored sessions replayed through each Stop handler `install` writes, the fake model answering
 * after a fixed and a log-normal delay; per agent, mode and delay the seconds the turn is held, and how many turns wait. */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { control } from './layer2.js'
import { freePort, ROOT, type Section, startDaemon, startProcess, stopProcess } from './lib.js'
import { claudeTurns, codexTurns } from './session-turns.js'
import { summarize } from './wait-draw.js'
import { installedStop, type Mode, MODES, type Ran, runStop } from './wait-hook.js'

const SESSIONS = join(ROOT, 'corpus', 'sessions')
const TURNS = { 'claude-code': claudeTurns, codex: codexTurns }
/** A turn "waits" when the hook holds it this long: a model call does (a log-normal draw below it is 1 in 4000); the
 * hook's own hop, tens of ms on a busy machine, does not. */
const FLOOR_MS = 250
export interface Delay { medianMs: number, sigma: number, seed: string }
interface Run { mode: Mode, delay: Delay, ran: Ran[], floor: number[], calls: number, meanDelayMs: number, seconds: number }
/** The same start of a process that does nothing: what any command hook holds a turn for, whatever it runs. */
const NOTHING = { type: 'command', command: ':', asyncRewake: true }

/** One session's turns in order (the daemon keeps per-session loop state); a background hook is let finish before the
 * next turn, as a user's next turn comes long after a 2 s verdict. */
async function replay (mode: Mode, daemonPort: number, file: string, path: string, floor: number[]): Promise<Ran[]> {
  const handler = installedStop(mode, daemonPort)
  const out: Ran[] = []
  for (const turn of TURNS[mode.agent](join(SESSIONS, mode.agent, file), path)) {
    if (turn.interrupted) continue
    writeFileSync(path, turn.lines.join('\n') + '\n')
    out.push(await runStop(handler, JSON.stringify(turn.input)))
    if (handler.asyncRewake === true) floor.push((await runStop(NOTHING, '')).heldMs)
  }
  return out
}

/** The agent's sessions, `sessions` at a time, against a daemon and a fake model of this run's own. */
async function runMode (mode: Mode, delay: Delay, sessions: number): Promise<Run> {
  const started = performance.now()
  const root = mkdtempSync(join(tmpdir(), 'hookjudge-wait-'))
  const fakePort = await freePort()
  const fake = await startProcess([join('bench', 'fake-api.ts')], { PORT: String(fakePort), DELAY_MS: String(delay.medianMs), SIGMA: String(delay.sigma), SEED: delay.seed }, fakePort)
  const fakeUrl = `http://127.0.0.1:${fakePort}`
  try {
    const daemon = await startDaemon(fakeUrl, { transcripts: { roots: [root] } })
    try {
      // The largest first, so that the longest session does not start last and hold the row alone.
      const dir = join(SESSIONS, mode.agent)
      const files = readdirSync(dir).filter(f => f.endsWith('.jsonl')).sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)
      mkdirSync(join(root, mode.agent))
      const port = Number(new URL(daemon.url).port)
      const ran: Ran[] = []
      const floor: number[] = []
      const next = async (): Promise<void> => {
        const f = files.shift()
        if (f === undefined) return
        ran.push(...await replay(mode, port, f, join(root, mode.agent, f), floor))
        return next()
      }
      await Promise.all(Array.from({ length: sessions }, next))
      const c = await control(fakeUrl, 'reset=1') as Awaited<ReturnType<typeof control>> & { meanDelayMs: number }
      return { mode, delay, ran, floor, calls: c.calls, meanDelayMs: c.meanDelayMs, seconds: (performance.now() - started) / 1000 }
    } finally { await daemon.stop() }
  } finally {
    await stopProcess(fake)
    rmSync(root, { recursive: true, force: true })
  }
}

const s = (x: number) => Number.isNaN(x) ? '—' : x.toFixed(x < 0.1 ? 3 : 2)
const delayName = (d: Delay) => d.sigma > 0 ? `log-normal, median ${d.medianMs / 1000} s, σ ${d.sigma}` : `fixed ${d.medianMs / 1000} s`
const modeName = (m: Mode) => m.agent === 'codex' ? 'shim (synchronous)' : m.stop === 'async' ? 'async: --stop async' : 'sync: http hook (default)'

function row (r: Run): string[] {
  const held = summarize(r.ran.map(x => x.heldMs), FLOOR_MS)
  const judged = r.ran.filter(x => x.doneMs >= FLOOR_MS).map(x => x.doneMs)
  const rewake = summarize(judged, FLOOR_MS)
  return [r.mode.agent, modeName(r.mode), delayName(r.delay), String(held.turns), s(held.meanS), s(held.p95S), `${(100 * held.waited).toFixed(0)} %`,
    (100 * r.calls / Math.max(1, held.turns)).toFixed(0), r.mode.stop === 'async' ? `${s(rewake.meanS)} / ${s(rewake.p95S)}` : '—',
    r.floor.length > 0 ? s(summarize(r.floor, FLOOR_MS).meanS) : '—']
}

/** Every mode under both delays; `parallel` runs at a time (each its own daemon and fake; all waits are timers). */
export async function wait (delays: Delay[], parallel: number, sessions: number): Promise<{ section: Section, runs: Run[] }> {
  const started = performance.now()
  const agents = new Set(MODES.map(m => m.agent).filter(a => { try { return readdirSync(join(SESSIONS, a)).some(f => f.endsWith('.jsonl')) } catch { return false } }))
  const jobs = delays.flatMap(delay => MODES.filter(m => agents.has(m.agent)).map(mode => ({ mode, delay })))
  const runs: Run[] = []
  for (let i = 0; i < jobs.length; i += parallel) runs.push(...await Promise.all(jobs.slice(i, i + parallel).map(j => runMode(j.mode, j.delay, sessions))))
  const spread = runs.filter(r => r.delay.sigma > 0).map(r => `${r.mode.agent} ${r.mode.stop} ${(r.meanDelayMs / 1000).toFixed(2)} s`)
  return {
    runs,
    section: {
      title: 'The wait a user sees per turn (stored sessions replayed through what install writes)',
      note: 'Every turn of corpus/sessions/ (interrupted ones left out), each session\'s turns in order, ' +
        `${sessions} sessions at a time, through the Stop handler \`hookjudge install\` writes: Claude Code's native http hook (default), its ` +
        '`--stop async` command hook (`shim/hookjudge-hook --rewake`, `asyncRewake`), and Codex\'s shim; a fresh daemon ' +
        'and fake model per row, the fake allowing everything after a delay: fixed, or drawn per call from a log-normal ' +
        '(median × e^(σz), z standard normal, from a SHA-256 of the seed "hookjudge" and the request, so a turn draws the ' +
        `same delay in every run; mean of the draws made: ${spread.join(', ') || '—'}; the daemon's 8 s deadline caps a draw). ` +
        'Wait = how long the hook holds the turn: until the http answer, or the shim\'s exit; for `--stop async` Claude Code ' +
        'starts the command and ends the turn, so its wait is the spawn (until the process runs; measured from a Node ' +
        `process, as Claude Code is). A turn waits when held ≥ ${FLOOR_MS} ms: on a quiet machine, the turns with a model ` +
        'call on the agent\'s path; a busy one adds turns its load held. "Re-wake after" (async): mean / p95 s until the ' +
        'background hook exits, on the turns that went to the model: when a block would wake the model. Floor (async): the ' +
        'mean wait for a command hook that runs `:` (nothing), started the same way right after each turn: what any ' +
        'background command hook holds a turn for on this machine, whatever it runs. The aim at a 2 s ' +
        'judge: a mean wait ≤ 0.02 s per turn for `--stop async`, ≤ 0.6 s for the synchronous hooks. Wall time of the ' +
        `rows: ${runs.map(r => r.seconds.toFixed(0)).join(', ')} s; all: ${((performance.now() - started) / 1000).toFixed(0)} s, ${parallel} rows at a time.`,
      head: ['agent', 'mode', 'judge delay', 'turns', 'mean wait s / turn', 'p95 wait s', 'turns that wait', 'model calls / 100 turns', 're-wake after s (mean / p95)', 'floor: `:` hook, mean s'],
      rows: runs.map(row)
    }
  }
}
