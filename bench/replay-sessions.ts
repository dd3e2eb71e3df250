/** Model calls per 100 real turns: the stored sessions of corpus/sessions/ replayed turn by turn through what `install`
 * writes (Claude Code: its native http hook to POST /judge; Codex: the shim, --agent=codex), against the fake judge API. */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { control } from './layer2.js'
import { type Daemon, ROOT, type Section } from './lib.js'
import { claudeTurns, codexTurns, type SessionTurn } from './session-turns.js'

const SESSIONS = join(ROOT, 'corpus', 'sessions')
const per100 = (x: number, n: number) => n === 0 ? '—' : (100 * x / n).toFixed(0)
const AGENTS = { 'claude-code': claudeTurns, codex: codexTurns } as const
type Agent = keyof typeof AGENTS

function shim (url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', [join(ROOT, 'shim', 'hookjudge-hook'), '--agent=codex'], { env: { PATH: process.env.PATH ?? '', HOOKJUDGE_URL: url }, stdio: ['pipe', 'ignore', 'ignore'] })
    child.on('error', reject)
    child.on('close', () => resolve())
    // A shim that answers before reading all of its input closes the pipe: that is its answer, not an error here.
    child.stdin.on('error', () => {})
    child.stdin.end(body)
  })
}

async function deliver (agent: Agent, url: string, input: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify(input)
  if (agent === 'codex') return shim(url, body)
  const res = await fetch(`${url}/judge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  await res.arrayBuffer()
}

export interface ReplayFigures { agent: Agent, sessions: number, turns: number, interrupted: number, calls: number, turnsWithCall: number, violations: number, violationsSent: number, byHook: Record<string, number> }

/** Turns labelled by hand (asked-turn-labels.tsv: every turn sent on once, with the hooks its final message violates). */
function violationIds (): Set<string> {
  let text = ''
  try { text = readFileSync(join(SESSIONS, 'asked-turn-labels.tsv'), 'utf8') } catch { return new Set() }
  return new Set(text.trim().split('\n').slice(1).map(l => l.split('\t')).filter(([, block]) => block !== undefined && block !== '-').map(([id]) => id!))
}

/** One agent's sessions, turn by turn and in order (a later Stop depends on what an earlier one blocked). */
export async function replayAgent (agent: Agent, daemon: Daemon, fakeUrl: string, root: string): Promise<Omit<ReplayFigures, 'byHook'>> {
  const dir = join(SESSIONS, agent)
  const files = readdirSync(dir).filter(f => f.endsWith('.jsonl')).sort()
  const labelled = violationIds()
  let turns = 0
  let calls = 0
  let withCall = 0
  let violations = 0
  let violationsSent = 0
  let interrupted = 0
  for (const f of files) {
    const path = join(root, agent, f)
    mkdirSync(join(root, agent), { recursive: true })
    const list: SessionTurn[] = AGENTS[agent](join(dir, f), path)
    for (const [i, turn] of list.entries()) {
      if (turn.interrupted) { interrupted++; continue }
      writeFileSync(path, turn.lines.join('\n') + '\n')
      await control(fakeUrl, 'reset=1')
      await deliver(agent, daemon.url, turn.input)
      const made = (await control(fakeUrl, 'reset=1')).calls
      turns++
      calls += made
      if (made > 0) withCall++
      if (labelled.has(`${agent}/${f.replace(/\.jsonl$/, '')}#${i + 1}`)) {
        violations++
        if (made > 0) violationsSent++
      }
    }
  }
  return { agent, sessions: files.length, turns, interrupted, calls, turnsWithCall: withCall, violations, violationsSent }
}

/** Which hooks went to the judge, from the decision records (one per hook per turn). */
function hooksAsked (dir: string): Record<string, number> {
  const out: Record<string, number> = {}
  let files: string[] = []
  try { files = readdirSync(dir).filter(n => n.endsWith('.jsonl')) } catch {}
  for (const f of files) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (!line) continue
      const r = JSON.parse(line) as { hook: string, source: string, backend: string | null }
      if (r.backend !== null || r.source === 'judge' || r.source === 'fallback') out[r.hook] = (out[r.hook] ?? 0) + 1
    }
  }
  return out
}

export async function replaySessions (start: (overrides: Record<string, unknown>) => Promise<Daemon>, fakeUrl: string): Promise<Section> {
  const root = mkdtempSync(join(tmpdir(), 'hookjudge-replay-'))
  const agents = (Object.keys(AGENTS) as Agent[]).filter(a => { try { return readdirSync(join(SESSIONS, a)).some(f => f.endsWith('.jsonl')) } catch { return false } })
  const figures: ReplayFigures[] = []
  try {
    for (const agent of agents) {
      // A fresh daemon per agent: the stored sessions are the only transcripts it may read.
      const log = join(root, `${agent}-log`)
      const daemon = await start({ transcripts: { roots: [join(root, agent)] }, decisionLog: { enabled: true, dir: log, text: 'none' } })
      let f: Omit<ReplayFigures, 'byHook'>
      try { f = await replayAgent(agent, daemon, fakeUrl, root) } finally { await daemon.stop() }
      figures.push({ ...f, byHook: hooksAsked(log) })
    }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
  return {
    title: 'Model calls per 100 real turns (stored sessions replayed)',
    note: 'Every turn of the redacted real sessions in corpus/sessions/ (see its MANIFEST files), replayed in order: at each ' +
      'turn\'s end the transcript as it stood then, and the Stop input the agent sent, through what `install` writes ' +
      '(Claude Code: its native http hook to POST /judge; Codex: the shim with --agent=codex); a turn the user interrupted ' +
      `makes no Stop and is left out (${figures.map(f => `${f.agent} ${f.interrupted}`).join(', ')}). The fake judge API allows ` +
      'everything and counts calls. Every shipped Stop hook is on. Labelled violations: the turns of ' +
      'corpus/sessions/asked-turn-labels.tsv whose final message a hook\'s rules block (labelled once, among the turns sent on ' +
      'when it was written), and how many of them still go to the judge. Hooks asked per 100 turns (one call may ask several): ' +
      figures.map(f => `${f.agent}: ${Object.entries(f.byHook).sort().map(([h, n]) => `${h} ${per100(n, f.turns)}`).join(', ') || 'none'}`).join('; ') + '.',
    head: ['agent', 'sessions', 'turns', 'model calls / 100 turns', 'turns with a call', 'labelled violations sent on'],
    rows: figures.map(f => [f.agent, String(f.sessions), String(f.turns), per100(f.calls, f.turns), `${per100(f.turnsWithCall, f.turns)} %`, `${f.violationsSent} of ${f.violations}`])
  }
}
