/** hookjudge eval CORPUS.jsonl: scores Layer 1 and the whole judge on a labelled corpus, per hook (table or --json). */
import { readFile } from 'node:fs/promises'
import type { HookPolicy } from '../config/config-schema.js'
import { loadConfig } from '../config/config.js'
import { labelledHooks, parseCorpus } from '../eval/corpus.js'
import { createProgress } from '../eval/progress.js'
import { evalTable, missListing } from '../eval/report.js'
import { evalTasks, judgeRuntime, layer1Runtime, runEval, unjudgeable } from '../eval/run.js'
import { misses, scoreAll } from '../eval/score.js'
import { type Command, type Io, parse, readAll, UsageError } from './args.js'
import { EVAL } from './verb-specs.js'

/** A corpus or log named on the command line; `-` is stdin (`hookjudge labels export | hookjudge eval -`). */
const STDIN_LIMIT = 256 << 20

export async function readInput (path: string, io: Io, verb: string): Promise<string | null> {
  try {
    return path === '-' ? await readAll(io.stdin, STDIN_LIMIT) : await readFile(path, 'utf8')
  } catch (err) {
    io.stderr.write(`hookjudge ${verb}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})\n`)
    return null
  }
}

export const evalCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, EVAL)
  const file = positionals[0]
  if (!file) throw new UsageError('eval needs a CORPUS.jsonl file')
  const config = loadConfig({ env: io.env, file: values.config })
  const asked = values.hooks?.split(',').map(h => h.trim()).filter(h => h !== '')
  const unknown = (asked ?? []).filter(h => !Object.hasOwn(config.hooks, h))
  if (unknown.length > 0) throw new UsageError(`unknown hook(s) ${unknown.join(', ')}; configured: ${Object.keys(config.hooks).join(', ')}`)

  const text = await readInput(file, io, 'eval')
  if (text === null) return 1
  const parsed = parseCorpus(text)
  const { problems } = parsed
  if (values.split !== undefined && !['train', 'validation', 'test'].includes(values.split)) throw new UsageError('--split must be train, validation or test')
  const rows = values.split === undefined ? parsed.rows : parsed.rows.filter(r => r.split === values.split)
  if (problems.length > 0) {
    io.stderr.write(`hookjudge eval: ${file} has ${problems.length} invalid line(s):\n${problems.slice(0, 20).map(p => `  ${p}\n`).join('')}`)
    return 1
  }
  const labelled = labelledHooks(rows)
  const names = asked ?? labelled.filter(h => Object.hasOwn(config.hooks, h))
  const ignored = asked ? [] : labelled.filter(h => !Object.hasOwn(config.hooks, h))
  if (ignored.length > 0) io.stderr.write(`hookjudge eval: labels for hooks not in the config are skipped: ${ignored.join(', ')}\n`)
  if (names.length === 0) {
    io.stderr.write(`hookjudge eval: no configured hook is labelled in ${file}\n`)
    return 1
  }

  const layer1Only = values['layer1-only'] === true
  const rt = layer1Only ? layer1Runtime(config, io.env) : await judgeRuntime(config, io.env)
  try {
    // The runtime's hooks carry the judge chain (with `backends: auto`, the one detected on this machine).
    const hooks = names.map(n => rt.config.hooks[n]).filter((h): h is HookPolicy => h !== undefined)
    const unready = layer1Only ? [] : unjudgeable(rt, hooks)
    if (unready.length > 0) {
      io.stderr.write(`hookjudge eval: cannot score the judge:\n${unready.map(u => `  ${u}\n`).join('')}configure a judge backend, or score Layer 1 alone with --layer1-only\n`)
      return 1
    }
    // Combined (the default) asks every labelled hook of a message in one call, as a live turn does; --separate one by one.
    const tasks = evalTasks(rows, hooks, values.separate === true)
    const progress = createProgress(io.stderr, tasks.length, 'eval')
    const outcomes = await runEval(tasks, { runtime: rt, layer1Only, onDone: progress.tick })
    progress.done()
    const scores = scoreAll(outcomes, names, layer1Only)
    const missed = values.misses ? misses(outcomes, layer1Only) : undefined
    // Per message, not per hook: a message Layer 1 sends on costs one model call however many of its hooks are asked.
    const sentOn = { messages: new Set(outcomes.map(o => o.id)).size, sent: new Set(outcomes.filter(o => o.gate === 'hit').map(o => o.id)).size }
    if (values.json) {
      io.stdout.write(JSON.stringify({ hooks: scores, sentOn, ...(missed ? { misses: missed } : {}) }) + '\n')
      return 0
    }
    const mode = layer1Only ? 'Layer 1 only (final verdicts not scored)' : 'Layer 1 + the judge'
    const calls = outcomes.reduce((n, o) => n + o.calls, 0)
    const share = `${(100 * sentOn.sent / Math.max(1, sentOn.messages)).toFixed(1)} %`
    io.stdout.write(`eval ${file}: ${rows.length} messages, ${outcomes.length} labels, ${mode}${layer1Only ? '' : `, ${calls} model calls (${values.separate ? 'one hook per call' : 'hooks of a message combined'})`}; ` +
      `Layer 1 sent ${sentOn.sent} of ${sentOn.messages} messages on (${share})\n\n${evalTable(scores)}`)
    if (missed) io.stdout.write(`\n${missListing(missed)}`)
    return 0
  } finally {
    await rt.close()
  }
}
