/** Stage 9: loop guard: the governor sees every Stop-type decision and turns a block that would loop into an allow. */
import type { Runtime } from '../core/runtime.js'
import type { Turn } from './turn.js'

export async function loopStage (t: Turn, rt: Runtime): Promise<void> {
  const max = rt.config.judge.loop.maxConsecutiveBlocks
  // rt.state.loop: this process's governor, or the team's in Redis (blocks in a row counted across replicas); the
  // hooks' states are apart, so their steps go together (one round trip, pipelined).
  await Promise.all(t.runs.map(async (run) => {
    const d = run.final!
    const guard = await rt.state.loop.review(t.event, run.hook.name, d.decision === 'block', t.text, max)
    if (guard) run.final = { ...d, decision: 'allow', source: 'guard', wouldBlock: true, guard }
  }))
}
