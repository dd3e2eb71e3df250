// Layer 1 per turn (server/layer1/joint.ts): which hooks send a turn alone and which join one; how train chooses the factors.
import t from 'tap'
import { jointApplies, type JointRow, pickJoint, turnHits } from '../../server/layer1/joint.js'

const ALL = new Set(['a', 'b'])
const joint = (alone: number, joins: number) => ({ alone, joins, hooks: ['a', 'b'] })

t.test('turnHits: nothing goes unless a hook sends the turn alone; then each hook at or above its joining score', async t => {
  const cases: Array<[string, Array<number | null>, boolean[]]> = [
    ['a sends alone, b joins below its own threshold', [1.2, 0.5], [true, true]],
    ['b above its own threshold but below its alone factor, a below', [0.9, 2], [false, false]],
    ['b past its alone factor sends the turn; a below its own threshold stays out', [0.9, 3], [false, true]],
    ['b under its joining score stays out of a sent turn', [1, 0.3], [true, false]],
    ['no trigger anywhere', [null, null], [false, false]]
  ]
  const joints = [joint(1, 1), joint(3, 0.4)]
  for (const [name, rels, want] of cases) t.strictSame(turnHits(rels.map((rel, i) => ({ rel, joint: joints[i] })), ALL), want, name)
  // A hook without factors (a trigger-only hook, a model trained alone) goes at its own threshold, and sends no turn for
  // the hooks with factors: those were chosen on the turns their own hooks send.
  t.strictSame(turnHits([{ rel: 1 }, { rel: 0.9, joint: joint(3, 0.4) }], ALL), [true, false])
})

t.test('the factors hold only when every hook they were chosen with is in the request', async t => {
  t.ok(jointApplies(joint(3, 0.4), ALL))
  t.notOk(jointApplies(joint(3, 0.4), new Set(['b'])), 'asked alone (/judge/b), or with a turned off')
  t.notOk(jointApplies(undefined, ALL))
  t.strictSame(turnHits([{ rel: 2, joint: joint(3, 0.4) }], new Set(['b'])), [true], 'b alone sends at its own threshold')
})

t.test('pickJoint: fewer real messages sent, and no hook keeps fewer positives than at its own threshold', async t => {
  const rows: JointRow[] = [
    ...Array.from({ length: 6 }, () => ({ real: true, rel: [1.5, 1.2], block: [true, true] })),
    // b's ordinary hits, which a never sends: what b costs on its own.
    ...Array.from({ length: 10 }, () => ({ real: true, rel: [null, 1.4], block: [false, false] })),
    ...Array.from({ length: 3 }, () => ({ real: true, rel: [2, null], block: [true, false] })),
    ...Array.from({ length: 20 }, () => ({ real: true, rel: [0.5, 0.5], block: [false, false] })),
    // One positive only b reaches, lost when b stops sending alone; one under b's threshold in a turn a sends, gained by joining.
    { real: true, rel: [null, 1.3], block: [false, true] },
    { real: true, rel: [1.2, 0.7], block: [false, true] }
  ]
  const { joints, sentBefore, sentAfter } = pickJoint(rows, ['a', 'b'])
  t.equal(sentBefore, 21)
  t.equal(sentAfter, 10, 'b no longer sends its ordinary hits')
  t.ok(joints[1]!.alone > 1.4)
  t.equal(joints[1]!.joins, 0.6, 'the highest joining score that keeps as many positives')
  t.strictSame(joints[0], { alone: 1, joins: 1, hooks: ['a', 'b'] }, 'a, which sends the positives, is left as it was')
  t.strictSame(pickJoint(rows, ['a', 'b']), { joints, sentBefore, sentAfter }, 'deterministic')
})

t.test('pickJoint on random tables: never fewer positives kept per hook, never more sent, as turnHits decides', async t => {
  let seed = 7
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31 }
  const hooks = ['a', 'b', 'c']
  const present = new Set(hooks)
  const kept = (rows: JointRow[], joints?: Array<{ alone: number, joins: number, hooks: string[] }>) => {
    const out = [0, 0, 0]
    let sent = 0
    for (const r of rows) {
      const goes = turnHits(r.rel.map((rel, i) => ({ rel, ...(joints ? { joint: joints[i] } : {}) })), present)
      if (goes.some(Boolean) && r.real) sent++
      goes.forEach((g, i) => { if (g && r.block[i]) out[i]!++ })
    }
    return { out, sent }
  }
  for (let draw = 0; draw < 100; draw++) {
    const rows: JointRow[] = Array.from({ length: 60 }, () => ({
      real: rand() < 0.8,
      rel: hooks.map(() => rand() < 0.3 ? null : rand() * 3),
      block: hooks.map(() => rand() < 0.15)
    }))
    const { joints, sentBefore, sentAfter } = pickJoint(rows, hooks)
    const before = kept(rows)
    const after = kept(rows, joints)
    t.equal(after.sent, sentAfter)
    t.equal(before.sent, sentBefore)
    if (!after.out.every((k, i) => k >= before.out[i]!) || sentAfter > sentBefore) t.fail(`draw ${draw}: ${JSON.stringify({ before, after })}`)
  }
})

t.test('pickJoint counts real messages only: a written positive sent costs nothing', async t => {
  const rows: JointRow[] = [{ real: false, rel: [null, 1.2], block: [false, true] }, { real: true, rel: [0.5, 0.5], block: [false, false] }]
  const { sentBefore, sentAfter } = pickJoint(rows, ['a', 'b'])
  t.equal(sentBefore, 0)
  t.equal(sentAfter, 0)
})
