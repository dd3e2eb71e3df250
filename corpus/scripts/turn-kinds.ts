/** Writes corpus/validation-turns.tsv: what each real validation message's turn did, read from its repository snapshot. */
// node --import tsx corpus/scripts/turn-kinds.ts   (needs the fetched snapshots of the validation repositories in /work/.mirror)
// The session file cut after the message's line is the transcript as it stood at that Stop, read by the daemon's own
// reader. Kinds: edit (a file edit that did not error) · command (a shell command) · tool (a tool that may change files
// or run code: a subagent, a skill, an MCP tool, Codex's exec / write_stdin) · quiet (nothing but read-only tools) ·
// unknown (no evidence, steps missed, or the file lagged behind the message). Stored so that measuring the quiet-turn
// thresholds (quiet-thresholds.ts) needs no snapshot.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADAPTERS } from '../../server/agents/adapter.js'
import { createTranscriptReader } from '../../server/agents/transcript-reader.js'
import { loadConfig } from '../../server/config/config.js'
import { parseCorpus } from '../../server/eval/corpus.js'
import type { Step } from '../../server/evidence/steps.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { mirrorDir } from './claude-code-git.js'

/** Tools that read, plan or ask, and change nothing (Claude Code's and Codex's names). */
export const READ_ONLY = new Set(['Read', 'Grep', 'Glob', 'LS', 'WebFetch', 'WebSearch', 'TodoWrite', 'TaskCreate', 'TaskUpdate', 'TaskList', 'TaskGet',
  'update_plan', 'AskUserQuestion', 'request_user_input', 'EnterPlanMode', 'ExitPlanMode', 'exit_plan_mode', 'ToolSearch', 'NotebookRead', 'view_image',
  'web_search', 'list_mcp_resources', 'list_mcp_resource_templates'])

export function kindOf (steps: Step[]): string {
  if (steps.some(s => s.kind === 'edit' && s.status !== 'error')) return 'edit'
  if (steps.some(s => s.kind === 'command')) return 'command'
  return steps.some(s => s.kind === 'tool' && !READ_ONLY.has(s.tool)) ? 'tool' : 'quiet'
}

const ROOT = new URL('../', import.meta.url).pathname
const config = loadConfig({ env: {}, file: '/dev/null' })
const dir = mkdtempSync(join(tmpdir(), 'turn-kinds-'))
const reader = createTranscriptReader({ enabled: true, roots: [dir], maxReadBytes: config.transcripts.maxReadBytes }, { HOME: dir }, config.judge.maxTextBytes, createClassifier(config.evidence))
const records = ['claude-code', 'codex'].flatMap(f => readFileSync(join(ROOT, `${f}.jsonl`), 'utf8').split('\n').filter(l => l !== '')).map(l => JSON.parse(l) as { id: string, origin?: string, agent?: string })
const byId = new Map(records.map(r => [r.id, r]))
const rows = parseCorpus(records.map(r => JSON.stringify(r)).join('\n')).rows.filter(r => r.split === 'validation' && r.source === 'real')
const out = ['id\tturn']
let cached: { key: string, lines: string[] } | undefined
try {
  for (const r of rows) {
    const o = byId.get(r.id)!
    const [, repo, commit, path, line] = /^([^@]+)@([0-9a-f]+):(.+)#L(\d+)$/.exec(o.origin ?? '') ?? []
    if (!repo || !commit || !path || !line) { out.push(`${r.id}\tunknown`); continue }
    const key = `${repo}@${commit}:${path}`
    if (cached?.key !== key) cached = { key, lines: execFileSync('git', ['--git-dir', mirrorDir(repo), 'show', `${commit}:${path}`], { encoding: 'utf8', maxBuffer: 1 << 30 }).split('\n') }
    const file = join(dir, 'turn.jsonl')
    writeFileSync(file, cached.lines.slice(0, Number(line)).join('\n') + '\n')
    const agent = o.agent === 'codex' ? 'codex' : 'claude-code'
    const event = ADAPTERS[agent].toEvent({ hook_event_name: 'Stop', transcript_path: file, cwd: dir, session_id: 's', last_assistant_message: r.text }, 'Stop')
    const read = await reader.turnText(event, false, performance.now() + 30_000)
    const ev = read.evidence
    out.push(`${r.id}\t${!ev || ev.partial || read.lagging ? 'unknown' : kindOf(ev.steps)}`)
  }
  writeFileSync(join(ROOT, 'validation-turns.tsv'), out.join('\n') + '\n')
  process.stdout.write(`${rows.length} real validation messages: ${['edit', 'command', 'tool', 'quiet', 'unknown'].map(k => `${k} ${out.filter(l => l.endsWith(`\t${k}`)).length}`).join(', ')}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
