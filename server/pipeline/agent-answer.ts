/** Stage 10: the agent's answer: every hook's decision combined into one Outcome, in the agent's own JSON. */
import type { Decision, Outcome } from '../agents/event.js'
import { commandToRun } from '../evidence/test-command.js'
import type { Runtime } from '../core/runtime.js'
import type { HookRun, Turn } from './turn.js'

// What a claim of these types asks to be run, when the turn ran nothing of the kind: the project's tests are looked up.
const ASKS: Partial<Record<string, string>> = {
  build: 'the project\'s build', lint: 'the project\'s linter check (not --fix)', types: 'the type checker', deployed: 'the deploy', committed: 'the git command'
}

/**
 * The command the feedback names: the run behind the first unsupported claim, else what its kind asks for; a claim about
 * tests, a fix or a feature asks for the tests (the turn's last test run, else the project's test command).
 */
async function commandFor (t: Turn, rt: Runtime): Promise<string> {
  const claim = t.claims?.find(c => c.outcome === 'unsupported')
  if (claim?.command) return `\`${rt.redact(claim.command).text.replace(/\s+/g, ' ').trim().slice(0, 120)}\``
  const asks = claim && ASKS[claim.type]
  return asks ?? await commandToRun(t.evidence, t.event.cwd, t.until, rt.clock, claim !== undefined)
}

/** deny beats ask beats allow; a Stop has no ask (nothing is left to approve once the reply is written). */
const RANK: Record<Decision, number> = { allow: 0, ask: 1, block: 2, deny: 2 }

/** What the model reads for one hook's block, deny or ask; files: false names no project file (the deadline's answer). */
export async function messageOf (run: HookRun, t: Turn, rt: Runtime, files = true): Promise<string> {
  const d = run.final!
  // A rule's or self-protection's reason is the whole message; a judged block reads the hook's feedback.
  if (d.rule !== undefined && d.reason) return d.reason
  if (d.decision === 'ask') return `hookjudge (${run.hook.name}) could not judge this call (${d.failure ?? 'judge unavailable'}); a human must approve it.`
  const { feedback } = run.hook
  const command = files && feedback.includes('{command}') ? await commandFor(t, rt) : undefined
  return feedback.trim().replaceAll('{reason}', d.reason || 'none given').replaceAll('{command}', command ?? 'the project\'s tests')
}

export async function agentAnswer (t: Turn, rt: Runtime, files = true): Promise<{ outcome: Outcome, output: Record<string, unknown> }> {
  const stop = t.event.event === 'Stop' || t.event.event === 'SubagentStop'
  let top: Decision = 'allow'
  for (const run of t.runs) {
    const d = run.final!.decision
    if (stop && d === 'ask') continue
    if (RANK[d] > RANK[top]) top = d
  }
  // The next Stop of this turn judges only what the agent writes after this feedback (with Redis, on any replica).
  if (stop && top === 'block') rt.state.loop.tell(t.event, t.turnText)
  const deciding = t.runs.filter(r => r.final!.decision === top)
  const messages = top === 'allow' ? [] : [...new Set(await Promise.all(deciding.map(r => messageOf(r, t, rt, files))))]
  const outcome: Outcome = {
    decision: top,
    ...(messages.length > 0 ? { message: messages.join('\n\n') } : {}),
    ...(t.updatedOutput !== undefined ? { updatedOutput: t.updatedOutput } : {})
  }
  return { outcome, output: t.adapter.toOutput(t.event, outcome) }
}
