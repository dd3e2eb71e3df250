/** Long sessions stay cheap (issue 41): a Stop on a 10 MB transcript, one long turn or a long session, each Stop the file's first. */
// npx tsx bench/long-transcript.ts   (after `npm run build`; ROUNDS=30, MB=10; IN_PROCESS=1 times turnText() alone, no daemon)
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'undici'
import { claudeCode } from '../server/agents/claude-code/adapter.js'
import { createTranscriptReader } from '../server/agents/transcript-reader.js'
import { loadConfig } from '../server/config/config.js'
import { createClassifier } from '../server/evidence/verification.js'
import { freePort, knob, ms, type Section, startDaemon, startProcess, stopInput, stopProcess } from './lib.js'
import { MISS_TEXT } from './latency.js'
import { session, turn } from './long-turns.js'

const ROUNDS = knob('ROUNDS', 30)
const MB = knob('MB', 10)
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN

export interface LongCase { name: string, lines: string[], promptId: string }
export const longCases = (bytes: number): LongCase[] => [
  { name: `one long turn (${Math.round(bytes / 1048576)} MB: commands, edits, writes; little text)`, lines: turn('p-long', 0, bytes), promptId: 'p-long' },
  { name: `long session (${Math.round(bytes / 1048576)} MB of turns; the last one of 12 tool calls)`, lines: session(bytes, 12), promptId: 'last' }
]

/** Each round copies the file to a new path: no read of an earlier round (the daemon's scan cache) can serve it. */
function fresh (root: string, c: LongCase, source: string, i: number): string {
  const path = join(root, '-w', `${c.promptId}-${i}.jsonl`)
  copyFileSync(source, path)
  return path
}

/** Per case: the first Stop after the daemon started (nothing compiled or cached yet), then the timed rounds. */
interface Times { first: number[], rounds: number[][] }

/** POST /judge for each case, interleaved round by round, against a daemon whose transcript root holds the files. */
export async function longStops (daemonUrl: string, root: string, cases: LongCase[], sources: string[], rounds: number): Promise<Times> {
  const pool = new Pool(daemonUrl, { connections: 1 })
  const out: Times = { first: [], rounds: cases.map((): number[] => []) }
  try {
    for (let i = -3; i < rounds; i++) {
      for (const [k, c] of cases.entries()) {
        const body = stopInput(MISS_TEXT, { transcript_path: fresh(root, c, sources[k]!, i + 3), prompt_id: c.promptId })
        const t0 = performance.now()
        const res = await pool.request({ path: '/judge', method: 'POST', headers: { 'content-type': 'application/json' }, body })
        await res.body.dump()
        if (i === -3) out.first.push(performance.now() - t0)
        if (i >= 0) out.rounds[k]!.push(performance.now() - t0)
      }
    }
  } finally {
    await pool.close()
  }
  return out
}

/** turnText() alone, in this process, with the daemon's classifier: a fresh reader and a fresh path each round. */
async function inProcess (root: string, cases: LongCase[], sources: string[], rounds: number): Promise<Times> {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const out: Times = { first: [], rounds: cases.map((): number[] => []) }
  for (let i = -3; i < rounds; i++) {
    for (const [k, c] of cases.entries()) {
      const reader = createTranscriptReader({ ...config.transcripts, roots: [root] }, {}, config.judge.maxTextBytes, createClassifier(config.evidence))
      const body = JSON.parse(stopInput(MISS_TEXT, { transcript_path: fresh(root, c, sources[k]!, i + 3), prompt_id: c.promptId })) as Record<string, unknown>
      const t0 = performance.now()
      await reader.turnText(claudeCode.toEvent(body, 'Stop'))
      if (i === -3) out.first.push(performance.now() - t0)
      if (i >= 0) out.rounds[k]!.push(performance.now() - t0)
    }
  }
  return out
}

export async function longTranscripts (rounds = ROUNDS, mb = MB, daemon = true): Promise<Section> {
  const root = mkdtempSync(join(tmpdir(), 'hookjudge-bench-long-'))
  mkdirSync(join(root, '-w'))
  const fakePort = await freePort()
  const fake = daemon ? await startProcess([join('bench', 'fake-api.ts')], { PORT: String(fakePort) }, fakePort) : undefined
  try {
    const cases = longCases(mb * 1048576)
    const sources = cases.map((c, k) => join(root, `source-${k}.jsonl`))
    cases.forEach((c, k) => writeFileSync(sources[k]!, c.lines.join('\n') + '\n'))
    let times: Times
    if (daemon) {
      const d = await startDaemon(`http://127.0.0.1:${fakePort}`, { transcripts: { roots: [root] } })
      try { times = await longStops(d.url, root, cases, sources, rounds) } finally { await d.stop() }
    } else times = await inProcess(root, cases, sources, rounds)
    return {
      title: 'A Stop on a long transcript',
      note: `${daemon ? 'POST /judge (all six Stop hooks) to the daemon' : 'turnText() in process'}, each Stop on a fresh copy of the file (no earlier read serves it), ` +
        `${rounds} rounds after 3 untimed ones, the cases interleaved; the first Stop is the very first of the ${daemon ? 'daemon' : 'process'}. ` +
        'Synthetic Claude Code 2.x lines (bench/long-turns.ts). Goal: 25 ms at p95.',
      head: ['transcript', 'lines', 'tool calls', 'median ms', 'p95 ms', daemon ? 'first Stop after start, ms' : 'first read, ms'],
      rows: cases.map((c, k) => [c.name, String(c.lines.length), String(c.lines.filter(l => l.includes('"type":"tool_use"')).length), ms(pct(times.rounds[k]!, 0.5)), ms(pct(times.rounds[k]!, 0.95)), ms(times.first[k]!)])
    }
  } finally {
    if (fake) await stopProcess(fake)
    rmSync(root, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await longTranscripts(ROUNDS, MB, process.env.IN_PROCESS !== '1')
  process.stdout.write([s.head, s.head.map(() => '---'), ...s.rows].map(r => `| ${r.join(' | ')} |`).join('\n') + '\n')
}
