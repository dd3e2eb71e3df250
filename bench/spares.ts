/** Time to verdict through the real claude / codex CLIs, with and without a warm spare, against loopback fake APIs. */
// npx tsx bench/spares.ts [runs]   (prints figures; no assertions)
import { createBackend } from '../server/backends/registry.js'
import { answerSchema } from '../server/judge/answer-schema.js'
import { validateBackendOptions } from '../server/backends/options.js'
import type { BackendConfig } from '../server/config/config-schema.js'
import { startFakeAnthropic } from '../test/fixtures/fake-anthropic.js'
import { startFakeOpenAI } from '../test/fixtures/fake-openai.js'
import { bin, claudeEnv, codexEnv } from '../test/helpers/judge-clis.js'
import { machine, stats } from './lib.js'

const RUNS = Number(process.argv[2] ?? 10)
const GAP_MS = 2500 // between verdicts, as between agent turns: time for a replacement spare to finish starting
const teardowns: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => { teardowns.push(fn) } }
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
const FIELDS = ['new_proposal', 'verification_reported']
const request = { system: 'Judge the message. Answer JSON.', user: 'Evaluate: "I will push now."', schema: answerSchema([{ name: 'commit', fields: FIELDS }]) }

function config (type: 'claude-cli' | 'codex-cli', spares: number): BackendConfig {
  const raw = { command: bin(type === 'claude-cli' ? 'claude' : 'codex'), spares }
  return { name: type, type, model: '', maxTokens: 400, ...validateBackendOptions(raw, type, type, () => {}) }
}

async function measure (type: 'claude-cli' | 'codex-cli', env: Record<string, string>) {
  const cold = createBackend(config(type, 0), env)
  const warm = createBackend(config(type, 1), env)
  warm.warm([request.schema])
  const times: Record<'cold' | 'warm', number[]> = { cold: [], warm: [] }
  await sleep(GAP_MS)
  for (let i = 0; i < RUNS; i++) {
    for (const [mode, b] of [['cold', cold], ['warm', warm]] as const) {
      const started = performance.now()
      await b.ask({ ...request, signal: AbortSignal.timeout(60_000) })
      times[mode].push(performance.now() - started)
      await sleep(GAP_MS)
    }
  }
  await Promise.all([cold.close(), warm.close()])
  return { cold: stats(times.cold), warm: stats(times.warm), spawned: warm.processes!().spawned }
}

const anthropic = await startFakeAnthropic({ script: () => ({ tools: [{ name: 'StructuredOutput', input: { new_proposal: true, verification_reported: false, reason: 'r' } }] }) })
const openai = await startFakeOpenAI({ script: () => '{"new_proposal":true,"verification_reported":false,"reason":"r"}' })
const rows = [
  ['claude-cli (claude -p 2.1.197, --bare)', await measure('claude-cli', (await claudeEnv(t, anthropic.url)).env)],
  ['codex-cli (codex exec 0.171.0)', await measure('codex-cli', (await codexEnv(t, openai.url)).env)]
] as const
const ms = (n: number) => `${Math.round(n)} ms`
const m = machine()
process.stdout.write(`Time to verdict, loopback fake API (model time ≈ 0), ${RUNS} verdicts each, ${GAP_MS} ms apart, interleaved\n${m.cpu}, ${m.memory}, Node ${m.node}, load average ${m.load}\n\n`)
process.stdout.write('| backend | no spare (median / worst) | warm spare (median / worst) | saved (median) |\n|---|---|---|---|\n')
for (const [name, r] of rows) {
  process.stdout.write(`| ${name} | ${ms(r.cold.median)} / ${ms(r.cold.p99)} | ${ms(r.warm.median)} / ${ms(r.warm.p99)} | ${ms(r.cold.median - r.warm.median)} |\n`)
}
await Promise.all([anthropic.close(), openai.close()])
for (const fn of teardowns) await fn()
