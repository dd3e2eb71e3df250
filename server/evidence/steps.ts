/** What the agent did in a turn, as steps gathered while its transcript is read backwards: commands with exit status, file edits. */
import type { CheckKind } from './checks.js'
import { isNarrow, type RunProof } from './run-proof.js'
import { scriptFacts } from './printing-script.js'
import { ownOutput } from './verification.js'

/** passed / failed: the command ran and exited (0 / not 0) · error: the tool refused or failed before running it (not approved,
 * no such tool) · pending: no result in the transcript (still running, in the background, or not yet written). */
export type StepStatus = 'passed' | 'failed' | 'error' | 'pending'

export type Step =
  | {
    kind: 'command',
    tool: string,
    command: string,
    status: StepStatus,
    exitCode?: number,
    tail?: string,
    verification: boolean
    /** What it checks, by the configured evidence.checks (tests, build, lint, types, run, deploy, git). */
    checks?: CheckKind[]
    /** It passed, but proves nothing: why (its status hidden, no tests ran, watch mode, in the background…). */
    unproven?: string
    /** The checks its output shows it ran (a script's echoed lines, make's recipes, Gradle's tasks, Maven's plugins), lower-cased. */
    ran?: string[]
    /** A test run of one file or a selection, not the whole suite. */
    narrow?: true
    /** How many tests its output says passed. */
    passed?: number
    /** It failed by timing out or as a flake, by its output (a test that was itself what was broken). */
    flaky?: true
    /** The script a package runner said it ran ("> sh scripts/ci.sh"), by its output. */
    script?: string
    /** A script it showed (`cat path`) whose body only prints: that path. */
    printing?: string
  }
  | { kind: 'edit', tool: string, paths: string[], status: StepStatus }
  | { kind: 'tool', tool: string }

/** How commands are told apart (server/evidence/verification.ts); kept behind an interface so the readers stay format-only. */
export interface Classifier {
  /** Whether the command runs a verification (tests, build, lint, type check), and whether its exit status is the check's own. */
  classify (command: string, output?: string): { verification: boolean, exitReliable: boolean, checks: CheckKind[], ran?: string[] }
  /** What a check that exited 0 proves, from its command line and output (server/evidence/run-proof.ts). */
  proof (command: string, output: string, checks: CheckKind[], exitReliable: boolean): RunProof
  /** Whether a check's output reports a failure (used when a pipe hides its exit status). */
  outputFails (output: string): boolean
}

export interface StepLog {
  /** Adds a step met while reading backwards (so the latest step comes first). */
  add (step: Step): void
  /** Claude Code: a tool-result line, kept undecoded until the call it answers is met (most results are never decoded). */
  keepResult (id: string, line: Buffer): void
  takeResult (id: string): Buffer | undefined
  /** True when this tool call id was met before (a message written twice); marks it met otherwise. */
  seen (id: string): boolean
  readonly classifier: Classifier
  /**
   * True once the turn's last applied edit has been met (read backwards, the first): every run a claim can rest on
   * follows it, so a scan past its text cap may stop there. What it then misses (an earlier failed edit, a runner
   * redefined, a wider run that failed, whether every edit was a note) only ever lets a claim through.
   */
  readonly settled: boolean
  /** Every step in transcript order. */
  steps (): Step[]
}

const TAIL_LINES = 3
const TAIL_CHARS = 240

/** The last few non-empty lines of a command's output, bounded. */
export function outputTail (output: string): string | undefined {
  const lines = output.slice(-8 * TAIL_CHARS).split('\n').map(l => l.trimEnd()).filter(l => l.trim() !== '')
  const tail = lines.slice(-TAIL_LINES).join('\n')
  return tail === '' ? undefined : tail.length > TAIL_CHARS ? `…${tail.slice(-TAIL_CHARS)}` : tail
}

const FLAKE = /\btim(?:ed|es)\s+out\b|\btimeout\b|\bflak(?:y|iness)\b|\bintermittent(?:ly)?\b/i

/** A finished command as a step: its status from the exit code, or from its output when a pipe hides the check's own exit code. */
/** result.failed: it ran and failed but no exit code was written (Claude Code 1.0.x). */
export function commandStep (tool: string, command: string, classifier: Classifier, result: { exitCode?: number, error?: boolean, failed?: boolean, output?: string }): Step {
  // What the line's own echo printed is no program's output: a success line it wrote proves nothing.
  const output = result.output === undefined ? undefined : ownOutput(command, result.output)
  const { verification, exitReliable, checks, ran } = classifier.classify(command, output)
  const tail = result.output === undefined ? undefined : outputTail(result.output)
  let status: StepStatus
  let proof: RunProof = {}
  if (result.exitCode === undefined) status = result.failed ? 'failed' : result.error ? 'error' : 'pending'
  else if (result.exitCode !== 0) status = 'failed'
  else if (verification || checks.length > 0) {
    proof = classifier.proof(command, output ?? '', checks, exitReliable)
    status = proof.failed ? 'failed' : 'passed'
  } else status = 'passed'
  return {
    kind: 'command',
    tool,
    command,
    status,
    verification,
    ...(checks.length > 0 ? { checks } : {}),
    ...(proof.unproven ? { unproven: proof.unproven } : {}),
    ...(ran && ran.length > 0 ? { ran } : {}),
    // A failed run's scope matters too: a failed `jest a.test.ts` is no failed full run.
    ...(proof.narrow || (status === 'failed' && checks.length > 0 && isNarrow(command, checks, true)) ? { narrow: true as const } : {}),
    ...(proof.passed !== undefined ? { passed: proof.passed } : {}),
    ...(status === 'failed' && FLAKE.test(output?.slice(-16 * 1024) ?? '') ? { flaky: true as const } : {}),
    ...(result.exitCode === undefined ? {} : { exitCode: result.exitCode }),
    ...(tail ? { tail } : {}),
    ...(output === undefined ? {} : scriptFacts(command, output))
  }
}

export const ran = (s: Step): boolean => s.kind === 'command' && (s.status === 'passed' || s.status === 'failed')

export function createStepLog (classifier: Classifier): StepLog {
  const backwards: Step[] = []
  let settled = false
  const results = new Map<string, Buffer>()
  const ids = new Set<string>()
  return {
    classifier,
    add (step) {
      backwards.push(step)
      if (step.kind === 'edit' && step.status !== 'error') settled = true
    },
    keepResult (id, line) { results.set(id, line) },
    takeResult (id) {
      const line = results.get(id)
      results.delete(id)
      return line
    },
    seen (id) {
      if (ids.has(id)) return true
      ids.add(id)
      return false
    },
    get settled () { return settled },
    steps: () => [...backwards].reverse()
  }
}
