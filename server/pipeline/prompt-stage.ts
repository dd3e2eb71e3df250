/** Stage 5: prompt: cached verdicts are taken, and the other hooks get one prompt per backend chain. */
import { cacheKey } from '../judge/cache.js'
import { buildTurnPrompt } from '../judge/prompt.js'
import type { Runtime } from '../core/runtime.js'
import { type HookRun, pending, type Turn } from './turn.js'

export function promptStage (t: Turn, rt: Runtime): void {
  const redacted = t.redacted!.text
  const facts = t.summary?.lines
  const judged = facts ? `${redacted}\0${facts.join('\n')}` : redacted
  const groups = new Map<string, HookRun[]>()
  for (const run of pending(t)) {
    run.key = cacheKey(run.hook.fingerprint, judged)
    const hit = rt.cache.get(run.key)
    if (hit) { run.answer = { ok: true, verdict: hit, lookup: 'hit', attempts: [] }; continue }
    const chain = run.chain.map(b => b.name).join(',')
    groups.set(chain, [...(groups.get(chain) ?? []), run])
  }
  for (const runs of groups.values()) {
    const prompt = buildTurnPrompt(runs.map(r => r.hook), redacted, undefined, facts)
    // Identical requests in flight share one call: same hooks, same text, same facts.
    t.asks.push({ chain: runs[0]!.chain, runs, prompt, key: runs.map(r => r.key).join('|') })
  }
}
