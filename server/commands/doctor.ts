/** hookjudge doctor: checks the wiring end to end (config, daemon, backends, a test verdict, agents, shim, decision log). */
import { resolve } from 'node:path'
import { accessSync, constants } from 'node:fs'
import { type Config, loadConfig, userConfigPath } from '../config/config.js'
import { lastRecord } from '../ops/decision-files.js'
import { ConfigError, formatProblem } from '../core/errors.js'
import { decisionDir } from '../ops/housekeeping.js'
import { type Env, SHIM_PATH } from '../core/paths.js'
import { type Command, type Io, parse, wallNow, workingDir } from './args.js'
import { DOCTOR } from './verb-specs.js'
import { addressConfig, callDaemon, type DaemonAddress, daemonAddress, movedAdvice, movedDaemon, type MovedDaemon } from './daemon.js'
import { findWiring, teamDaemon } from './doctor-agents.js'
import { formatUptime, painter, writeJson } from './output.js'

export interface Check { name: string, status: 'ok' | 'fail' | 'skip', detail: string, fix?: string }

const ok = (name: string, detail: string): Check => ({ name, status: 'ok', detail })
const fail = (name: string, detail: string, fix: string): Check => ({ name, status: 'fail', detail, fix })
const skip = (name: string, detail: string): Check => ({ name, status: 'skip', detail })
const START = 'start it: hookjudge serve (foreground) or hookjudge service install'

async function daemonChecks (config: Config, addr: DaemonAddress, env: Env, team = false): Promise<Check[]> {
  const health = await callDaemon(addr, 'GET', '/healthz', 3000)
  if (!health.ok || health.status !== 200) {
    const why = health.ok ? `HTTP ${health.status}` : health.error
    const moved = team ? null : await movedDaemon(env, addr)
    const fix = team
      ? 'your agents point at the team daemon there (install --url): check the URL, your network, and ask whoever runs it'
      : moved ? `a daemon runs at ${moved.addr.label} (pid ${moved.pid}): ${movedAdvice(moved)}` : START
    return [fail('daemon', `not answering at ${addr.label} (${why})`, fix), skip('backends', 'needs the daemon'), skip('verdict', 'needs the daemon')]
  }
  if (team) return [ok('daemon', `answering at ${addr.label}, the team daemon your agents point at`), ...await backendChecks(config, addr)]
  // The checks below test the daemon that answers: say so when it runs another config than the one this run read.
  const status = await callDaemon(addr, 'GET', '/status', 3000)
  const files = status.ok && status.status === 200 ? (status.body as { configFiles?: unknown }).configFiles : undefined
  // Absolute, as the daemon reports them: `--config team.yaml` here is the same file as its /srv/team/team.yaml.
  const named = (fs: unknown[]) => fs.slice(1).filter(f => f !== '/dev/null').map(f => typeof f === 'string' ? resolve(f) : f).join(', ') || 'the shipped defaults only'
  const other = Array.isArray(files) && named(files) !== named(config.files) ? ` (it runs with ${named(files)}, not ${named(config.files)}: the checks below test its config)` : ''
  return [ok('daemon', `answering at ${addr.label}${other}`), ...await backendChecks(config, addr)]
}

/** What the daemon that answers can judge with: its backends (GET /readyz), its shared state, a test verdict. */
async function backendChecks (config: Config, addr: DaemonAddress): Promise<Check[]> {
  const checks: Check[] = []
  const ready = await callDaemon(addr, 'GET', '/readyz', 3000)
  if (ready.ok && ready.status === 200) checks.push(ok('backends', `every active hook has a usable judge backend${latestFailures(ready.body?.backends)}`))
  else if (ready.ok && ready.status === 401) {
    checks.push(addr.headers.authorization === undefined
      ? fail('backends', 'the daemon wants a bearer token', 'point server.tokenFile at the token file the daemon uses')
      : fail('backends', 'the daemon refused the token this CLI sent', 'it was revoked or is another daemon\'s: ask for a new one (`hookjudge tokens add` on the daemon\'s host) and save it where it was read from (the file `install --token-file` named, or server.tokenFile): `sh shim/hookjudge-save-token` writes ~/.config/hookjudge/token'))
  } else {
    const reasons: string[] = ready.ok ? ready.body?.reasons ?? [`HTTP ${ready.status}`] : [ready.error]
    // A reason that carries its own fix (no backend found: the key to export, the CLI to log in to) gives it once, as the fix.
    const own = reasons.join('; ').split(/;? fix: /)
    checks.push(own.length === 2
      ? fail('backends', own[0]!, `${own[1]} (for the service: export it, then hookjudge service install)`)
      : fail('backends', reasons.join('; '), backendFix(reasons.join('; '))))
  }
  const shared = ready.ok ? ready.body?.state as { mode?: string, status?: string, target?: string, since?: string, error?: string } | undefined : undefined
  if (shared?.mode === 'redis') {
    checks.push(shared.status === 'ok'
      ? ok('state', `shared state in Redis at ${shared.target}`)
      : fail('state', `Redis at ${shared.target} unreachable since ${shared.since} (${shared.error}); each replica answers from its own state`, 'check state.redis.url, the password in state.redis.passwordEnv, and that Redis runs; replicas reconnect by themselves'))
  }
  // No backend at all: a test verdict has nothing to ask, and the fix above is the only one.
  if (checks.some(c => c.name === 'backends' && c.status === 'fail' && c.detail.includes('no judge backend found'))) return [...checks, skip('verdict', 'no judge backend to ask (the fix above)')]
  if (checks.some(c => c.name === 'backends' && c.status === 'fail' && c.detail.includes('token'))) return [...checks, skip('verdict', 'the daemon refuses this CLI\'s token (the fix above)')]
  const probe = await callDaemon(addr, 'POST', '/probe', config.judge.deadlineMs + 2000)
  const p = probe.ok ? probe.body as { ok?: boolean, hook?: string, backend?: string, model?: string, ms?: number, deadlineMs?: number, error?: string } : { error: probe.error }
  if (p.ok && (p.ms ?? Infinity) <= (p.deadlineMs ?? 0)) checks.push(ok('verdict', `hook ${p.hook}: verdict from ${p.backend} (${p.model}) in ${p.ms} ms, deadline ${p.deadlineMs} ms`))
  else checks.push(fail('verdict', `no test verdict${p.hook ? ` for hook ${p.hook}` : ''}: ${p.error ?? `took ${p.ms} ms`}`, verdictFix(p.error ?? '', p.backend)))
  return checks
}

function agentChecks (io: Io, addr: DaemonAddress | null, expectInstalled: boolean, moved: MovedDaemon | null, file?: string): Check[] {
  const cwd = workingDir(io)
  const wiring = findWiring(io.env, cwd)
  // An agent not wired is a choice (another is wired, or `uninstall` took hookjudge out): said, not failed. With
  // --expect-installed (a setup script's check) no agent wired at all is a failure: no turn ever reaches the daemon.
  const noneWired = expectInstalled && wiring.every(w => w.entries.length === 0)
  return wiring.map(w => {
    const name = `${w.agent}`
    if (w.entries.length === 0) {
      if (!w.homeExists) return skip(name, `not set up here (no ${w.home})`)
      return noneWired
        ? fail(name, `no hookjudge hook entries in its settings (${w.home}), nor in any other agent's`, `hookjudge install ${w.agent}`)
        : skip(name, `not installed: no hookjudge entries in ${w.home}; \`hookjudge install ${w.agent}\` wires it`)
    }
    const targets = [...new Set(w.entries.map(e => e.target))]
    const files = [...new Set(w.entries.map(e => e.file))].join(', ')
    if (addr && targets.every(t => t === addr.label)) return ok(name, `${w.entries.length} hook entries in ${files} → ${addr.label}`)
    // Wired to where the daemon runs, from a shell that set its port: right now; the daemon check says how to make it last.
    if (moved && targets.every(t => t === moved.addr.label)) return ok(name, `${w.entries.length} hook entries in ${files} → ${moved.addr.label}, where the daemon runs (this shell's config says ${addr?.label ?? 'another address'}: see the daemon check)`)
    return fail(name, `hook entries in ${files} point at ${targets.join(', ')}; the config puts the daemon at ${addr?.label ?? '(unknown)'}`, `hookjudge install ${w.agent}${file ? ` --config ${file}` : ''} (it repoints hookjudge's own entries)`)
  })
}

function shimCheck (io: Io): Check {
  const used = findWiring(io.env, workingDir(io)).flatMap(w => w.entries.map(e => e.shim)).filter((s): s is string => s?.startsWith('/') === true)
  const bad = [...new Set([SHIM_PATH, ...used])].filter(p => { try { accessSync(p, constants.X_OK); return false } catch { return true } })
  if (bad.length === 0) return ok('shim', `${SHIM_PATH} is executable`)
  return fail('shim', `not found or not executable: ${bad.join(', ')}`, `chmod +x ${bad.join(' ')} (or hookjudge install again to point at the shipped shim)`)
}

async function lastDecisionCheck (config: Config, io: Io): Promise<Check> {
  if (!config.decisionLog.enabled) return skip('last decision', 'decisionLog.enabled is false')
  const dir = decisionDir(config, io.env)
  const last = await lastRecord(dir)
  // A fresh install has none: not a failure until an agent has run a turn.
  if (!last) return skip('last decision', `none recorded yet in ${dir}: run one agent turn; if this stays empty after one, check the agent settings above`)
  const age = Math.max(0, Math.round((wallNow(io) - Date.parse(last.ts)) / 1000))
  return ok('last decision', `${formatUptime(age)} ago (${last.ts}): ${last.hook} ${last.decision} by ${last.source}`)
}

export async function runDoctor (io: Io, file?: string, expectInstalled = false): Promise<Check[]> {
  const checks: Check[] = []
  let config: Config
  try {
    config = loadConfig({ env: io.env, file })
    checks.push(ok('config', `valid: ${config.files.slice(1).join(', ') || 'shipped defaults only'}`))
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    const problems = err.problems.map(formatProblem)
    // The daemon is looked for where this shell and the file's server section put it; the rest uses the shipped defaults.
    checks.push(fail('config', problems.join('; '), `edit ${userConfigPath(io.env, file) ?? 'the config'}; the other checks use the shipped defaults`))
    config = addressConfig(io, file).config
  }
  let addr: DaemonAddress | null = null
  try {
    addr = daemonAddress(config)
  } catch (err) {
    const fix = config.server.tokensFile === undefined
      ? 'fix server.tokenFile (chmod 600, one line)'
      : `run it as the owner of ${config.server.tokensFile} (the daemon's user), or point $HOOKJUDGE_TOKEN_FILE at a private file holding one person's token`
    checks.push(fail('daemon', (err as Error).message.replace(/\n\s*/g, ' '), fix))
  }
  // A team developer's agents point at the team's daemon (install --url --token-file): that is the one to check.
  const team = addr && teamDaemon(io, addr)
  if (team) addr = team
  if (addr) checks.push(...await daemonChecks(config, addr, io.env, team !== undefined))
  const moved = addr && !team ? await movedDaemon(io.env, addr) : null
  checks.push(...agentChecks(io, addr, expectInstalled, moved, file), shimCheck(io))
  checks.push(team ? skip('last decision', `logged by the team daemon at ${team.label} (its review page, or hookjudge logs on its host)`) : await lastDecisionCheck(config, io))
  return checks
}

export const doctorCommand: Command = async (args, io) => {
  const { values } = parse(args, DOCTOR)
  const checks = await runDoctor(io, values.config, values['expect-installed'] === true)
  const healthy = checks.every(c => c.status !== 'fail')
  if (values.json) {
    writeJson(io, 'doctor', healthy, { checks })
    return healthy ? 0 : 1
  }
  const paint = painter(io)
  const label = { ok: paint('ok', 'OK  '), fail: paint('fail', 'FAIL'), skip: paint('dim', 'SKIP') }
  const width = Math.max(...checks.map(c => c.name.length))
  for (const c of checks) {
    io.stdout.write(`  ${label[c.status]}  ${c.name.padEnd(width)}  ${c.detail}\n`)
    if (c.fix) io.stdout.write(`  ${' '.repeat(6 + width)}  ${paint('warn', 'fix:')} ${c.fix}\n`)
  }
  io.stdout.write(healthy ? `${paint('ok', 'all checks passed')}\n` : `${paint('fail', `${checks.filter(c => c.status === 'fail').length} check(s) failed`)}\n`)
  return healthy ? 0 : 1
}

/** The used backends whose latest call failed (readyz's states), said beside an OK: the verdict check then shows whether they answer now. */
function latestFailures (backends: unknown): string {
  const failing = Array.isArray(backends) ? backends.filter(b => (b?.circuit?.failures ?? 0) > 0) : []
  return failing.map(b => `; ${String(b.name)}'s latest call failed (${String(b.circuit.lastError ?? 'no reason kept')})`).join('')
}

/** The fix for what the reasons say: a key for an unusable backend, the address and network for one that keeps failing. */
function backendFix (reasons: string): string {
  const fixes: string[] = []
  if (/circuit open/.test(reasons)) fixes.push('the backend failed its latest calls: check its baseUrl, the network and the provider (status shows the last failure); the daemon retries it by itself')
  if (/not set|not found|unusable|no usable backend \(none|not defined|empty chain/.test(reasons) || fixes.length === 0) {
    fixes.push('set the API key env var in the daemon\'s environment (for the service: export it, then hookjudge service install), or pick another backend in judge.backends')
  }
  return fixes.join('; or ')
}

/** An agent CLI used as the judge fails for want of a login, not a key: say which. */
function verdictFix (error: string, backend: string | undefined): string {
  const log = 'the daemon log has each attempt at debug level'
  if (/not logged in|\/login|log ?in|unauthori[sz]ed|authenticat/i.test(error) && /cli/.test(`${backend ?? ''} ${error}`)) {
    return `log the CLI in as the user the daemon runs as (run \`claude\` and /login, or \`codex login\`, once), or pick another backend in judge.backends; ${log}`
  }
  if (backend?.endsWith('-cli')) return `run the ${backend.replace(/-cli$/, '')} CLI once by hand as the daemon's user: it must start and be logged in; ${log}`
  return `check the backend's key, baseUrl and network; ${log}`
}
