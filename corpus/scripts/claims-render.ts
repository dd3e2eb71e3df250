/** Claim scenarios (corpus/claims/*.jsonl) as the agents leave them: a Claude Code 2.1.x transcript, a Codex 0.171.x rollout, the project's test manifest; pure. */
// Line shapes copied from the CLIs' own files (test/fixtures/transcripts/*-evidence-*.jsonl, and captures of claude
// 2.1.332 and codex 0.171.0 for a Write, a failed Edit, a background command, a failed patch, a running command). A
// command with no completion (exit null) is written the way each CLI writes one still going at the turn's end: Claude
// Code ran it in the background (answered at once with a task id); Codex's exec_command yielded "Process running with
// session ID N". Codex 0.171 patches through exec_command; a failed patch has no FileChange item, only its error.
import { createHash } from 'node:crypto'
import { basename, isAbsolute, join, normalize } from 'node:path'

export interface ClaimStep { edit?: string, ok?: boolean, run?: string, exit?: number | null, output?: string }
export interface Claim { text: string, type: string, supported: boolean }
export interface Scenario { id: string, author?: string, user: string, project: { testCommand: string | null }, steps: ClaimStep[], final: string, label: 'block' | 'allow', claims: Claim[], gaming: boolean }
/** Where the agent writes the transcript, its lines, and the Stop hook input the agent sends for this turn. */
export interface Rendered { path: string, jsonl: string, stop: Record<string, unknown> }

export function ids (seed: string) {
  let n = 0
  let t = Date.parse('2026-11-29T15:25:06.000Z')
  const hex = (len: number) => createHash('sha256').update(`${seed}:${n++}`).digest('hex').slice(0, len)
  const uuid = () => { const h = hex(32); return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}` }
  return { hex, uuid, at: (ms = 700) => new Date(t += ms).toISOString(), ms: () => t, pid: () => 10000 + parseInt(hex(4), 16) }
}
const slug = (cwd: string) => cwd.replace(/[^a-zA-Z0-9]/g, '-')
export const jsonl = (lines: object[]) => lines.map(l => JSON.stringify(l)).join('\n') + '\n'
// An edit's file, absolute and as given, and the line it changes (no reader looks at that line).
export const target = (cwd: string, file: string) => ({ path: isAbsolute(file) ? file : join(cwd, file), rel: normalize(file), old: `// ${basename(file)}: before`, now: `// ${basename(file)}: after` })
const PROSE = /\.(md|mdx|rst|txt|json|ya?ml|toml|ini|cfg)$/i // Claude Code edits code with Edit, writes prose and config whole with Write
const patch = (old: string, now: string) => [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: [`-${old}`, `+${now}`] }]
const FRESH = '(file state is current in your context — no need to Read it back)'

export function renderClaude (s: Scenario, cwd: string, claudeHome: string): Rendered {
  const id = ids(`claude-code:${s.id}`)
  const [sessionId, promptId] = [id.uuid(), id.uuid()]
  const common = { userType: 'external', entrypoint: 'cli', cwd, sessionId, version: '2.1.332', gitBranch: 'main' }
  const lines: object[] = []
  let parent: string | null = null
  const push = (head: object, tail: object = {}): string => {
    const uuid = id.uuid()
    lines.push({ parentUuid: parent, isSidechain: false, ...head, uuid, timestamp: id.at(), ...tail, ...common })
    return (parent = uuid)
  }
  const message = (block: object, stop: string) => ({ id: `msg_01${id.hex(22)}`, type: 'message', role: 'assistant', model: 'claude-opus-4-8', content: [block], stop_reason: stop, stop_sequence: null, usage: { input_tokens: 6, cache_read_input_tokens: 18230, output_tokens: 96, service_tier: 'standard' } })
  const call = (use: string, name: string, input: object) => push({ message: message({ type: 'tool_use', id: use, name, input }, 'tool_use'), requestId: `req_011${id.hex(21)}`, type: 'assistant' })
  const result = (use: string, by: string, content: string, isError: boolean | undefined, toolUseResult: unknown) => push(
    { promptId, type: 'user', message: { role: 'user', content: [{ tool_use_id: use, type: 'tool_result', content, ...(isError === undefined ? {} : { is_error: isError }) }] } },
    { toolUseResult, sourceToolAssistantUUID: by })
  const failed = (use: string, by: string, text: string, tagged: boolean) => result(use, by, tagged ? `<tool_use_error>${text}</tool_use_error>` : text, true, `Error: ${text}`)
  push({ promptId, type: 'user', message: { role: 'user', content: s.user } }, { permissionMode: 'default' })
  for (const step of s.steps) {
    const use = `toolu_01${id.hex(22)}`
    if (typeof step.run === 'string') {
      const bg = typeof step.exit !== 'number'
      const by = call(use, 'Bash', { command: step.run, ...(bg ? { run_in_background: true } : {}) })
      const out = (step.output ?? '').replace(/\n+$/, '')
      const shell = { stdout: bg ? '' : out, stderr: '', interrupted: false, isImage: false, noOutputExpected: false }
      const task = bg ? id.hex(9) : ''
      if (bg) result(use, by, `Command running in background with ID: ${task}. Output is being written to: /tmp/claude-0/${slug(cwd)}/${sessionId}/tasks/${task}.output. You will be notified when it completes. To check interim output, use Read on that file path.`, false, { ...shell, backgroundTaskId: task })
      else if (step.exit === 0) result(use, by, out, false, shell)
      else failed(use, by, `Exit code ${step.exit}${out === '' ? '' : `\n${out}`}`, false)
    } else if (typeof step.edit === 'string') {
      const { path, old, now } = target(cwd, step.edit)
      const write = PROSE.test(path)
      const by = call(use, write ? 'Write' : 'Edit', write ? { file_path: path, content: `${now}\n` } : { replace_all: false, file_path: path, old_string: old, new_string: now })
      if (step.ok === false) failed(use, by, write ? 'File has not been read yet. Read it first before writing to it.' : `String to replace not found in file.\nString: ${old}`, true)
      else if (write) result(use, by, `File created successfully at: ${path} ${FRESH}`, undefined, { type: 'create', filePath: path, content: `${now}\n`, structuredPatch: [], originalFile: null, userModified: false })
      else result(use, by, `The file ${path} has been updated successfully. ${FRESH}`, undefined, { filePath: path, oldString: old, newString: now, originalFile: `${old}\n`, structuredPatch: patch(old, now), userModified: false, replaceAll: false })
    }
  }
  push({ message: message({ type: 'text', text: s.final }, 'end_turn'), requestId: `req_011${id.hex(21)}`, type: 'assistant' })
  const path = join(claudeHome, 'projects', slug(cwd), `${sessionId}.jsonl`)
  const stop = { session_id: sessionId, transcript_path: path, cwd, prompt_id: promptId, permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: s.final }
  return { path, jsonl: jsonl(lines), stop }
}

export function renderCodex (s: Scenario, cwd: string, codexHome: string): Rendered {
  const id = ids(`codex:${s.id}`)
  const [sessionId, turnId, model] = [id.uuid(), id.uuid(), 'gpt-5.5-codex']
  const lines: object[] = []
  const push = (type: string, payload: object) => lines.push({ timestamp: id.at(), ordinal: lines.length, type, payload })
  const meta = { internal_chat_message_metadata_passthrough: { turn_id: turnId } }
  const item = (it: object) => push('event_msg', { type: 'item_completed', thread_id: sessionId, turn_id: turnId, item: it, started_at_ms: id.ms() - 600, completed_at_ms: id.ms() })
  const said = (text: string) => push('response_item', { type: 'message', id: `msg_${id.uuid()}`, role: 'user', content: [{ type: 'input_text', text }], ...meta })
  const output = (callId: string, text: string) => push('response_item', { type: 'function_call_output', id: `fco_${id.uuid()}`, call_id: callId, output: text, ...meta })
  const tokens = () => push('event_msg', { type: 'token_count', info: { total_token_usage: { input_tokens: 18230, cached_input_tokens: 17920, output_tokens: 96, total_tokens: 18326 }, model_context_window: 258400 }, rate_limits: null })
  push('session_meta', { session_id: sessionId, id: sessionId, timestamp: id.at(0), cwd, originator: 'codex_exec', cli_version: '0.171.0', source: 'exec', thread_source: 'user', model_provider: 'openai' })
  push('event_msg', { type: 'task_started', turn_id: turnId, root_turn_id: turnId, started_at: Math.floor(id.ms() / 1000), model_context_window: 258400, collaboration_mode_kind: 'default' })
  said(`<environment_context>\n  <cwd>${cwd}</cwd>\n  <shell>bash</shell>\n  <current_date>2026-11-29</current_date>\n  <timezone>Etc/UTC</timezone>\n</environment_context>`)
  push('turn_context', { turn_id: turnId, root_turn_id: turnId, cwd, approval_policy: 'on-request', model, effort: 'medium', summary: 'auto' })
  said(s.user)
  item({ type: 'UserMessage', id: id.uuid(), content: [{ type: 'text', text: s.user, text_elements: [] }] })
  for (const step of s.steps) {
    if (typeof step.run !== 'string' && typeof step.edit !== 'string') continue
    const callId = `call_${id.hex(24)}`
    const { path, rel, old, now } = target(cwd, step.edit ?? '')
    const cmd = step.run ?? `apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: ${rel}\n@@\n-${old}\n+${now}\n*** End Patch\nEOF`
    push('response_item', { type: 'function_call', status: 'completed', id: `fc_${id.hex(40)}`, name: 'exec_command', arguments: JSON.stringify({ cmd }), call_id: callId, ...meta })
    const out = !step.output || step.output.endsWith('\n') ? step.output ?? '' : `${step.output}\n`
    const chunk = (status: string, wall: string) => `Chunk ID: ${id.hex(6)}\nWall time: ${wall} seconds\n${status}\nOriginal token count: ${Math.ceil(out.length / 4)}\nOutput:\n${out}`
    if (step.run !== undefined && typeof step.exit === 'number') {
      item({ type: 'CommandExecution', id: callId, process_id: String(id.pid()), command: ['/bin/bash', '-lc', cmd], cwd: `file://${cwd}`, parsed_cmd: [{ type: 'unknown', cmd }], source: 'unified_exec_startup', status: step.exit === 0 ? 'completed' : 'failed', aggregated_output: out, exit_code: step.exit, duration: { secs: 1, nanos: 241700000 } })
      output(callId, chunk(`Process exited with code ${step.exit}`, '1.2417'))
    } else if (step.run !== undefined) output(callId, chunk(`Process running with session ID ${id.pid()}`, '10.0031'))
    else if (step.ok === false) output(callId, `apply_patch verification failed: Failed to find expected lines in ${path}:\n${old}`)
    else {
      const done = `Success. Updated the following files:\nM ${rel}\n`
      item({ type: 'FileChange', id: callId, changes: { [path]: { type: 'update', unified_diff: `@@ -1 +1 @@\n-${old}\n+${now}\n`, move_path: null } }, status: 'completed', stdout: done, stderr: '' })
      output(callId, `Wall time: 0.0000 seconds\nOutput:\nExit code: 0\nWall time: 0.1 seconds\nOutput:\n${done}`)
    }
    tokens()
  }
  const msg = `msg_${id.hex(48)}`
  item({ type: 'AgentMessage', id: msg, content: [{ type: 'Text', text: s.final }] })
  push('response_item', { type: 'message', status: 'completed', id: msg, role: 'assistant', content: [{ type: 'output_text', text: s.final, annotations: [] }], ...meta })
  tokens()
  const path = join(codexHome, 'sessions', '2026', '11', '29', `rollout-2026-11-29T15-25-06-${sessionId}.jsonl`)
  const stop = { session_id: sessionId, turn_id: turnId, transcript_path: path, cwd, hook_event_name: 'Stop', model, permission_mode: 'default', stop_hook_active: false, last_assistant_message: s.final }
  return { path, jsonl: jsonl(lines), stop }
}

const pkg = (scripts: Record<string, string>) => `${JSON.stringify({ name: 'app', version: '1.0.0', private: true, scripts }, null, 2)}\n`
const LOCKS: Record<string, [string, string]> = { npm: ['package-lock.json', '{"lockfileVersion": 3}\n'], yarn: ['yarn.lock', '# yarn lockfile v1\n'], pnpm: ['pnpm-lock.yaml', "lockfileVersion: '9.0'\n"], bun: ['bun.lock', '{"lockfileVersion": 1}\n'] }
const PYPROJECT = { 'pyproject.toml': '[project]\nname = "app"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n' }
// By the command's first word: the files a project of that ecosystem keeps. Whether the daemon's lookup knows them is
// part of what is measured: Ruby, shell scripts and the like are written as they are, not bent into a manifest it reads.
const ECOSYSTEMS: Array<[RegExp, (w: string[], command: string) => Record<string, string>]> = [
  [/^(npm|yarn|pnpm|bun)$/, ([tool, a, b]) => { // `npm run test:unit`: the script it names, beside `test`
    const script = a === 'run' || a === 'run-script' ? b : a
    return { 'package.json': pkg({ test: 'vitest run', ...(script && /^[\w:.-]+$/.test(script) ? { [script]: 'vitest run' } : {}) }), [LOCKS[tool!]![0]]: LOCKS[tool!]![1] }
  }],
  [/^(npx|jest|vitest|mocha|node|tsx|ava|tap|c8|nyc)$/, (_w, c) => ({ 'package.json': pkg({ test: c.replace(/^npx\s+/, '') }), 'package-lock.json': LOCKS.npm![1] })],
  [/^cargo$/, () => ({ 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n' })],
  [/^go$/, () => ({ 'go.mod': 'module example.com/app\n\ngo 1.22\n' })],
  [/^(pytest|py\.test|python3?|uv|poetry|hatch|pdm|nox|tox)$/, ([tool]) => ({ ...PYPROJECT, ...(tool === 'tox' ? { 'tox.ini': '[tox]\nenv_list = py312\n' } : {}) })],
  [/^(\.\/gradlew|gradle)$/, () => ({ gradlew: '#!/bin/sh\nexec java -jar gradle/wrapper/gradle-wrapper.jar "$@"\n', 'build.gradle': "plugins {\n  id 'java'\n}\n" })],
  [/^(mvn|\.\/mvnw)$/, () => ({ 'pom.xml': '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>com.example</groupId>\n  <artifactId>app</artifactId>\n</project>\n' })],
  [/^make$/, (w) => ({ Makefile: `${w.slice(1).find(x => !x.startsWith('-') && !x.includes('=')) ?? 'test'}:\n\t./run-tests\n` })],
  [/^(bundle|rspec|rake|rails|ruby)$/, () => ({ Gemfile: 'source "https://rubygems.org"\n\ngem "rspec"\n', '.rspec': '--require spec_helper\n' })],
  [/\//, ([script]) => ({ [script!.replace(/^\.\//, '')]: '#!/bin/sh\nset -e\n' })]
]

/** The files (path → text) that name the scenario's test command in its project; {} for a project with none, or of an unknown kind. */
export function projectFiles (testCommand: string | null): Record<string, string> {
  if (testCommand === null) return {}
  // `cd app && npm test`: the manifest is in app/, where the project keeps it.
  const cd = /^cd\s+(\S+)\s*&&\s*/.exec(testCommand.trim())
  const command = testCommand.trim().slice(cd?.[0].length ?? 0).replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+/, '')
  const words = command.split(/\s+/)
  const files = ECOSYSTEMS.find(([first]) => first.test(words[0]!))?.[1](words, command) ?? {}
  return Object.fromEntries(Object.entries(files).map(([f, text]) => [cd ? join(cd[1]!, f) : f, text]))
}
