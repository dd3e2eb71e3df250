/** hookjudge judge HOOK: one hook input (or plain text) on stdin, judged in-process; the decision record on stdout. */
import { AGENTS, type AgentName } from '../agents/event.js'
import { loadConfig } from '../config/config.js'
import { judgeRuntime } from '../eval/run.js'
import { nearest } from '../core/nearest.js'
import { readiness } from '../core/runtime.js'
import { MAX_DEPTH, nestedDeeperThan } from '../guards/input.js'
import { judgeTurn } from '../pipeline/pipeline.js'
import { type Command, parse, readAll, UsageError } from './args.js'
import { JUDGE } from './verb-specs.js'

export const judgeCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, JUDGE)
  const name = positionals[0]
  if (!name) throw new UsageError('judge needs a HOOK name')
  if (values.agent !== undefined && !AGENTS.includes(values.agent as AgentName)) throw new UsageError(`--agent must be one of ${AGENTS.join(', ')}`)
  const config = loadConfig({ env: io.env, file: values.config })
  const hook = Object.hasOwn(config.hooks, name) ? config.hooks[name] : undefined
  if (!hook) {
    const near = nearest(name, Object.keys(config.hooks))
    throw new UsageError(`unknown hook "${name}"${near ? `; did you mean "${near}"?` : ''}; configured: ${Object.keys(config.hooks).join(', ')}`)
  }
  const input = await readAll(io.stdin, config.server.bodyLimit)
  let body: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(input)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object')
    body = parsed as Record<string, unknown>
  } catch {
    // Plain text: judge it as the agent's final message.
    body = { hook_event_name: hook.event, session_id: 'cli', last_assistant_message: input.replace(/\n$/, '') }
  }
  // The same shape limit as the route: an adapter must never walk an input nested past it.
  if (nestedDeeperThan(body)) throw new UsageError(`hook input nests deeper than ${MAX_DEPTH} levels`)
  // The runtime's copy of the hook carries the detected chain when judge.backends is auto.
  const rt = await judgeRuntime(config, io.env, false)
  try {
    // A silent allow would read as a verdict: say when there is no judge to ask, and when the one asked failed.
    const unready = readiness(rt).filter(r => r.startsWith(`hook ${name}:`) || !r.startsWith('hook '))
    for (const r of unready) io.stderr.write(`hookjudge judge: ${r}\n`)
    const j = await judgeTurn(rt, { body, agent: values.agent as AgentName | undefined, hook: rt.config.hooks[name] ?? hook, started: rt.clock.now() })
    const records = j.records()
    for (const record of records) io.stdout.write(JSON.stringify(record) + '\n')
    const failed = records.filter(r => r.source === 'fallback')
    for (const r of failed) io.stderr.write(`hookjudge judge: no judge answered (${r.failure ?? 'no reason given'}); the hook's fail mode decided ${r.decision}\n`)
    if (failed.length > 0) return values.strict ? 1 : 0
  } finally {
    await rt.close()
  }
  return 0
}
