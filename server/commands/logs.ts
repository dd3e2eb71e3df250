/** hookjudge logs [--since DATE|DURATION] [--hook H] [--user NAME] [--follow]: decision records as readable lines, optionally followed. */
import { watch } from 'node:fs'
import { loadConfig } from '../config/config.js'
import { nearest } from '../core/nearest.js'
import { dayFiles, readRecords } from '../ops/decision-files.js'
import { decisionDir } from '../ops/housekeeping.js'
import type { DecisionRecord } from '../core/record.js'
import type { TeamLog } from '../state/state.js'
import { parseLine } from '../ui/decision-walk.js'
import { teamDaemon } from './doctor-agents.js'
import { openTeamLog } from './team-log.js'
import { type Command, type Io, parse, UsageError, wallNow } from './args.js'
import { LOGS } from './verb-specs.js'
import { painter } from './output.js'

const UNITS: Record<string, number> = { s: 1e3, m: 60e3, h: 3600e3, d: 86400e3, w: 7 * 86400e3 }

/** "90m", "2h", "7d" back from now, or a date / date-time Date.parse accepts. */
export function parseSince (s: string, now: Date): Date {
  const d = /^(\d+)([smhdw])$/.exec(s)
  if (d) return new Date(now.getTime() - Number(d[1]) * UNITS[d[2]!]!)
  const t = Date.parse(s)
  if (Number.isNaN(t)) throw new UsageError(`--since takes a date (2026-05-01, 2026-05-01T12:00Z) or a duration (90m, 2h, 7d), not "${s}"`)
  return new Date(t)
}

const TONE = { allow: 'ok', block: 'fail', deny: 'fail', ask: 'warn' } as const
/** The longest shipped hook name (bugfix-without-reproduction): every shipped hook's column lines up. */
const HOOK_WIDTH = 27

export function formatRecord (r: DecisionRecord, paint: ReturnType<typeof painter>): string {
  const why = (r.reason ?? r.failure ?? '').replace(/\s+/g, ' ').slice(0, 160)
  const decision = paint(TONE[r.decision] ?? 'bold', r.decision.padEnd(5))
  const ms = `${Math.round(r.ms)} ms`.padStart(8)
  const who = typeof r.user === 'string' ? `  ${r.user}` : ''
  // A longer (user-defined) name is printed whole, pushing its row's columns: it is what `--hook` takes.
  const hook = r.hook.padEnd(HOOK_WIDTH)
  return `${r.ts.slice(0, 19).replace('T', ' ')}Z  ${hook} ${decision}  ${r.source.padEnd(8)} ${ms}${who}  ${why}`.trimEnd() + '\n'
}

/** team: read the team's stream in Redis instead of dir (where says which, in messages). */
export interface LogsOptions { dir: string, team?: { log: TeamLog, where: string }, since?: Date, hook?: string, user?: string, follow: boolean, json?: boolean }

const PAGE = 500

/** New records of the team's stream on each call, oldest first, from a second before `since`; null: Redis did not answer. */
function teamReader (log: TeamLog, since: string) {
  let above = since === '' ? '0' : `${Date.parse(since) - 1000}-0`
  return async (): Promise<DecisionRecord[] | null> => {
    const out: DecisionRecord[] = []
    for (;;) {
      const got = await log.forward(above, PAGE)
      if (got === null) return null
      for (const e of got) { const r = parseLine(e.line); if (r) out.push(r) }
      if (got.length > 0) above = got[got.length - 1]!.id
      if (got.length < PAGE) return out
    }
  }
}

/** Prints the matching records, then (with follow) new ones as they are written, until the signal aborts. */
export async function printLogs (o: LogsOptions, io: Io, signal?: AbortSignal): Promise<void> {
  const paint = painter(io)
  const since = o.since?.toISOString() ?? ''
  const offsets = new Map<string, number>()
  let shown = 0
  const show = (r: DecisionRecord) => {
    if (typeof r.ts !== 'string' || r.ts < since || (o.hook && r.hook !== o.hook) || (o.user && r.user !== o.user)) return
    shown++
    io.stdout.write(o.json ? JSON.stringify(r) + '\n' : formatRecord(r, paint))
  }
  const team = o.team ? teamReader(o.team.log, since) : null
  let unreachable = false
  const scan = async () => {
    if (team) {
      const records = await team()
      // Said once per outage on stderr; a follow carries on and picks up where it was once Redis answers.
      if (records === null && !unreachable) io.stderr.write(`hookjudge logs: ${o.team!.where} did not answer\n`)
      unreachable = records === null
      records?.forEach(show)
      return
    }
    for (const f of await dayFiles(o.dir)) {
      if (f.day < since.slice(0, 10)) continue
      const { records, next } = await readRecords(f.path, offsets.get(f.path) ?? 0)
      records.forEach(show)
      offsets.set(f.path, next)
    }
  }
  await scan()
  // Silence would look like a broken command: say where it looked (on stderr, so a pipe of records stays clean).
  if (shown === 0 && !o.json && !unreachable) {
    io.stderr.write(`no decisions${o.hook || o.user || o.since ? ' matching' : ''} in ${o.team?.where ?? o.dir}${o.follow ? ' yet; waiting for new ones' : ''}\n`)
    const team = o.team ? undefined : teamDaemon(io, { label: '' })
    if (team) io.stderr.write(`your agents send their turns to the team daemon at ${team.label}: its decisions are there (${team.label}/ui, or hookjudge logs on its host)\n`)
  }
  if (!o.follow || signal?.aborted) return
  let running: Promise<void> | null = null
  let again = false
  const tick = () => {
    if (running) { again = true; return }
    running = scan().finally(() => { running = null; if (again) { again = false; tick() } })
  }
  // The watch reacts at once; the poll covers file systems where watching misses appends.
  const watcher = team ? null : (() => { try { return watch(o.dir, tick) } catch { return null } })()
  const poll = setInterval(tick, team ? 1000 : 2000)
  await new Promise<void>(resolve => signal?.addEventListener('abort', () => resolve(), { once: true }))
  watcher?.close()
  clearInterval(poll)
  await running
}

export const logsCommand: Command = async (args, io) => {
  const { values } = parse(args, LOGS)
  const config = loadConfig({ env: io.env, file: values.config })
  const since = values.since === undefined ? undefined : parseSince(values.since, new Date(wallNow(io)))
  const team = await openTeamLog(config, io, values.local === true)
  if (typeof team === 'string') { io.stderr.write(`hookjudge logs: ${team}\n`); return 1 }
  // A hook since removed still has records; a typo has none, and said nothing.
  if (values.hook !== undefined && !Object.hasOwn(config.hooks, values.hook)) {
    const near = nearest(values.hook, Object.keys(config.hooks))
    io.stderr.write(`hookjudge logs: no hook "${values.hook}" is configured${near ? `; did you mean "${near}"?` : ` (hooks: ${Object.keys(config.hooks).join(', ')})`}\n`)
  }
  try {
    // Followed until the process is interrupted (Ctrl-C ends it the usual way).
    await printLogs({ dir: decisionDir(config, io.env), ...(team ? { team } : {}), since, hook: values.hook, user: values.user, follow: values.follow === true, json: values.json === true }, io)
  } finally {
    await team?.close()
  }
  return 0
}
