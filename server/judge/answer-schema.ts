/** The JSON Schema of a judge answer (OpenAI strict form: every key required, no others), for one hook or several. */
import type { AnswerSchema } from '../backends/contract.js'

export interface AskedHook { name: string, fields: string[] }

function memberSchema (fields: string[]) {
  return {
    type: 'object',
    properties: Object.fromEntries([...fields.map(f => [f, { type: 'boolean' }]), ['reason', { type: 'string' }]]),
    required: [...fields, 'reason'],
    additionalProperties: false
  }
}

/** One hook: its flat fields (the one-hook answer); several: one member per hook, named by the hook. */
export function answerSchema (hooks: AskedHook[]): AnswerSchema {
  if (hooks.length === 1) {
    const fields = hooks[0]!.fields
    return { key: fields.join(','), json: memberSchema(fields) }
  }
  return {
    key: hooks.map(h => `${h.name}(${h.fields.join(',')})`).join(';'),
    json: {
      type: 'object',
      properties: Object.fromEntries(hooks.map(h => [h.name, memberSchema(h.fields)])),
      required: hooks.map(h => h.name),
      additionalProperties: false
    }
  }
}
