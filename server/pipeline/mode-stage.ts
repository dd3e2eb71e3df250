/** Stage 8: mode: a shadow hook logs what it would have done and answers allow; self-protection is never shadowed. */
import type { Turn } from './turn.js'

export function modeStage (t: Turn): void {
  for (const run of t.runs) {
    const d = run.final!
    if (run.hook.mode !== 'shadow' || d.decision === 'allow' || d.source === 'guard') continue
    // A would-block shows as shadow; a fallback ask keeps its source: shadow never changes the answer, not even then.
    run.final = { ...d, decision: 'allow', source: d.wouldBlock ? 'shadow' : d.source }
  }
}
