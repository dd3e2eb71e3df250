/** Writes each real validation message's `turn` (and `committed`) into the corpus: what its turn did, read from its repository snapshot. */
// node --import tsx corpus/scripts/turn-kinds.ts [FILE.jsonl…]   (default: the two corpus files; needs the fetched snapshots of the validation repositories in /work/.mirror)
// The session file cut after the message's line is the transcript as it stood at that Stop, read by the daemon's own
// reader and classified by its own rule (server/evidence/turn-kind.ts): edit · command · tool (may change files or run
// code: a subagent, a skill, an MCP tool, Codex's exec / write_stdin) · quiet (read-only tools only) · unknown (no
// evidence, steps missed, or the file lagged behind the message); and `committed: true` where its steps hold a commit or
// push that succeeded (server/evidence/committed.ts). `train` chooses the quiet- and committed-turn thresholds from them.
// Run it after the build scripts, which write the corpus without `turn`.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADAPTERS } from '../../server/agents/adapter.js'
import { createTranscriptReader } from '../../server/agents/transcript-reader.js'
import { loadConfig } from '../../server/config/config.js'
import { committedIn } from '../../server/evidence/committed.js'
import { TURN_KINDS, turnKind, type TurnKind } from '../../server/evidence/turn-kind.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { mirrorDir } from './claude-code-git.js'

const ROOT = new URL('../', import.meta.url).pathname
const FILES = process.argv.length > 2 ? process.argv.slice(2) : ['claude-code', 'codex'].map(f => join(ROOT, `${f}.jsonl`))
const config = loadConfig({ env: {}, file: '/dev/null' })
const dir = mkdtempSync(join(tmpdir(), 'turn-kinds-'))
const reader = createTranscriptReader({ enabled: true, roots: [dir], maxReadBytes: config.transcripts.maxReadBytes }, { HOME: dir }, config.judge.maxTextBytes, createClassifier(config.evidence))
const counts = new Map<TurnKind, number>(TURN_KINDS.map(k => [k, 0]))
let committed = 0
let cached: { key: string, lines: string[] } | undefined
try {
  for (const corpus of FILES) {
    const out: string[] = []
    for (const l of readFileSync(corpus, 'utf8').split('\n').filter(x => x !== '')) {
      const r = JSON.parse(l) as { id: string, origin?: string, agent?: string, text: string, source?: string, split?: string, turn?: TurnKind, committed?: true }
      delete r.turn
      delete r.committed
      if (r.source === 'real' && (r.split === 'validation' || r.split === 'test') && r.origin?.includes('@') === true) Object.assign(r, await turnOf(r))
      if (r.turn) counts.set(r.turn, counts.get(r.turn)! + 1)
      if (r.committed) committed++
      out.push(JSON.stringify(r))
    }
    writeFileSync(corpus, out.join('\n') + '\n')
  }
  process.stdout.write(`real messages' turns: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}; committed ${committed}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}

async function turnOf (r: { origin?: string, agent?: string, text: string }): Promise<{ turn: TurnKind, committed?: true }> {
  const [, repo, commit, path, line] = /^([^@]+)@([0-9a-f]+):(.+)#L(\d+)$/.exec(r.origin ?? '') ?? []
  if (!repo || !commit || !path || !line) return { turn: 'unknown' }
  const key = `${repo}@${commit}:${path}`
  if (cached?.key !== key) cached = { key, lines: execFileSync('git', ['--git-dir', mirrorDir(repo), 'show', `${commit}:${path}`], { encoding: 'utf8', maxBuffer: 1 << 30 }).split('\n') }
  const file = join(dir, 'turn.jsonl')
  writeFileSync(file, cached.lines.slice(0, Number(line)).join('\n') + '\n')
  const agent = r.agent === 'codex' ? 'codex' : 'claude-code'
  const event = ADAPTERS[agent].toEvent({ hook_event_name: 'Stop', transcript_path: file, cwd: dir, session_id: 's', last_assistant_message: r.text }, 'Stop')
  const read = await reader.turnText(event, false, performance.now() + 30_000)
  return { turn: turnKind(read), ...(read.evidence && committedIn(read.evidence.steps) ? { committed: true as const } : {}) }
}
