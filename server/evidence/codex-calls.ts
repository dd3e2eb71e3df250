/** Codex tool calls as steps from the raw records every rollout version writes: response_item calls and their outputs, event_msg ends; pure. */
// Rollouts before the typed item_completed view (0.77–0.104 and the bare-line format of 2025) carry the same calls as
// response_item `function_call` (shell / shell_command / exec_command / apply_patch …), `custom_tool_call` (apply_patch),
// `local_shell_call`, answered by `function_call_output` / `custom_tool_call_output` lines and, for commands and patches,
// by event_msg `exec_command_end` {call_id, exit_code, aggregated_output} and `patch_apply_end` {call_id, success}. Read
// backwards, an answer comes before its call: it is kept undecoded under its call_id until the call is met.
import { patchTargets } from '../approvals/shell-effects.js'
import { parseLine } from '../agents/utterances.js'
import { commandLine } from '../agents/codex/steps.js'
import { commandStep, type Step, type StepLog } from './steps.js'

const SHELL_CALLS = new Set(['shell', 'container.exec', 'shell_command', 'exec_command', 'local_shell'])
const CALL_ID = Buffer.from('"call_id":"')
// The headers Codex writes above a command's output, by version: "Exit code: N", "Process exited with code N".
const EXIT_HEADER = /(?:^|\n)(?:Exit code: |Process exited with code )(\d{1,3})\b/
const HEADER_CHARS = 400

/** The first call_id of a line, by a byte search (quotes inside JSON strings are escaped, so content cannot forge it). */
export function callIdOf (line: Buffer): string | undefined {
  const at = line.indexOf(CALL_ID)
  if (at < 0) return undefined
  const start = at + CALL_ID.length
  const end = line.indexOf(0x22, start)
  return end > start && end - start <= 200 ? line.toString('latin1', start, end) : undefined
}

/** An answer line (output or end event), kept until its call is met; the end event wins over the text output. */
export function keepAnswer (kind: 'end' | 'output', line: Buffer, log: StepLog): void {
  const id = callIdOf(line)
  if (id !== undefined) log.keepResult(`${kind}:${id}`, line)
}

interface Answer { exitCode?: number, error?: boolean, output?: string, ok?: boolean }

function answerOf (log: StepLog, id: string): Answer | undefined {
  const end = log.takeResult(`end:${id}`)
  const out = log.takeResult(`output:${id}`)
  const e = end && parseLine(end)?.payload
  if (e && typeof e === 'object') {
    if (e.type === 'patch_apply_end') return { ok: e.success === true || e.status === 'completed' }
    const output = typeof e.aggregated_output === 'string' ? e.aggregated_output : [e.stdout, e.stderr].filter(s => typeof s === 'string').join('\n')
    if (typeof e.exit_code === 'number') return { exitCode: e.exit_code, output }
    return { error: e.status === 'failed' || e.status === 'declined', output }
  }
  const o = out && parseLine(out)
  const p = o?.payload ?? o
  const raw: any = p?.output
  const text = typeof raw === 'string' ? raw : typeof raw?.content === 'string' ? raw.content : undefined
  if (text === undefined) return undefined
  // The shell tool of 2025 answered with JSON: {"output": "...", "metadata": {"exit_code": N}}.
  const json = text.startsWith('{') ? parseLine(Buffer.from(text)) : undefined
  if (json && typeof json.metadata?.exit_code === 'number') return { exitCode: json.metadata.exit_code, output: String(json.output ?? ''), ok: json.metadata.exit_code === 0 }
  const m = EXIT_HEADER.exec(text.slice(0, HEADER_CHARS))
  if (m) return { exitCode: Number(m[1]), output: text, ok: m[1] === '0' }
  // An answer with no exit status: the call was refused, or failed before running.
  return { error: true, output: text, ok: /^Success\./.test(text) }
}

const editStatus = (a?: Answer): 'passed' | 'error' | 'pending' => a === undefined ? 'pending' : a.ok === true ? 'passed' : 'error'

/** The argv or script of a shell call's arguments ({command: [...] | "..."} or {cmd: "..."}). */
function shellCommand (args: Record<string, any>): string {
  return typeof args.cmd === 'string' ? args.cmd : commandLine(args.command)
}

/** One call record (payload of a response_item) as a step, with its answer if already met; undefined for other records. */
export function codexCallStep (p: Record<string, any>, log: StepLog): Step | undefined {
  const id = String(p.call_id ?? p.id ?? '')
  if (p.type === 'custom_tool_call') {
    if (p.name === 'apply_patch' && typeof p.input === 'string') return { kind: 'edit', tool: 'apply_patch', paths: patchTargets(p.input), status: editStatus(answerOf(log, id)) }
    return { kind: 'tool', tool: String(p.name ?? '') }
  }
  let command: string | undefined
  if (p.type === 'local_shell_call') command = commandLine(p.action?.command)
  else if (p.type === 'function_call') {
    const args = typeof p.arguments === 'string' ? parseLine(Buffer.from(p.arguments)) ?? {} : {}
    if (p.name === 'apply_patch') {
      const input = typeof args.input === 'string' ? args.input : typeof p.arguments === 'string' ? p.arguments : ''
      return { kind: 'edit', tool: 'apply_patch', paths: patchTargets(input), status: editStatus(answerOf(log, id)) }
    }
    if (!SHELL_CALLS.has(String(p.name))) return { kind: 'tool', tool: String(p.name ?? '') }
    command = shellCommand(args)
  } else return undefined
  const answer = answerOf(log, id)
  // apply_patch run through the shell tool (`apply_patch <<'EOF'` or argv ["apply_patch", patch]) is an edit.
  if (/^apply_patch\b/.test(command)) return { kind: 'edit', tool: 'apply_patch', paths: patchTargets(command), status: editStatus(answer && { ok: answer.exitCode === 0 || answer.ok === true }) }
  return commandStep(String(p.type === 'local_shell_call' ? 'local_shell' : p.name), command, log.classifier, answer ?? {})
}
