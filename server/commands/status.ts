/** hookjudge status: is the daemon up, and its figures (GET /status); exit 3 when it is not running, 4 with --ready when not ready. */
import { type Command, parse } from './args.js'
import { STATUS } from './verb-specs.js'
import { addressConfig, callDaemon, daemonAddress, movedAdvice, movedDaemon } from './daemon.js'
import { teamDaemon } from './doctor-agents.js'
import { formatUptime, millis, painter, percent, writeJson } from './output.js'

interface StatusBody {
  version: string
  pid: number
  uptimeSeconds: number
  configFiles: string[]
  backends: { name: string, type: string, model: string, state: string, reason: string | null, used: boolean, processes?: { alive: number, busy: number, spares: number } }[]
  decisions: { total: number, byDecision: Record<string, number>, bySource: Record<string, number> }
  cache: { hit: number, miss: number, coalesced: number, hitRate: number | null }
  latency: { p50Ms: number | null, p99Ms: number | null }
  reloads: { ok: number, error: number, last: { at: string, ok: boolean } | null }
  state?: { mode: 'local' | 'redis', status: 'ok' | 'degraded', target?: string, since?: string, error?: string }
  /** Why some active hook cannot be judged now (readiness()); empty: ready. */
  readiness?: string[]
}

/** ready: every active hook can be judged; not ready: some cannot (the reasons say which and why). */
export const readinessWord = (reasons: string[] | undefined) => (reasons ?? []).length === 0 ? 'ready' : 'not ready'

/** Ready means a usable backend for every hook, not that it answers: say so when the latest calls failed. */
function failingNote (used: Array<{ name: string, state: string }>): string {
  const failing = used.filter(b => b.state === 'failing').map(b => b.name)
  return failing.length === 0 ? '' : ` (a usable backend for every hook, but the latest call of ${failing.join(', ')} failed: hooks fall back until one answers)`
}

const counts = (r: Record<string, number>) => Object.entries(r).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'

export function formatStatus (s: StatusBody, address: string, paint: ReturnType<typeof painter>): string {
  // The backends some active hook uses; the others defined (the shipped CLI and local ones) are only counted.
  const used = s.backends.filter(b => b.used)
  const width = Math.max(...used.map(b => b.name.length), 4)
  const backends = used.map((b, i) => {
    const state = b.state === 'ready' ? paint('ok', b.state.padEnd(12)) : paint(b.state === 'unusable' ? 'fail' : 'warn', b.state.padEnd(12))
    const procs = b.processes ? `, ${b.processes.alive} processes (${b.processes.spares} spare)` : ''
    return `${i === 0 ? '' : ' '.repeat(12)}${b.name.padEnd(width)}  ${state} ${b.reason ?? `${b.type} ${b.model}${procs}`.trim()}`
  })
  // No backend in any chain: with judge.backends auto, none was found (no key, no CLI); readiness below says the fix.
  if (backends.length === 0) backends.push(paint('warn', 'none: no judge can be asked (Layer 1 and the transcript checks still run; a hook that needs the judge falls back)'))
  const spare = s.backends.filter(b => !b.used).map(b => b.name)
  if (spare.length > 0) backends.push(`${' '.repeat(12)}${paint('dim', `(${spare.length} more defined, used by no active hook: ${spare.join(', ')})`)}`)
  const last = s.reloads.last ? ` (last ${s.reloads.last.ok ? 'ok' : 'refused'} at ${s.reloads.last.at})` : ''
  return [
    `${paint('ok', '●')} hookjudge ${s.version} ${paint('bold', 'running')} at ${address}, pid ${s.pid}, up ${formatUptime(s.uptimeSeconds)}`,
    `  config    ${s.configFiles.slice(1).join(', ') || `defaults only (${s.configFiles[0]})`}`,
    `  backends  ${backends.join('\n') || 'none'}`,
    `  decisions ${s.decisions.total}: ${counts(s.decisions.byDecision)} | by source: ${counts(s.decisions.bySource)}`,
    `  cache     hit rate ${percent(s.cache.hitRate)} (${s.cache.hit} hits, ${s.cache.miss} misses, ${s.cache.coalesced} coalesced)`,
    `  latency   p50 ${millis(s.latency.p50Ms)}, p99 ${millis(s.latency.p99Ms)}`,
    `  reloads   ${s.reloads.ok} ok, ${s.reloads.error} refused${last}`,
    ...(s.state?.mode === 'redis'
      ? [`  state     Redis ${s.state.target} ${s.state.status === 'ok' ? paint('ok', 'shared') : `${paint('warn', 'degraded')} since ${s.state.since} (${s.state.error}): answering from local state`}`]
      : []),
    `  readiness ${readinessWord(s.readiness) === 'ready' ? `${paint('ok', 'ready')}${failingNote(used)}` : paint('fail', 'not ready')}${(s.readiness ?? []).map(r => `\n            ${r}`).join('')}`
  ].join('\n') + '\n'
}

export const statusCommand: Command = async (args, io) => {
  const { values } = parse(args, STATUS)
  const { config, broken } = addressConfig(io, values.config)
  const addr = daemonAddress(config)
  const brokenNote = broken ? `the config file is broken (the daemon keeps its last good config; run hookjudge doctor):\n${broken.message}` : undefined
  const paint = painter(io)
  const answer = await callDaemon(addr, 'GET', '/status', 3000)
  if (!answer.ok) {
    if (values.json) writeJson(io, 'status', false, { running: false, address: addr.label, error: answer.error, ...(broken ? { configError: broken.message } : {}) })
    else {
      // A team developer's laptop runs no daemon: its agents send their turns to the team's.
      const team = teamDaemon(io, addr)
      const moved = team ? null : await movedDaemon(io.env, addr)
      const next = team
        ? `your agents point at the team daemon at ${team.label}: hookjudge doctor checks it`
        : moved
          ? `it runs at ${moved.addr.label} (pid ${moved.pid}): ${movedAdvice(moved)}`
          : 'start it: hookjudge serve, or hookjudge service install'
      io.stdout.write(`${paint('fail', '○')} hookjudge is ${paint('bold', 'not running')} at ${addr.label} (${answer.error})\n  ${next}\n`)
    }
    if (brokenNote && !values.json) io.stderr.write(`hookjudge status: ${brokenNote}\n`)
    return 3
  }
  if (answer.status !== 200) {
    const error = `the daemon answered HTTP ${answer.status}: ${answer.body?.error ?? 'no reason given'}`
    if (values.json) writeJson(io, 'status', false, { running: true, address: addr.label, error })
    else io.stderr.write(`hookjudge status: ${error}\n`)
    return 1
  }
  const body = answer.body as StatusBody
  const readiness = { status: readinessWord(body.readiness), reasons: body.readiness ?? [] }
  if (values.json) writeJson(io, 'status', true, { running: true, address: addr.label, readiness, daemon: body, ...(broken ? { configError: broken.message } : {}) })
  else io.stdout.write(formatStatus(body, addr.label, paint))
  if (brokenNote && !values.json) io.stderr.write(`hookjudge status: ${brokenNote}\n`)
  // Not ready is still running (Stop hooks fall back to allow): only a caller who asks gets a failing exit for it.
  return values.ready === true && readiness.status !== 'ready' ? 4 : 0
}
