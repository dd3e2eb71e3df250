/** What to warm ahead of the first verdict: every backend an active hook uses, with the answer schemas it will be asked for. */
import type { AnswerSchema } from '../backends/contract.js'
import { answerSchema } from './answer-schema.js'

interface WarmHook { name: string, event: string, mode: string, backends: string[], fields: string[] }

/**
 * Process backends keep one spare per schema: each hook's own, plus the schema of all hooks of one event that share a
 * first backend (the usual one-call turn). A fallback backend starts its spares once it is used.
 */
export function warmPlan (hooks: Iterable<WarmHook>, usable: (name: string) => boolean): Map<string, AnswerSchema[]> {
  const plan = new Map<string, Map<string, AnswerSchema>>()
  const together = new Map<string, WarmHook[]>()
  for (const h of hooks) {
    if (h.mode === 'off') continue
    const chain = h.backends.filter(usable)
    chain.forEach((n, i) => {
      const schemas = plan.get(n) ?? new Map<string, AnswerSchema>()
      plan.set(n, schemas)
      if (i !== 0 || h.fields.length === 0) return
      const s = answerSchema([h])
      schemas.set(s.key, s)
      const group = `${n}\0${h.event}`
      together.set(group, [...(together.get(group) ?? []), h])
    })
  }
  for (const [group, hs] of together) {
    if (hs.length < 2) continue
    const s = answerSchema(hs)
    plan.get(group.slice(0, group.indexOf('\0')))!.set(s.key, s)
  }
  return new Map([...plan].map(([n, schemas]) => [n, [...schemas.values()]]))
}
