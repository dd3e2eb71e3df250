/** Stage 6: ask: each prompt goes to its chain once (identical requests in flight share the call), all within one deadline. */
import { type Asked, askChain, type Reading } from '../judge/ask.js'
import { parseVerdicts, type Verdict } from '../judge/verdict.js'
import { deadlineAt } from '../core/clock.js'
import type { Runtime } from '../core/runtime.js'
import { teamAsk } from '../state/team-ask.js'
import { settleFromTeam, shareable } from '../state/team-answers.js'
import type { Ask, Parsed, Turn } from './turn.js'

/** An answer is void only when no asked hook can be read from it; then the next backend of the chain is asked. */
function reader (ask: Ask): (text: string) => Reading<Parsed> {
  return (text) => {
    const parsed = parseVerdicts(text, ask.runs.map(r => r.hook), ask.prompt.data)
    const failed = [...parsed.values()].filter((v): v is Extract<Verdict, { ok: false }> => !v.ok)
    return failed.length === parsed.size ? { ok: false, error: voidWhy(parsed) } : { ok: true, value: parsed }
  }
}

/** Why no asked hook could be read, for every hook's record: each problem once, with the hooks it hit (not the first's alone). */
function voidWhy (parsed: Map<string, Verdict>): string {
  const hooks = new Map<string, string[]>()
  for (const [name, v] of parsed) if (!v.ok) hooks.set(v.error, [...hooks.get(v.error) ?? [], name])
  if (hooks.size === 0) return 'empty answer'
  const missing = [...hooks.keys()].filter(e => e.startsWith('no member '))
  if (missing.length === hooks.size && parsed.size > 1) return `no member for any asked hook in the answer (one JSON object, a member per hook: ${[...parsed.keys()].join(', ')})`
  return hooks.size === 1 ? [...hooks.keys()][0]! : [...hooks].map(([error, names]) => `${names.join(', ')}: ${error}`).join('; ')
}

function settleAsk (ask: Ask, asked: Asked<Parsed> | null, coalesced: boolean, rt: Runtime): void {
  const lookup = coalesced ? 'coalesced' : 'miss'
  // One call's attempts belong to one record (its cost, its latency), not to every hook it judged.
  const attempts = (i: number) => i === 0 && !coalesced && asked ? asked.attempts : []
  ask.runs.forEach((run, i) => {
    if (asked === null || !asked.ok) {
      run.answer = { ok: false, failure: asked === null ? `deadline of ${rt.config.judge.deadlineMs} ms passed` : asked.error, lookup, attempts: attempts(i) }
      return
    }
    const v = asked.value.get(run.hook.name)
    if (!v || !v.ok) { run.answer = { ok: false, failure: v?.error ?? 'no verdict', lookup, attempts: attempts(i) }; return }
    const verdict = { fields: v.fields, reason: v.reason, backend: asked.backend, model: asked.model }
    rt.cache.set(run.key!, verdict)
    run.answer = { ok: true, verdict, lookup, attempts: attempts(i) }
  })
}

export async function askStage (t: Turn, rt: Runtime): Promise<void> {
  if (t.asks.length === 0) return
  // The team's circuit states, read while the claims are taken: a backend other replicas found dead is skipped here too.
  const circuits = rt.state.circuits.pull([...new Set(t.asks.flatMap(a => a.chain.map(b => b.name)))])
  // And the loop governor's state, so a Stop this ask blocks is decided without another round trip after the model.
  t.loopAhead = rt.state.loop.ahead(t.event, t.runs.map(r => r.hook.name))
  // The request's deadline, not one counted from here: the transcript read and the flush wait came out of the same budget.
  const d = deadlineAt(rt.clock, t.started + rt.config.judge.deadlineMs)
  // The race bounds the answer even if a backend ignores its abort signal.
  const passed = d.passed.then(() => null)
  await Promise.all(t.asks.map(async (ask) => {
    // In process, identical asks share one promise; across replicas, teamAsk shares one model call (server/state/).
    const { promise, coalesced } = rt.cache.coalesce(ask.key, () => teamAsk(rt.state.verdicts, {
      askKey: ask.key,
      keys: ask.runs.map(r => r.key!),
      signal: d.signal,
      ask: () => circuits.then(() => askChain(ask.chain, { system: ask.prompt.system, user: ask.prompt.user, schema: ask.prompt.schema }, reader(ask), d.signal, rt.onAttempt)),
      share: asked => shareable(ask, asked)
    }))
    const answer = await Promise.race([promise, passed])
    if (answer === null || answer.kind === 'asked') settleAsk(ask, answer && answer.result, coalesced, rt)
    else settleFromTeam(ask, answer, rt.cache)
  }))
  d.clear()
}
