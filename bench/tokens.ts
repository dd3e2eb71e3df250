/** LLM calls and tokens per 100 turns on the project's corpus, every Stop hook on every turn: hookjudge (Layer 1 first,
 * one call per turn) beside its per-hook wiring and a hook that sends every turn to the model (Claude Code's `prompt` hook). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Pool } from 'undici'
import { loadConfig } from '../server/config/config.js'
import { parseCorpus } from '../server/eval/corpus.js'
import { gate } from '../server/judge/layer1.js'
import { type Daemon, ROOT, type Section, stopInput, times } from './lib.js'
import { control } from './layer2.js'

export const CORPUS = join(ROOT, 'test', 'fixtures', 'corpus.jsonl')

/** Every corpus message as one turn: one POST /judge (all Stop hooks, as install wires them), or one request per hook
 * (the old per-hook wiring, `perHook`); the fake counts the model calls and estimates the tokens. */
async function turns (daemon: Daemon, fakeUrl: string, texts: string[], hooks: string[], perHook = false) {
  await control(fakeUrl, 'delay=0&reset=1')
  const jobs = perHook ? hooks.flatMap(h => texts.map(t => [`/judge/${h}`, t] as const)) : texts.map(t => ['/judge', t] as const)
  const pool = new Pool(daemon.url, { connections: 8 })
  let next = 0
  let judged = 0
  const worker = async () => {
    while (next < jobs.length) {
      const [path, text] = jobs[next++] ?? ['', '']
      const res = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body: stopInput(text) })
      await res.body.dump()
      if (res.headers['x-hookjudge-source'] === 'judge') judged++
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  await pool.close()
  return { ...await control(fakeUrl, 'reset=1'), judged }
}

/** Each pass gets a fresh daemon: the ordinary messages are part of the corpus, and a warm cache would hide their calls. */
export async function tokens (start: (overrides?: Record<string, unknown>) => Promise<Daemon>, fakeUrl: string, hooks: string[]): Promise<Section> {
  const { rows } = parseCorpus(readFileSync(CORPUS, 'utf8'))
  const texts = rows.map(r => r.text)
  const ordinary = rows.filter(r => r.id.startsWith('ordinary-')).map(r => r.text)
  const pass = async (list: string[], overrides?: Record<string, unknown>, perHook = false) => {
    const daemon = await start(overrides)
    try {
      return await turns(daemon, fakeUrl, list, hooks, perHook)
    } finally {
      await daemon.stop()
    }
  }
  const hj = await pass(texts)
  // The fake counts the calls; Layer 1, run here in process, the turns where some hook goes on to the judge.
  const policies = Object.values(loadConfig({ env: {}, file: '/dev/null' }).hooks).filter(h => hooks.includes(h.name))
  const hitTurns = texts.filter(t => policies.some(h => gate(t, h) === 'hit')).length
  if (hj.calls > hitTurns) throw new Error(`${hj.calls} model calls for ${hitTurns} turns past Layer 1: more than one call per turn`)
  const old = await pass(texts, undefined, true)
  const plain = await pass(ordinary)
  const all = await pass(texts, { hooks: Object.fromEntries(hooks.map(h => [h, { trigger: ['(?s).'], skip: [] }])) }, true)
  const per100 = (x: number, n = texts.length) => (100 * x / n).toFixed(0)
  const row = (what: string, r: typeof hj, n = texts.length) => [what, per100(r.calls, n), per100(r.inputTokens, n), per100(r.outputTokens, n), per100(r.inputTokens + r.outputTokens, n)]
  const ratio = (a: number, b: number) => times(a / Math.max(1, b))
  return {
    title: 'LLM calls and tokens per 100 turns',
    note: `All ${texts.length} messages of test/fixtures/corpus.jsonl as turns, each judged by the ${hooks.length} shipped Stop hooks ` +
      `(${hooks.join(', ')}). The every-turn baseline is a daemon with the same prompts and every hook's trigger set to match ` +
      'anything: one model call per hook per turn, as a `prompt` hook makes. The corpus is built from violations and their ' +
      `look-alikes (only ${ordinary.length} of its messages are ordinary end-of-turn messages, id ordinary-*), so its hookjudge ` +
      'figure is far above an ordinary session\'s; the ordinary messages alone are the third row. ' +
      'Tokens are estimated by the fake backend from each request (an ASCII character = ¼ token, any other character = 1 token; ' +
      'no tokenizer runs offline). One turn is one POST /judge: the hooks that pass Layer 1 are asked in one call, so ' +
      `calls per turn are at most one (here ${hj.calls} model calls, counted at the fake, for the ${hitTurns} of ${texts.length} ` +
      'turns where Layer 1 sent some hook on); the per-hook row is what one request and one call ' +
      'per hook that Layer 1 passes would cost.',
    head: ['hook style', 'calls', 'input tokens', 'output tokens', 'total tokens'],
    rows: [
      row('hookjudge, whole corpus (one request and at most one call per turn)', hj),
      row('hookjudge per-hook wiring (one request per hook), whole corpus', old),
      row('every turn to the model (prompt-hook style), whole corpus', all),
      ['ratio (every turn / hookjudge), whole corpus', ratio(all.calls, hj.calls), ratio(all.inputTokens, hj.inputTokens), ratio(all.outputTokens, hj.outputTokens), ratio(all.inputTokens + all.outputTokens, hj.inputTokens + hj.outputTokens)],
      row('hookjudge, ordinary messages only', plain, ordinary.length)
    ]
  }
}
