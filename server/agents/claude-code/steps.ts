/** Claude Code tool calls as steps: tool_use blocks of assistant lines, matched to the tool_result lines that answer them; pure. */
// Verified on 2.1.197 (test/fixtures/transcripts/claude-evidence-*.jsonl): a Bash call that exits non-zero comes back as
// `is_error: true` with content "Exit code N\n<output>" (toolUseResult is then the string "Error: Exit code N…"); one that
// exits 0 as `is_error: false` with toolUseResult {stdout, stderr, interrupted, …} and no exit code at all. A call that never
// ran (not approved, unknown tool) is `is_error: true` without "Exit code", as is a failing command of 1.0.x (told apart by
// the text Claude Code writes for a refusal). Write/Edit answer with toolUseResult.filePath.
import { markUnfinished, resultLine } from './result-line.js'
import { commandStep, type Step, type StepLog } from '../../evidence/steps.js'

export const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit'])
const SHELL_TOOLS = new Set(['Bash'])
const ID_KEY = Buffer.from('"tool_use_id":"')

/**
 * Keeps a tool-result line under every tool_use id it answers, found by a byte search (JSON escaping keeps quotes in content
 * out); complete=false: the file's last line, without its newline yet. before: where the line's toolUseResult starts (its
 * copy of the output, an edit's whole file): the ids are in the message, before it, so the search ends there.
 */
export function keepToolResults (line: Buffer, log: StepLog, complete = true, before = line.length): void {
  if (!complete) markUnfinished(line)
  const head = line.subarray(0, before)
  for (let at = head.indexOf(ID_KEY); at >= 0; at = head.indexOf(ID_KEY, at + 1)) {
    const start = at + ID_KEY.length
    const end = line.indexOf(0x22, start)
    if (end > start && end - start <= 200) log.keepResult(line.toString('latin1', start, end), line)
  }
}

interface Result { exitCode?: number, error?: boolean, failed?: boolean, output?: string }
// What Claude Code answers for a tool call it did not run: refused by the user, a permission rule, a hook or its own
// sandbox checks; an invalid or unknown call; an interrupt.
const NEVER_RAN = [
  '<tool_use_error>', 'The user doesn\'t want to proceed with this tool use', 'doesn\'t want to take this action', 'has been denied',
  'requested permissions to use', 'was blocked', 'hook error', 'blocked by hook', 'No such tool available', 'InputValidationError',
  '[Request interrupted by user'
]

function resultOf (line: Buffer | undefined, id: string): Result & { found: boolean } {
  const e = line && resultLine(line)
  const content: unknown = (e?.message as Record<string, unknown> | undefined)?.content
  const block = Array.isArray(content) ? content.find(b => b?.type === 'tool_result' && b.tool_use_id === id) : undefined
  if (!block) return { found: false }
  const c: unknown = block.content
  const text = typeof c === 'string' ? c : Array.isArray(c) ? c.filter(x => x?.type === 'text').map(x => String(x.text)).join('\n') : ''
  if (block.is_error === true) {
    const m = /^Exit code (\d+)/.exec(text)
    if (m) return { found: true, exitCode: Number(m[1]), output: text.slice(m[0].length) }
    // Claude Code 1.0.x wrote a failing command's output with no "Exit code N": it ran and failed, unless the text is
    // one Claude Code writes for a call it never ran (denied, blocked, invalid, interrupted).
    return NEVER_RAN.some(m => text.includes(m)) ? { found: true, error: true, output: text } : { found: true, failed: true, output: text }
  }
  // An interrupted command did not finish: it verified nothing.
  if (e?.interrupted === true) return { found: true, error: true, output: text }
  return { found: true, exitCode: 0, output: text }
}

/** One tool_use block as a step; its result (if already met) is taken from the log. */
export function toolUseStep (block: Record<string, any>, log: StepLog): Step {
  const id = String(block.id ?? '')
  const tool = String(block.name ?? '')
  const input: Record<string, any> = typeof block.input === 'object' && block.input !== null ? block.input : {}
  const line = log.takeResult(id)
  if (SHELL_TOOLS.has(tool) && typeof input.command === 'string') {
    // A background run answers at once with its shell id: its outcome is not in this result.
    const r = input.run_in_background === true ? {} : resultOf(line, id)
    return commandStep(tool, input.command, log.classifier, r)
  }
  if (EDIT_TOOLS.has(tool)) {
    const path = input.file_path ?? input.notebook_path
    const r = line ? resultOf(line, id) : { found: false }
    const status = !r.found ? 'pending' : r.error || r.exitCode !== 0 ? 'error' : 'passed'
    return { kind: 'edit', tool, paths: typeof path === 'string' ? [path] : [], status }
  }
  return { kind: 'tool', tool }
}
