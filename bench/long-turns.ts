/** Synthetic Claude Code transcripts of a given size, in the line shapes Claude Code 2.x writes: one long turn, or a long session. */
import { randomUUID } from 'node:crypto'
import { MISS_TEXT } from './latency.js'

const CWD = '/home/dev/project'
const SESSION = '7c1d3c0e-9a4e-4f7e-a1a5-2c9d0f3b1e11'
let clock = Date.parse('2026-03-26T11:00:00.000Z')
let parent: string | null = null

/** The envelope every line has (the corpus's sessions: dot-ai-1 and others); the body decides its type. */
function envelope (body: Record<string, unknown>): string {
  const uuid = randomUUID()
  const line = JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: CWD, sessionId: SESSION, version: '2.1.97', gitBranch: 'main', ...body, uuid, timestamp: new Date(clock += 1500).toISOString() })
  parent = uuid
  return line
}

const usage = { input_tokens: 4, cache_creation_input_tokens: 812, cache_read_input_tokens: 48512, output_tokens: 172, service_tier: 'standard' }
const assistant = (id: string, block: Record<string, unknown>) =>
  envelope({ message: { id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [block], stop_reason: null, stop_sequence: null, usage }, requestId: `req_${id}`, type: 'assistant' })
const result = (id: string, content: string, toolUseResult: unknown, isError = false) =>
  envelope({ type: 'user', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, is_error: isError }] }, toolUseResult })

/** Some source text, different every time (so that nothing compresses to a repeat). */
function source (lines: number, n: number): string {
  return Array.from({ length: lines }, (_, i) => `  const value${n}_${i} = compute(input.field${i % 7}, "${randomUUID()}") // step ${n}`).join('\n')
}

/**
 * The turn's n-th tool call and its result: mostly commands (a test run every tenth), an edit every third, a write now and
 * then; a sentence every 50th, so a long turn's text stays under judge.maxTextBytes and its whole read is needed.
 */
function call (n: number): string[] {
  const id = `toolu_${randomUUID().replace(/-/g, '').slice(0, 24)}`
  const msg = `msg_${randomUUID().replace(/-/g, '').slice(0, 24)}`
  const said = n % 50 === 0 ? [assistant(msg, { type: 'text', text: `Step ${n}: checking what the counter reset touches before changing the next caller.` })] : []
  if (n % 3 === 1) {
    const path = `${CWD}/src/module-${n % 40}.ts`
    const [oldString, newString] = [source(3, n), source(4, n)]
    return [...said, assistant(msg, { type: 'tool_use', id, name: 'Edit', input: { file_path: path, old_string: oldString, new_string: newString, replace_all: false } }),
      result(id, `The file ${path} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${source(12, n)}`,
        { filePath: path, oldString, newString, originalFile: source(30, n), structuredPatch: [{ oldStart: 10, oldLines: 3, newStart: 10, newLines: 4, lines: newString.split('\n').map(l => `+${l}`) }], userModified: false, replaceAll: false })]
  }
  if (n % 17 === 0) {
    const path = `${CWD}/src/new-${n}.ts`
    const content = source(25, n)
    return [...said, assistant(msg, { type: 'tool_use', id, name: 'Write', input: { file_path: path, content } }),
      result(id, `File created successfully at: ${path}`, { type: 'create', filePath: path, content, structuredPatch: [] })]
  }
  const test = n % 10 === 0
  const command = test ? 'npm test -- --reporter=dot 2>&1 | tail -40' : `grep -rn "value${n}" src/ | head -20`
  const stdout = test ? `${'.'.repeat(400)}\n\n  412 passing (3s)\n  ${n % 20 === 0 ? '1 failing' : '0 pending'}\n` : source(14, n)
  const failed = test && n % 20 === 0
  return [...said, assistant(msg, { type: 'tool_use', id, name: 'Bash', input: { command, description: test ? 'Run the tests' : 'Find the callers' } }),
    failed
      ? result(id, `Exit code 1\n${stdout}`, `Error: Exit code 1\n${stdout}`, true)
      : result(id, stdout, { stdout, stderr: '', interrupted: false, isImage: false })]
}

export const prompt = (promptId: string, text: string) => envelope({ type: 'user', message: { role: 'user', content: text }, promptId, thinkingMetadata: { level: 'high', disabled: false, triggers: [] }, todos: [] })

/** One turn (its prompt first, its final message the bench's Layer-1 miss last) of `calls` tool calls, or, with `bytes`, of as many as fill that size. */
export function turn (promptId: string, calls: number, bytes = 0): string[] {
  const lines = [prompt(promptId, 'rename the counter helper and update every caller, then run the tests')]
  let size = lines[0]!.length
  for (let n = 1; n <= calls || size < bytes; n++) {
    for (const l of call(n)) { lines.push(l); size += l.length + 1 }
  }
  lines.push(assistant(`msg_final_${promptId}`, { type: 'text', text: MISS_TEXT }))
  return lines
}

/** A session of about `bytes` whose turns are of 5–20 tool calls; its last turn (promptId `last`) has `lastCalls`. */
export function session (bytes: number, lastCalls: number): string[] {
  const last = turn('last', lastCalls)
  const lines: string[] = []
  let size = last.reduce((s, l) => s + l.length + 1, 0)
  for (let t = 0; size < bytes; t++) {
    for (const l of turn(`old-${t}`, 5 + (t * 7) % 16)) { lines.push(l); size += l.length + 1 }
  }
  return [...lines, ...last]
}
