// A long Claude Code turn read from a real file: every step with its status across growing chunks, the read ahead and
// huge lines; a turn whose start falls exactly on a chunk edge; a result line still being written.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { claudeCode } from '../../server/agents/claude-code/adapter.js'
import { CHUNK_BYTES } from '../../server/agents/tail-lines.js'
import { createTranscriptReader } from '../../server/agents/transcript-reader.js'
import { loadConfig } from '../../server/config/config.js'
import type { Step } from '../../server/evidence/steps.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { claudeStop, tempDir } from '../helper.js'

const P = 'prompt-1' // claudeStop's prompt_id
const FINAL = 'Renamed the helper and ran the tests.'
const line = (o: object) => JSON.stringify(o)
const prompt = (promptId: string) => line({ type: 'user', promptId, message: { role: 'user', content: 'rename the helper' } })
const use = (id: string, name: string, input: object) => line({ type: 'assistant', message: { id: `m-${id}`, content: [{ type: 'tool_use', id, name, input }] } })
const answer = (id: string, content: string, toolUseResult: unknown, isError = false) =>
  line({ type: 'user', promptId: P, message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, is_error: isError }] }, toolUseResult })
const final = line({ type: 'assistant', message: { id: 'm-final', content: [{ type: 'text', text: FINAL }] } })

/** Call i: an edit (whose result holds the whole file), a passing or failing test run, an interrupted command, a listing. */
function call (i: number, pad: number): [string[], string] {
  const id = `toolu_${i}`
  const out = `${i}: ${'o'.repeat(pad)}`
  if (i % 4 === 0) return [[use(id, 'Edit', { file_path: `/w/f${i}.ts`, old_string: 'a', new_string: 'b' }), answer(id, 'The file has been updated.', { filePath: `/w/f${i}.ts`, originalFile: out, interrupted: false })], 'passed']
  if (i % 4 === 1) {
    return i % 8 === 1
      ? [[use(id, 'Bash', { command: 'npm test' }), answer(id, `Exit code 1\n${out}\n1 failing`, `Error: Exit code 1\n${out}`, true)], 'failed']
      : [[use(id, 'Bash', { command: 'npm test' }), answer(id, `${out}\n12 passing`, { stdout: `${out}\n12 passing`, stderr: '', interrupted: false })], 'passed']
  }
  if (i % 4 === 2) return [[use(id, 'Bash', { command: 'sleep 100' }), answer(id, out, { stdout: out, stderr: '', interrupted: true })], 'error']
  return [[use(id, 'Bash', { command: `ls src${i}` }), answer(id, out, { stdout: out, stderr: '', interrupted: false, isImage: false })], 'passed']
}

function setup (t: Parameters<typeof tempDir>[0]) {
  const root = tempDir(t)
  const env = { HOME: join(root, 'home'), CLAUDE_CONFIG_DIR: join(root, 'claude') }
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const dir = join(env.CLAUDE_CONFIG_DIR, 'projects', '-w')
  mkdirSync(dir, { recursive: true })
  const read = async (name: string, lines: string[], end = '\n') => {
    const file = join(dir, name)
    writeFileSync(file, lines.join('\n') + end)
    const reader = createTranscriptReader({ enabled: true, roots: [], maxReadBytes: 64 << 20 }, env, 4000, createClassifier(config.evidence))
    return await reader.turnText(claudeCode.toEvent(claudeStop(FINAL, { transcript_path: file }), 'Stop'))
  }
  return { read }
}

const statuses = (steps: Step[] | undefined) => steps?.map(s => 'status' in s ? s.status : s.kind)

t.test('a turn of 600 calls over 3 MB (one result of 1 MB): every step, in order, with its status', async t => {
  const calls = Array.from({ length: 600 }, (_, i) => call(i, i === 300 ? 1 << 20 : 3000))
  const r = await (setup(t)).read('long.jsonl', [prompt('old'), prompt(P), ...calls.flatMap(c => c[0]), final])
  t.equal(r.text, FINAL)
  t.strictSame(statuses(r.evidence?.steps), calls.map(c => c[1]))
  t.equal(r.evidence?.partial, false)
})

t.test('the turn\'s prompt starting exactly on a chunk edge, or one byte after it', async t => {
  const body = [...Array.from({ length: 20 }, (_, i) => call(i, 900)).flatMap(c => c[0]), final]
  const turnBytes = (lines: string[]) => Buffer.byteLength(lines.join('\n') + '\n')
  const filler = (n: number) => line({ type: 'system', content: 'f'.repeat(n - 30) })
  // The chunks grow 16 KB, 32 KB, 64 KB … from the end: their edges lie at these distances from it.
  for (const edge of [CHUNK_BYTES * 3, CHUNK_BYTES * 7]) {
    for (const [name, shift] of [['starts on', 0], ['follows the newline that opens', 1]] as const) {
      const lines = [prompt(P), filler(40), ...body]
      // Pad so that the prompt line begins exactly `edge` bytes from the end, or one byte after (its newline first in the chunk).
      lines[1] = filler(40 + edge - shift - turnBytes(lines))
      t.equal(turnBytes(lines) + shift, edge, `the prompt ${name} the chunk edge ${edge} bytes from the end`)
      const r = await setup(t).read(`edge-${edge}-${shift}.jsonl`, [prompt('old'), line({ type: 'assistant', message: { id: 'm-old', content: [{ type: 'text', text: 'OLD' }] } }), ...lines])
      t.equal(r.text, FINAL, `${name} ${edge}: the old turn left out`)
      t.equal(r.evidence?.steps.length, 20, `${name} ${edge}: every step`)
    }
  }
})

t.test('a tool result still being written at the end of the file leaves its call pending, as the whole line would', async t => {
  const [lines] = call(3, 500)
  const cut = lines[1]!.slice(0, lines[1]!.indexOf('"stdout"') + 12)
  const r = await setup(t).read('writing.jsonl', [prompt(P), lines[0]!, cut], '')
  t.strictSame(statuses(r.evidence?.steps), ['pending'])
})
