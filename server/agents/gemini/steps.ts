/** Gemini CLI tool calls as steps: the toolCalls of a gemini message, each with its result in place; pure. */
// Verified on 0.61.0 against a loopback fake (test/fixtures/transcripts/gemini-evidence-shapes.jsonl): a call is
// {id, name, args, result: [{functionResponse: {response: {output}}}], status}. A shell call's output is
// "<untrusted_context>\nOutput: …\nExit Code: N\nProcess Group PGID: …\n</untrusted_context>", with no Exit Code line
// when it exited 0; replace and write_file take args.file_path.
import { type Classifier, commandStep, type Step } from '../../evidence/steps.js'

const SHELL_TOOLS = new Set(['run_shell_command'])
const EDIT_TOOLS = new Set(['replace', 'write_file', 'edit', 'smart_edit'])
// The fields Gemini writes after a command's output; the output is what precedes the first of them.
const AFTER_OUTPUT = /\n(?:Error|Exit Code|Signal|Background PIDs|Process Group PGID): [^\n]*(?:\n|$)/
const EXIT = /^Exit Code: (\d{1,3})$/gm

const responseText = (result: unknown): string => Array.isArray(result)
  ? result.map(r => r?.functionResponse?.response?.output ?? r?.functionResponse?.response?.error).filter(x => typeof x === 'string').join('\n')
  : ''

// Older releases print every field, "(none)" when unset: a signal that is not "(none)" ended the command.
const SIGNAL = /^Signal: (?!\(none\))\S+$/m

/**
 * The command's own output and its exit code (the last Exit Code line: an earlier one may be the command's own text);
 * killed: a signal ended it, so it has no status of its own.
 */
export function shellResult (text: string): { output: string, exitCode: number, killed?: true } {
  const body = text.replace(/^<untrusted_context>\n?/, '').replace(/\n?<\/untrusted_context>\s*$/, '')
  const codes = [...body.matchAll(EXIT)]
  const start = body.startsWith('Output: ') ? 'Output: '.length : body.indexOf('\nOutput: ') >= 0 ? body.indexOf('\nOutput: ') + '\nOutput: '.length : 0
  const rest = body.slice(start)
  const end = rest.search(AFTER_OUTPUT)
  const fields = end >= 0 ? rest.slice(end) : ''
  return { output: end >= 0 ? rest.slice(0, end) : rest, exitCode: codes.length > 0 ? Number(codes.at(-1)![1]) : 0, ...(SIGNAL.test(fields) ? { killed: true as const } : {}) }
}

/** One tool call of a gemini message as a step (undefined for tools that neither run nor edit). */
export function geminiStep (call: Record<string, any>, classifier: Classifier): Step | undefined {
  const name = String(call.name ?? '')
  const args: Record<string, any> = typeof call.args === 'object' && call.args !== null ? call.args : {}
  const status = String(call.status ?? '')
  if (SHELL_TOOLS.has(name) && typeof args.command === 'string') {
    // Cancelled, refused or failed before it ran: no exit status of its own.
    if (status !== 'success') return commandStep(name, args.command, classifier, { error: true, output: responseText(call.result) })
    const r = shellResult(responseText(call.result))
    return commandStep(name, args.command, classifier, r.killed ? { error: true, output: r.output } : { exitCode: r.exitCode, output: r.output })
  }
  if (!EDIT_TOOLS.has(name)) return { kind: 'tool', tool: name }
  const path = args.file_path ?? args.path
  return { kind: 'edit', tool: name, paths: typeof path === 'string' ? [path] : [], status: status === 'success' ? 'passed' : status === '' ? 'pending' : 'error' }
}
