/** What reading the turn from the transcript adds to a Stop hook call: turnText() on realistic files, beside the judge's Layer 1. */
// npx tsx bench/transcript.ts   (ROUNDS=50 by default; the files are written to a temp dir and removed). The reader gathers the
// turn's steps too, with the shipped evidence classifier, as the daemon's does; bench/long-transcript.ts times a whole Stop.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { claudeCode } from '../server/agents/claude-code/adapter.js'
import { createTranscriptReader } from '../server/agents/transcript-reader.js'
import { loadConfig } from '../server/config/config.js'
import { createClassifier } from '../server/evidence/verification.js'
import { gate } from '../server/judge/layer1.js'
import { MISS_TEXT } from './latency.js'
import { knob, ms } from './lib.js'
import { longCases } from './long-transcript.js'

const ROUNDS = knob('ROUNDS', 50)
const P = 'prompt-now'
const line = (o: object) => JSON.stringify(o)
const prompt = (promptId: string) => line({ type: 'user', promptId, message: { role: 'user', content: 'please fix the failing test' } })
const said = (i: number, text: string) => line({ type: 'assistant', message: { id: `m${i}`, content: [{ type: 'text', text }] } })
const tool = (i: number) => line({ type: 'assistant', message: { id: `m${i}`, content: [{ type: 'tool_use', id: `t${i}`, name: 'Read', input: { file_path: '/x' } }] } })
const result = (bytes: number) => line({ type: 'user', promptId: P, message: { role: 'user', content: [{ type: 'tool_result', content: 'x' }] }, toolUseResult: { file: { content: 'x'.repeat(bytes) } } })
const turn = (steps: number, resultBytes: number) => [prompt(P), ...Array.from({ length: steps }, (_, i) => [said(i, `Step ${i}: reading the next file to find where the counter is reset.`), tool(i), result(resultBytes)]).flat(), said(steps, 'Renamed the helper and updated its callers.')]
const history = (bytes: number) => Array.from({ length: Math.ceil(bytes / 2100) }, (_, i) => i % 20 === 0 ? prompt(`old-${i}`) : result(2000))

const dir = mkdtempSync(join(tmpdir(), 'hookjudge-bench-'))
const projects = join(dir, 'claude', 'projects', '-w')
mkdirSync(projects, { recursive: true })
const env = { HOME: dir, CLAUDE_CONFIG_DIR: join(dir, 'claude') }
const config = loadConfig({ env: {}, file: '/dev/null' })
const cases: Array<[string, string[], string?]> = [
  ['short turn (3 tool calls, 2 KB results), 1 MB history', [...history(1 << 20), ...turn(3, 2000)]],
  ['long turn (40 tool calls, 20 KB results), 20 MB history', [...history(20 << 20), ...turn(40, 20_000)]],
  ['huge turn (40 tool calls, 300 KB results): capped at maxReadBytes', [...history(1 << 20), ...turn(40, 300_000)]],
  ...longCases(10 << 20).map((c): [string, string[], string] => [c.name, c.lines, c.promptId])
]
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN
const rows: string[][] = []
for (const [name, lines, promptId = P] of cases) {
  const file = join(projects, `${rows.length}.jsonl`)
  writeFileSync(file, lines.join('\n') + '\n')
  const event = claudeCode.toEvent({ hook_event_name: 'Stop', prompt_id: promptId, transcript_path: file, last_assistant_message: promptId === P ? 'Renamed the helper and updated its callers.' : MISS_TEXT }, 'Stop')
  const read: number[] = []
  const l1: number[] = []
  let r
  for (let i = 0; i < ROUNDS; i++) {
    // A fresh reader each round: no shared read, the full cost of one Stop.
    const reader = createTranscriptReader(config.transcripts, env, config.judge.maxTextBytes, createClassifier(config.evidence))
    const t0 = performance.now()
    r = await reader.turnText(event)
    read.push(performance.now() - t0)
    const t1 = performance.now()
    for (const hook of Object.values(config.hooks)) if (hook.event === 'Stop') gate(r.text, hook)
    l1.push(performance.now() - t1)
  }
  rows.push([name, `${(lines.join('\n').length / 1048576).toFixed(1)} MB`, `${Math.round((r!.bytesRead ?? 0) / 1024)} KB${r!.note ? ` (${r!.note})` : ''}`, ms(pct(read, 0.5)), ms(pct(read, 0.95)), ms(pct(l1, 0.5))])
}
rmSync(dir, { recursive: true, force: true })
const head = ['transcript', 'file', 'read', 'turnText median ms', 'p95 ms', 'Layer 1, all Stop hooks, median ms']
process.stdout.write([head, head.map(() => '---'), ...rows].map(r => `| ${r.join(' | ')} |`).join('\n') + '\n')
