/** The one class of a turn from its steps (quiet, committed, command), as decision records and labels carry it; pure. */
import type { TurnText } from '../agents/transcript-reader.js'
import { committedIn } from './committed.js'
import { type Facts, factsOf, type TurnEvidence } from './facts.js'
import type { Step } from './steps.js'
import { turnKind } from './turn-kind.js'

export type TurnClass = 'quiet' | 'committed' | 'command'
export const TURN_CLASSES: readonly TurnClass[] = ['quiet', 'committed', 'command']

/**
 * quiet: read in full, only read · committed: a commit, push or pull request that succeeded (one such step is enough,
 * wherever the backwards read stopped) · command: read in full, ran commands and edited nothing. In that order: a turn
 * that pushed is `committed` whether or not it edited. Undefined for every other turn (edits, tools, unknown).
 */
export function turnClass (read: Pick<TurnText, 'evidence' | 'lagging'>): TurnClass | undefined {
  let known = seen.get(read)
  if (!known) seen.set(read, known = { cls: classOf(read) })
  return known.cls
}

// A read is not changed once made: Layer 1 (for each hook it decides) and the records (after the answer) share one look.
const seen = new WeakMap<object, { cls: TurnClass | undefined }>()

function classOf (read: Pick<TurnText, 'evidence' | 'lagging'>): TurnClass | undefined {
  const kind = turnKind(read)
  if (kind === 'quiet') return 'quiet'
  if (read.evidence && committedIn(read.evidence.steps)) return 'committed'
  return kind === 'command' ? 'command' : undefined
}

const ran = (command: string): Step => ({ kind: 'command', tool: 'Bash', command, status: 'passed', verification: false })
const CLASS_STEPS: Record<TurnClass, Step[]> = { quiet: [], committed: [ran('git push')], command: [ran('ls')] }

/** Evidence of that class for a text whose transcript is gone (eval's corpus rows, replay's records), with its facts as
 * they were logged where there are some: Layer 1 then applies what the live turn did. */
export function classEvidence (cls: TurnClass, facts?: Facts): TurnEvidence {
  const steps = CLASS_STEPS[cls]
  return { facts: facts ?? factsOf(steps), steps, partial: false }
}
