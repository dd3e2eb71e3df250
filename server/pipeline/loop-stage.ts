/** Stage 9: loop guard: the governor sees every Stop-type decision and turns a block that would loop into an allow. */
import type { Runtime } from '../runtime.js'
import type { Turn } from './turn.js'

export async function loopStage (t: Turn, rt: Runtime): Promise<void> {
  const max = rt.config.judge.loop.maxConsecutiveBlocks
  for (const run of t.runs) {
    const d = run.final!
    // rt.state.loop: this process's governor, or the team's in Redis (blocks in a row counted across replicas).
    const guard = await rt.state.loop.review(t.event, run.hook.name, d.decision === 'block', t.text, max)
    if (guard) run.final = { ...d, decision: 'allow', source: 'guard', wouldBlock: true, guard }
  }
}
