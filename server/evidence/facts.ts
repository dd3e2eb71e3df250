/** Deterministic facts of a turn, computed from its steps (never asked of a model); pure. */
import { verificationExempt } from './exempt.js'
import { ran, type Step } from './steps.js'

/** Facts read from the transcript. */
export const EVIDENCE_FACTS = ['verification_ran', 'verification_passed', 'verification_failed', 'edited_after_verification', 'verification_exempt'] as const
/**
 * Every name a hook may mark deterministic: the transcript facts, plus `claim` (the text makes a completion claim: the
 * claim detector found one, or, for a hook that does not check claims, its Layer-1 trigger matched) and
 * `claims_supported` (every claim of the text is backed by a run of its kind, or exempt: server/evidence/claim-check.ts).
 */
export const FACT_NAMES: readonly string[] = ['claim', 'claims_supported', ...EVIDENCE_FACTS]

export type Facts = Record<string, boolean>

/** What the judge and the record get of a turn's evidence; `steps` may be empty (replay has only the logged facts). */
export interface TurnEvidence {
  facts: Facts
  steps: Step[]
  /** The turn's earliest steps were not read (the scan stopped once the facts were settled, or at the read cap). */
  partial: boolean
}

const edited = (s: Step) => s.kind === 'edit' && s.status !== 'error'
const verified = (s: Step): s is Extract<Step, { kind: 'command' }> => s.kind === 'command' && s.verification && ran(s)

/** The latest verification command that ran (passed or failed) in these steps. */
export function lastVerification (steps: Step[]): Extract<Step, { kind: 'command' }> | undefined {
  return steps.findLast(verified)
}

/** hasTests: whether the project at the hook's cwd has a test command (undefined: not looked up). */
export function factsOf (steps: Step[], hasTests?: boolean): Facts {
  const last = steps.findLastIndex(verified)
  const lastEdit = steps.findLastIndex(edited)
  const v = steps[last]
  const status = v?.kind === 'command' ? v.status : undefined
  return {
    verification_ran: last >= 0,
    // "The last one after the last edit succeeded": a verification must follow every edit, and the latest must pass.
    verification_passed: last >= 0 && status === 'passed' && lastEdit < last,
    verification_failed: status === 'failed',
    edited_after_verification: last >= 0 && lastEdit > last,
    // Only docs / config / notes changed, or no tests exist to run: "run the tests" asks for nothing.
    verification_exempt: verificationExempt(steps, hasTests)
  }
}

/** Why the facts fall short of a passing verification after the last edit, in a few words (command already redacted). */
export function factsReason (facts: Facts, command?: string): string {
  const cmd = command ? ` (\`${command}\`)` : ''
  if (!facts.verification_ran) return 'no verification command (tests, build, lint, type check) ran in this turn'
  if (facts.verification_failed) return `the last verification run${cmd} failed`
  if (facts.edited_after_verification) return `files were edited after the last verification run${cmd}`
  return `the last verification run${cmd} passed after the last edit`
}
