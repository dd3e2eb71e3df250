/** Codex tool calls as steps, from the rollout's typed item_completed events (CommandExecution, FileChange); pure. */
// Verified on 0.171.0 (test/fixtures/transcripts/codex-evidence-*.jsonl): each exec_command call ends in one
// `item_completed` event whose item is {type: "CommandExecution", id: <call_id>, command: ["/bin/bash", "-lc", "<cmd>"],
// status: "completed" | "failed", exit_code, aggregated_output}; an apply_patch (also when run through exec_command) ends in
// {type: "FileChange", changes: {<path>: {type: "add" | "update" | "delete"}}, status}. The response_item function_call /
// function_call_output lines describe the same calls again, so only the typed items are read.
import { commandStep, type Step, type StepLog } from '../../evidence/steps.js'

/** The command line a CommandExecution ran: the script of a `shell -lc <script>` argv, else the argv joined. */
export function commandLine (command: unknown): string {
  if (typeof command === 'string') return command
  if (!Array.isArray(command)) return ''
  const argv = command.map(String)
  return argv.length === 3 && /^-l?c$/.test(argv[1] ?? '') ? argv[2] ?? '' : argv.join(' ')
}

export function codexItemStep (item: Record<string, any>, log: StepLog): Step | undefined {
  if (item.type === 'CommandExecution') {
    const exitCode = typeof item.exit_code === 'number' ? item.exit_code : undefined
    const output = typeof item.aggregated_output === 'string' ? item.aggregated_output : undefined
    // Without an exit code, "failed" / "declined" means it never ran; anything else is still running.
    const error = exitCode === undefined && (item.status === 'failed' || item.status === 'declined')
    return commandStep('exec_command', commandLine(item.command), log.classifier, { exitCode, error, output })
  }
  if (item.type === 'FileChange') {
    const changes: unknown = item.changes
    const paths = typeof changes === 'object' && changes !== null ? Object.keys(changes) : []
    const status = item.status === 'completed' ? 'passed' : item.status === 'failed' || item.status === 'declined' ? 'error' : 'pending'
    return { kind: 'edit', tool: 'apply_patch', paths, status }
  }
  return undefined
}
