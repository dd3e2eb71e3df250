/** Stage 9: loop guard: the governor sees every Stop-type decision and turns a block that would loop into an allow. */
import type { LoopGuard } from '../guards/loop.js'
import type { Runtime } from '../core/runtime.js'
import type { HookRun, Turn } from './turn.js'

function guarded (run: HookRun, guard: LoopGuard | null): void {
  if (guard) run.final = { ...run.final!, decision: 'allow', source: 'guard', wouldBlock: true, guard }
}

export async function loopStage (t: Turn, rt: Runtime): Promise<void> {
  const max = rt.config.judge.loop.maxConsecutiveBlocks
  // rt.state.loop: this process's governor, or the team's in Redis (blocks in a row counted across replicas), which
  // decides a block from the state the ask stage read with its claims (t.loopAhead) and waits for no round trip more.
  await Promise.all(t.runs.map(async (run) => {
    guarded(run, await rt.state.loop.review(t.event, run.hook.name, run.final!.decision === 'block', t.text, max, t.loopAhead))
  }))
}

/** The deadline's answer: this process's governor only, synchronously (as the team store does when Redis is away). */
export function loopNow (t: Turn, rt: Runtime): void {
  const max = rt.config.judge.loop.maxConsecutiveBlocks
  for (const run of t.runs) guarded(run, rt.loop.review(t.event, run.hook.name, run.final!.decision === 'block', t.text, max))
}
