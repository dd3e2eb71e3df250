/** Layer 1 per turn, not per hook: which hooks send a turn to the judge alone, and which only join a turn sent anyway; pure. */

/**
 * One model call asks every hook of a turn, so a hook that joins a turn another hook sends costs a few prompt lines, not
 * a call. A hook's scores are read relative to its own threshold (1 = its threshold for the turn's class): it sends the
 * turn on its own from `alone` (≥ 1) and joins a sent turn from `joins` (≤ 1). Chosen for a set of hooks together
 * (`hooks`), and applied only when all of them are in the request: otherwise each hook sends at its own threshold.
 */
export interface Joint { alone: number, joins: number, hooks: string[] }

/** A hook's standing in one turn: its score over its threshold (null: no trigger hit or a skip), and its joint factors. */
export interface Standing { rel: number | null, joint?: Joint }

/** The factors apply when every hook they were chosen with is in the request (enabled); else 1 and 1. */
export function jointApplies (joint: Joint | undefined, present: ReadonlySet<string>): joint is Joint {
  return joint !== undefined && joint.hooks.every(h => present.has(h))
}

/**
 * Which hooks go to the judge. A hook without factors that apply (a trigger-only hook, a model trained alone, a hook
 * asked without its partners) goes at its own threshold, and sends no turn for the others: the factors were chosen on
 * the turns their own hooks send. The hooks with factors go only when one of them sends the turn alone, each then at or
 * above its joining score.
 */
export function turnHits (standings: readonly Standing[], present: ReadonlySet<string>): boolean[] {
  const joint = standings.map(s => jointApplies(s.joint, present) ? s.joint : undefined)
  const sent = standings.some((s, i) => joint[i] !== undefined && s.rel !== null && s.rel >= joint[i]!.alone)
  return standings.map((s, i) => s.rel !== null && (joint[i] === undefined ? s.rel >= 1 : sent && s.rel >= joint[i]!.joins))
}

/** One validation message: each hook's relative score (null: not reached) and block label; real: not written for the corpus. */
export interface JointRow { real: boolean, rel: ReadonlyArray<number | null>, block: readonly boolean[] }

// Coarse grids: the factors are chosen on a few hundred positives, and a fine grid would only fit them.
const ALONE = [1, 1.1, 1.2, 1.3, 1.5, 1.75, 2, 2.5, 3, 4]
const JOINS = [1, 0.8, 0.6, 0.4, 0.2]
/** Every combination of "alone" factors is tried: 10^6 at most, well under a second. */
export const MAX_JOINT_HOOKS = 6

/** Row sets as bit sets (one bit a row): the search below is a few hundred word operations per combination. */
type Bits = Uint32Array
const bitsOf = (n: number, pick: (i: number) => boolean): Bits => {
  const b = new Uint32Array((n + 31) >>> 5)
  for (let i = 0; i < n; i++) if (pick(i)) b[i >>> 5]! |= 1 << (i & 31)
  return b
}
function popcount (x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
const countAnd = (a: Bits, b: Bits, c?: Bits) => { let n = 0; for (let w = 0; w < a.length; w++) n += popcount(a[w]! & b[w]! & (c ? c[w]! : ~0)); return n }

/**
 * The factors that send the fewest real messages on while every hook keeps at least the positives it keeps at its own
 * threshold (so each hook's recall on these rows is unchanged). Which turns are sent depends on the "alone" factors only,
 * so every combination of them is tried; each hook then gets the highest joining score that keeps its positives (fewer
 * hooks asked per call). Exact over the grids; ties keep the combination found first (lower factors first).
 */
export function pickJoint (rows: readonly JointRow[], hooks: readonly string[]): { joints: Joint[], sentBefore: number, sentAfter: number } {
  const n = rows.length
  const at = (h: number, f: number) => bitsOf(n, i => rows[i]!.rel[h] !== null && rows[i]!.rel[h]! >= f)
  const aloneBits = hooks.map((_, h) => ALONE.map(f => at(h, f)))
  const joinBits = hooks.map((_, h) => JOINS.map(f => at(h, f)))
  const real = bitsOf(n, i => rows[i]!.real)
  const block = hooks.map((_, h) => bitsOf(n, i => rows[i]!.block[h] === true))
  const sentBy = (choice: readonly number[]) => {
    const s = new Uint32Array(real.length)
    choice.forEach((c, h) => { const b = aloneBits[h]![c]!; for (let w = 0; w < s.length; w++) s[w]! |= b[w]! })
    return s
  }
  const start = sentBy(hooks.map(() => 0))
  const need = hooks.map((_, h) => countAnd(start, block[h]!, joinBits[h]![0]))
  const lowest = JOINS.length - 1
  const feasible = (sent: Bits) => hooks.every((_, h) => countAnd(sent, block[h]!, joinBits[h]![lowest]) >= need[h]!)
  const sentBefore = countAnd(start, real)
  let best = { sent: sentBefore, choice: hooks.map(() => 0) }
  if (hooks.length <= MAX_JOINT_HOOKS) {
    const choice = hooks.map(() => 0)
    const visit = (h: number): void => {
      if (h === hooks.length) {
        const sent = sentBy(choice)
        const count = countAnd(sent, real)
        if (count < best.sent && feasible(sent)) best = { sent: count, choice: [...choice] }
        return
      }
      for (let c = 0; c < ALONE.length; c++) { choice[h] = c; visit(h + 1) }
    }
    visit(0)
  }
  const sent = sentBy(best.choice)
  const joints = hooks.map((_, h) => {
    const j = JOINS.findIndex((_, k) => countAnd(sent, block[h]!, joinBits[h]![k]) >= need[h]!)
    return { alone: ALONE[best.choice[h]!]!, joins: JOINS[j]!, hooks: [...hooks] }
  })
  return { joints, sentBefore, sentAfter: best.sent }
}
