/** Copilot CLI tool calls as steps: tool.execution_start events, matched to the tool.execution_complete that answers each; pure. */
// Verified on 1.0.102 against a loopback fake (test/fixtures/transcripts/copilot-evidence-shapes.jsonl): a start carries
// {toolCallId, toolName, arguments} (bash: {command}; apply_patch: the patch text); its complete carries {toolCallId,
// success, shellExecution: {exitCode}, result: {content}, fileEdits: [{path}], error}. A shell's content ends in its own
// "<shellId: N completed with exit code X>" line; a patch that failed to apply is success: false, with no fileEdits.
import { commandStep, type Step, type StepLog } from '../../evidence/steps.js'
import { parseLine } from '../utterances.js'

const SHELL_TOOLS = new Set(['bash', 'powershell'])
const EDIT_TOOLS = new Set(['apply_patch', 'edit', 'create', 'str_replace_editor', 'str_replace', 'write'])
const ID_KEY = Buffer.from('"toolCallId":"')
const SHELL_MARK = /\n?<shellId: [^>]{1,80}>\s*$/
const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm

/** Keeps a tool.execution_complete line under its call id, found by a byte search: the line is decoded only if its call is met. */
export function keepCompletion (line: Buffer, log: StepLog): void {
  const at = line.indexOf(ID_KEY)
  if (at < 0) return
  const start = at + ID_KEY.length
  const end = line.indexOf(0x22, start)
  if (end > start && end - start <= 200) log.keepResult(line.toString('latin1', start, end), line)
}

/** The step a tool.execution_start event's call made, with its completion if one was written. */
export function copilotStep (data: Record<string, any>, log: StepLog): Step | undefined {
  const name = String(data.toolName ?? '')
  const id = String(data.toolCallId ?? '')
  const kept = id === '' ? undefined : log.takeResult(id)
  const done: Record<string, any> | undefined = kept ? parseLine(kept)?.data : undefined
  const args = data.arguments
  if (SHELL_TOOLS.has(name)) {
    const command = typeof args?.command === 'string' ? args.command : ''
    const exitCode: unknown = done?.shellExecution?.exitCode
    const content: unknown = done?.result?.content
    const output = typeof content === 'string' ? content.replace(SHELL_MARK, '') : undefined
    // No exit code: refused or failed before it ran (success false), else still running or detached.
    if (typeof exitCode !== 'number') return commandStep(name, command, log.classifier, { error: done?.success === false, output })
    return commandStep(name, command, log.classifier, { exitCode, output })
  }
  if (!EDIT_TOOLS.has(name)) return undefined
  const edits: unknown = done?.fileEdits
  const written = Array.isArray(edits) ? edits.map(e => String(e?.path ?? '')).filter(p => p !== '') : []
  const said = typeof args === 'string' ? [...args.matchAll(PATCH_FILE)].map(m => m[1]!.trim()) : typeof args?.path === 'string' ? [args.path] : []
  const status = done === undefined ? 'pending' : done.success === true ? 'passed' : 'error'
  return { kind: 'edit', tool: name, paths: written.length > 0 ? written : said, status }
}
