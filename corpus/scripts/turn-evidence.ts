/** Measures the "no file edited in this turn" gate for the bug-fix hooks: each real message's turn rebuilt from its snapshot. */
// node --import tsx corpus/scripts/turn-evidence.ts   (needs the fetched snapshots of corpus/sources-*.md in /work/.mirror)
// Each real record's origin names the session file and the line of its message: the file cut after that line is the
// transcript as it stood at that Stop, read by the daemon's own reader (the steps it would see). The same for every turn
// of the stored replay sessions. A "quiet" turn ran no edit and no shell command at all.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { claudeTurns, codexTurns } from '../../bench/session-turns.js'
import { ADAPTERS } from '../../server/agents/adapter.js'
import { createTranscriptReader } from '../../server/agents/transcript-reader.js'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { lastBytes } from '../../server/judge/extract.js'
import { gate } from '../../server/judge/layer1.js'
import { mirrorDir } from './claude-code-git.js'

type Turn = 'edit' | 'command' | 'quiet' | 'unknown'
const HOOKS = ['shallow-bugfix', 'bugfix-without-reproduction']
const ROOT = new URL('../', import.meta.url).pathname
const config = loadConfig({ env: {}, file: '/dev/null' })
const dir = mkdtempSync(join(tmpdir(), 'turn-evidence-'))
const reader = createTranscriptReader({ enabled: true, roots: [dir], maxReadBytes: config.transcripts.maxReadBytes }, { HOME: dir }, config.judge.maxTextBytes, createClassifier(config.evidence))
const pct = (n: number, d: number) => d === 0 ? '—' : `${(100 * n / d).toFixed(1)} %`

async function turnOf (agent: 'claude-code' | 'codex', body: Record<string, unknown>): Promise<{ kind: Turn, text: string }> {
  const read = await reader.turnText(ADAPTERS[agent].toEvent(body, 'Stop'), false, performance.now() + 30_000)
  const steps = read.evidence?.steps
  const kind: Turn = !steps ? 'unknown' : steps.some(s => s.kind === 'edit' && s.status !== 'error') ? 'edit' : steps.some(s => s.kind === 'command') ? 'command' : 'quiet'
  return { kind, text: lastBytes(read.text, config.judge.maxTextBytes) }
}

async function corpus (): Promise<void> {
  const files = ['claude-code', 'codex'].map(f => readFileSync(join(ROOT, `${f}.jsonl`), 'utf8'))
  const origin = new Map(files.join('').split('\n').filter(l => l !== '').map(l => { const j = JSON.parse(l); return [j.id as string, { origin: j.origin as string | undefined, agent: j.agent as string }] }))
  const rows = parseCorpus(files.join('')).rows.filter(r => r.split === 'validation')
  const kinds = new Map<string, Turn>()
  let cached: { key: string, lines: string[] } | undefined
  for (const r of rows) {
    const o = origin.get(r.id)!
    const m = r.source === 'real' ? /^([^@]+)@([0-9a-f]+):(.+)#L(\d+)$/.exec(o.origin ?? '') : null
    if (!m) continue
    const [, repo, commit, path, line] = m as unknown as [string, string, string, string, string]
    const key = `${repo}@${commit}:${path}`
    if (cached?.key !== key) cached = { key, lines: execFileSync('git', ['--git-dir', mirrorDir(repo), 'show', `${commit}:${path}`], { encoding: 'utf8', maxBuffer: 1 << 30 }).split('\n') }
    const file = join(dir, 'corpus.jsonl')
    writeFileSync(file, cached.lines.slice(0, Number(line)).join('\n') + '\n')
    const agent = o.agent === 'codex' ? 'codex' : 'claude-code'
    kinds.set(r.id, (await turnOf(agent, { hook_event_name: 'Stop', transcript_path: file, cwd: dir, session_id: 's', last_assistant_message: r.text })).kind)
  }
  const real = rows.filter(r => r.source === 'real')
  process.stdout.write(`Validation split: ${rows.length} messages (${real.length} real). Turns of the real ones: ` +
    ['edit', 'command', 'quiet', 'unknown'].map(k => `${k} ${[...kinds.values()].filter(v => v === k).length}`).join(', ') + '\n\n' +
    '| hook | positives (real + synthetic) | real positives in quiet turns | Layer-1 recall / hit rate / real hit rate | with the quiet-turn gate |\n|---|---:|---:|---|---|\n')
  for (const name of HOOKS) {
    const hook = config.hooks[name]!
    const pos = rows.filter(r => r.labels[name] === 'block')
    const sent = (gated: boolean) => (r: typeof rows[number]) => gate(r.text, hook) === 'hit' && !(gated && kinds.get(r.id) === 'quiet')
    const figures = (gated: boolean) => `${pct(pos.filter(sent(gated)).length, pos.length)} / ${pct(rows.filter(sent(gated)).length, rows.length)} / ${pct(real.filter(sent(gated)).length, real.length)}`
    const real_ = pos.filter(r => r.source === 'real')
    process.stdout.write(`| ${name} | ${pos.length} (${real_.length} + ${pos.length - real_.length}) | ${real_.filter(r => kinds.get(r.id) === 'quiet').length} | ${figures(false)} | ${figures(true)} |\n`)
  }
}

async function sessions (): Promise<void> {
  process.stdout.write('\n| agent | turns | quiet turns | bug-fix hooks asked / 100 turns | with the quiet-turn gate |\n|---|---:|---:|---|---|\n')
  for (const agent of ['claude-code', 'codex'] as const) {
    const from = join(ROOT, 'sessions', agent)
    const asked: Record<string, [number, number]> = Object.fromEntries(HOOKS.map(h => [h, [0, 0]]))
    let turns = 0
    let quiet = 0
    for (const f of readdirSync(from).filter(n => n.endsWith('.jsonl')).sort()) {
      const file = join(dir, `${agent}.jsonl`)
      for (const turn of (agent === 'codex' ? codexTurns : claudeTurns)(join(from, f), file)) {
        writeFileSync(file, turn.lines.join('\n') + '\n')
        const { kind, text } = await turnOf(agent, turn.input)
        turns++
        if (kind === 'quiet') quiet++
        for (const h of HOOKS) if (gate(text, config.hooks[h]!) === 'hit') { asked[h]![0]++; if (kind !== 'quiet') asked[h]![1]++ }
      }
    }
    const per100 = (i: 0 | 1) => HOOKS.map(h => `${h} ${(100 * asked[h]![i] / turns).toFixed(0)}`).join(', ')
    process.stdout.write(`| ${agent} | ${turns} | ${quiet} | ${per100(0)} | ${per100(1)} |\n`)
  }
}

try {
  await corpus()
  await sessions()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
