/** What a turn did, from its steps: edited, ran a command, used a tool that may change things, or only read (quiet); pure. */
import type { TurnText } from '../agents/transcript-reader.js'
import type { Step } from './steps.js'

/** unknown: no evidence, steps missed (partial), or a transcript behind the hook's last message. */
export type TurnKind = 'edit' | 'command' | 'tool' | 'quiet' | 'unknown'
export const TURN_KINDS: readonly TurnKind[] = ['edit', 'command', 'tool', 'quiet', 'unknown']

/** Tools that read, plan or ask, and change nothing (Claude Code's and Codex's names); any other tool may change files. */
export const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(['Read', 'Grep', 'Glob', 'LS', 'WebFetch', 'WebSearch', 'TodoWrite', 'TaskCreate',
  'TaskUpdate', 'TaskList', 'TaskGet', 'update_plan', 'AskUserQuestion', 'request_user_input', 'EnterPlanMode', 'ExitPlanMode', 'exit_plan_mode',
  'ToolSearch', 'NotebookRead', 'view_image', 'web_search', 'list_mcp_resources', 'list_mcp_resource_templates'])

export function kindOfSteps (steps: readonly Step[]): Exclude<TurnKind, 'unknown'> {
  if (steps.some(s => s.kind === 'edit' && s.status !== 'error')) return 'edit'
  if (steps.some(s => s.kind === 'command')) return 'command'
  return steps.some(s => s.kind === 'tool' && !READ_ONLY_TOOLS.has(s.tool)) ? 'tool' : 'quiet'
}

/** A turn is known only when its steps were read in full from a file that held the hook's last message. */
export function turnKind (read: Pick<TurnText, 'evidence' | 'lagging'>): TurnKind {
  const ev = read.evidence
  return !ev || ev.partial || read.lagging === true ? 'unknown' : kindOfSteps(ev.steps)
}
