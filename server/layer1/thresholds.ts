/** Chooses a scorer's thresholds on the held-back split: one for all turns, and one per class of turn that has positives; pure. */
import type { TurnClass } from './model.js'

/** s: the message's best score (null: no trigger reached it); cls: its turn's class, where it has one of the chosen ones. */
export interface Scored { s: number | null, block: boolean, cls?: TurnClass }
export interface Thresholds { threshold: number, classes: Partial<Record<TurnClass, number>> }

// Just under a kept positive's score, so that positive is sent on.
const under = (s: number) => Math.max(0, s - 1e-6)

/** The highest threshold that still sends `target` of the positives to the judge (those the triggers reach at all). */
export function pickThreshold (scores: number[], positives: number, target: number): number {
  const sorted = [...scores].sort((a, b) => b - a)
  const need = Math.ceil(target * positives)
  if (sorted.length === 0) return 0.5
  const at = sorted[Math.min(need, sorted.length) - 1] ?? sorted[sorted.length - 1]!
  return under(at)
}

/** One group of turns at one threshold: the positives it keeps and the messages it sends. */
interface Option { threshold: number, kept: number, sent: number }
const optionAt = (xs: Scored[], threshold: number): Option =>
  ({ threshold, kept: xs.filter(x => x.block && x.s !== null && x.s >= threshold).length, sent: xs.filter(x => x.s !== null && x.s >= threshold).length })

/** A group's options: each threshold just under one of its positives' scores, at most `cap`, and `cap` itself. */
function optionsOf (xs: Scored[], cap = Infinity): Option[] {
  const cuts = xs.filter(x => x.block && x.s !== null).map(x => under(x.s!)).filter(t => t <= cap)
  return [...new Set(cap === Infinity ? cuts : [...cuts, cap])].map(t => optionAt(xs, t))
}

/**
 * The thresholds (the other turns', and each class's) that send the fewest messages on while sending at least `target`
 * of the positives. A turn that only read, only ran commands, or already committed talks differently about a fix or a
 * commit (mostly a diagnosis, instructions, the report of a push), yet may still hold a violation (an earlier turn's fix
 * reported; "Committed. Shall I push?"), so its class gets a score of its own where the split says so, not a free pass.
 * A class stands apart only where the split holds positives of its turns, and keeps at least its best one: none in the
 * split is no evidence that the class holds none (2 of the corpus's 12 real scope-change violations are in turns that
 * only read; its validation split has none), so no class of turns is ever shut off. The other turns (no class: edits,
 * unread transcripts, written messages) never ask more than the one threshold would: what is known of them is least,
 * and raising theirs to pay for a lower class threshold cost the team's short corpus a tenth of commit's recall. Exact: every choice
 * of classes apart, each searched in `fewestSent`.
 */
export function pickThresholds (scored: Scored[], target: number): Thresholds {
  const positives = scored.filter(x => x.block).length
  const reached = scored.filter(x => x.block && x.s !== null).map(x => x.s!)
  const single = pickThreshold(reached, positives, target)
  const need = Math.min(Math.ceil(target * positives), reached.length)
  const candidates = [...new Set(scored.map(x => x.cls).filter((c): c is TurnClass => c !== undefined))]
    .filter(c => scored.some(x => x.cls === c && x.block && x.s !== null)).sort()
  let best: Thresholds = { threshold: single, classes: {} }
  let fewest = scored.filter(x => x.s !== null && x.s >= single).length
  for (let subset = 1; subset < 1 << candidates.length; subset++) {
    const apart = candidates.filter((_, i) => subset & 1 << i)
    const rest = scored.filter(x => x.cls === undefined || !apart.includes(x.cls))
    if (!rest.some(x => x.block && x.s !== null && x.s >= single)) continue
    const found = fewestSent([optionsOf(rest, single), ...apart.map(c => optionsOf(scored.filter(x => x.cls === c)))], need)
    if (found && found.sent < fewest) {
      fewest = found.sent
      best = { threshold: found.picks[0]!.threshold, classes: Object.fromEntries(apart.map((c, i) => [c, found.picks[i + 1]!.threshold])) }
    }
  }
  return best
}

/** Disjoint groups, one option each: sent and kept add up over them, so the fewest sent for each count kept (counted up
 * to `need`) is a knapsack over the groups. Undefined where no choice keeps `need`. */
function fewestSent (groups: Option[][], need: number): { sent: number, picks: Option[] } | undefined {
  let best = new Map<number, { sent: number, picks: Option[] }>([[0, { sent: 0, picks: [] }]])
  for (const options of groups) {
    const next = new Map<number, { sent: number, picks: Option[] }>()
    for (const [kept, so] of best) {
      for (const o of options) {
        const k = Math.min(need, kept + o.kept)
        const was = next.get(k)
        if (!was || so.sent + o.sent < was.sent) next.set(k, { sent: so.sent + o.sent, picks: [...so.picks, o] })
      }
    }
    best = next
  }
  return best.get(need)
}
