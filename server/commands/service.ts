/** hookjudge service install|uninstall|status: a systemd user unit (Linux) or a LaunchAgent (macOS); prints, never runs, the manager's commands. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Config, loadConfig } from '../config/config.js'
import { nearest } from '../core/nearest.js'
import { configHome, userHome } from '../core/paths.js'
import { type Kept, keptFromInstall } from '../service/installed.js'
import { differences, fileState, installFiles, planService, uninstallFiles } from '../service/plan.js'
import { serviceSpec } from '../service/spec.js'
import { systemdPaths } from '../service/systemd.js'
import { type Command, parse, UsageError, workingDir } from './args.js'
import { SERVICE } from './verb-specs.js'
import { KEPT_ENV } from '../service/spec.js'
import { callDaemon, daemonAddress } from './daemon.js'
import { painter, writeJson } from './output.js'

const ACTIONS = ['install', 'uninstall', 'status']

export const serviceCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, SERVICE)
  const action = positionals[0]
  if (!action || !ACTIONS.includes(action)) {
    const near = action === undefined ? undefined : nearest(action, ACTIONS)
    throw new UsageError(`service needs one of ${ACTIONS.join(', ')}${near ? `; did you mean "${near}"?` : ''}`)
  }
  const config = loadConfig({ env: io.env, file: values.config })
  const home = userHome(io.env)
  const cwd = workingDir(io)
  const platform = values.platform ?? process.platform
  const spec = serviceSpec(config, io.env, { cwd })
  // What the last install stored stays unless this shell sets it anew (installing from a shell without a key, a base URL,
  // the port or --config must not erase or move them), or --clear-keys drops the keys.
  const kept = keptFromInstall(platform, { home, configHome: configHome(io.env) }, spec, {
    keyNames: Object.values(config.backends).flatMap(b => b.apiKeyEnv ? [b.apiKeyEnv] : []),
    clearKeys: values['clear-keys'] === true,
    configNamed: values.config !== undefined || Boolean(io.env.HOOKJUDGE_CONFIG),
    // `HOOKJUDGE_PORT= hookjudge service install`: a setting the unit kept, dropped.
    cleared: KEPT_ENV.filter(k => io.env[k] === '')
  })
  // In name order: what the unit holds must not depend on which shell set which setting (status compares the lines).
  spec.secrets = byName({ ...kept.keys, ...spec.secrets })
  spec.env = byName({ ...kept.env, ...spec.env })
  if (kept.configFile !== undefined) spec.configFile = kept.configFile
  const addr = daemonAddress(serviceConfig(config, io.env, kept, values.config))
  const plan = planService(platform, spec, { home, configHome: configHome(io.env), uid: process.getuid?.() ?? 501 })
  if (!plan) {
    const error = `no service manager for platform "${platform}" (linux: systemd, darwin: launchd); run hookjudge serve under yours`
    if (values.json) writeJson(io, 'service', false, { action, platform, error })
    else io.stderr.write(`hookjudge service: ${error}\n`)
    return 1
  }
  const paint = painter(io)
  const say = (line: string) => io.stdout.write(line + '\n')
  const commands = (title: string, lines: string[]) => { say(title); for (const l of lines) say(`  ${l}`) }
  const json = (ok: boolean, data: Record<string, unknown>) => writeJson(io, 'service', ok, { action, platform, manager: plan.manager, ...data })

  if (action === 'install') {
    const notBuilt = !existsSync(spec.cli)
    const done = await installFiles(plan)
    const refused = done.some(d => d.action === 'refused')
    const keys = Object.keys(spec.secrets)
    const linger = plan.manager === 'systemd' ? ['loginctl enable-linger "$USER"'] : []
    const notes = [
      ...notBuilt ? [`${spec.cli} does not exist yet: run npm run build before starting the service`] : [],
      ...plan.manager === 'systemd' && platform === process.platform && !userBus(io.env) ? [NO_USER_BUS] : []
    ]
    if (values.json) {
      json(!refused, { files: done, keys, kept: [...Object.keys(kept.keys), ...Object.keys(kept.env), ...(kept.configFile ? ['--config'] : [])], next: refused ? [] : plan.afterInstall, linger: refused ? [] : linger, notes })
      return refused ? 1 : 0
    }
    for (const n of notes) say(`${paint('warn', 'note')}: ${n}`)
    for (const d of done) say(`${d.action === 'refused' ? paint('fail', 'refused') : paint('ok', d.action)}  ${d.path}${d.action === 'refused' ? ' (not written by hookjudge: move it away first)' : ''}`)
    if (refused) return 1
    const where = plan.manager === 'systemd' ? 'env file' : 'plist'
    say(keys.length > 0 ? `keys: ${keys.join(', ')} (only in the ${where}, mode 0600)` : 'keys: none (set a backend\'s key in this shell and install again)')
    if (Object.keys(kept.keys).length > 0) say(`${paint('warn', 'kept')}: ${Object.keys(kept.keys).join(', ')} from the ${where} already installed (not set in this shell)`)
    if (kept.configFile !== undefined) say(`${paint('warn', 'kept')}: --config ${kept.configFile} from the ${plan.manager === 'systemd' ? 'unit' : 'plist'} already installed (give --config to change it)`)
    if (Object.keys(kept.env).length > 0) say(`${paint('warn', 'kept')}: ${Object.keys(kept.env).join(', ')} from the ${plan.manager === 'systemd' ? 'unit' : 'plist'} already installed (not set in this shell; set it empty to drop it: ${Object.keys(kept.env).map(k => `${k}=`).join(' ')} hookjudge service install)`)
    commands('next, run:', plan.afterInstall)
    if (linger.length > 0) commands('to keep it running when you are logged out (hookjudge does not run this for you):', linger)
    return 0
  }
  if (action === 'uninstall') {
    // Stopping needs the files uninstall removes (systemctl disable reads the unit): a running or enabled service is
    // stopped first, by the user, and uninstall run again.
    const enabled = plan.manager === 'systemd' && existsSync(systemdPaths(configHome(io.env)).wants)
    const running = (await daemonOf(addr)).service === plan.manager
    if (enabled || running) {
      const why = `the ${plan.manager} service is ${running ? 'running' : 'enabled'}: stop it first, then run hookjudge service uninstall again`
      if (values.json) { json(false, { error: why, files: [], next: plan.stop }); return 1 }
      io.stderr.write(`hookjudge service: ${why}\n`)
      commands('stop it with:', plan.stop)
      return 1
    }
    const done = await uninstallFiles(plan)
    if (values.json) { json(true, { files: done, next: plan.afterUninstall }); return 0 }
    for (const d of done) say(`${d.action === 'kept' ? paint('warn', 'kept') : paint('ok', d.action)}  ${d.path}${d.action === 'kept' ? ' (not written by hookjudge)' : ''}`)
    if (done.some(d => d.action === 'removed')) {
      commands('then run:', plan.afterUninstall)
      if (plan.manager === 'systemd' && platform === process.platform && !userBus(io.env)) say(`${paint('warn', 'note')}: ${NO_USER_BUS}`)
    }
    return 0
  }
  const states = await Promise.all(plan.files.map(async f => ({ path: f.path, state: await fileState(f) })))
  const installed = states.every(s => s.state === 'current' || s.state === 'stale')
  const stale = states.some(s => s.state === 'stale')
  const { answering, ...who } = await daemonOf(addr)
  if (values.json) {
    json(installed, { installed, stale, files: states, daemon: { address: addr.label, answering, ...who }, inspect: plan.inspect })
    return installed ? 0 : 1
  }
  for (const s of states) say(`${s.state === 'current' ? paint('ok', s.state) : paint('warn', s.state)}  ${s.path}`)
  for (const f of plan.files.filter(f => states.find(s => s.path === f.path)?.state === 'stale')) {
    // The unit keeps the PATH of the shell that installed it: another shell's PATH alone makes it differ.
    say(`${f.path} differs from what install writes now in: ${(await differences(f)).join(', ') || 'the order of its lines'}`)
  }
  if (stale) say('run hookjudge service install (from the shell whose PATH and keys the service should have) to rewrite them')
  // The unit's own HOOKJUDGE_PORT / HOST win over the config's server section: say so when they move the daemon.
  const fromFile = daemonAddress(serviceConfig(config, io.env, { ...kept, env: {} }, values.config))
  const moves = Object.entries(kept.env).filter(([k]) => k === 'HOOKJUDGE_PORT' || k === 'HOOKJUDGE_HOST')
  if (installed && moves.length > 0 && fromFile.label !== addr.label) {
    say(`${paint('warn', 'note')}: the ${plan.manager === 'systemd' ? 'unit' : 'plist'} sets ${moves.map(([k, v]) => `${k}=${v}`).join(' ')}, which wins over the config's ${fromFile.label}; ` +
      `drop it with: ${moves.map(([k]) => `${k}=`).join(' ')} hookjudge service install`)
  }
  say(`daemon: ${answering ? paint('ok', 'answering') : paint('fail', 'not answering')} at ${addr.label}${whose(who, plan.manager, installed)}`)
  if (installed) commands(`${plan.manager} service installed; inspect it with:`, plan.inspect)
  if (installed && plan.manager === 'systemd' && platform === process.platform && !userBus(io.env)) say(`${paint('warn', 'note')}: ${NO_USER_BUS}`)
  else say(`${plan.manager} service not installed`)
  return installed ? 0 : 1
}

/**
 * The config the installed service runs with, for its address: the unit's --config and settings where this shell names
 * none (status run from a plain shell must look where the service listens, not where the user config points).
 */
function serviceConfig (config: Config, env: Record<string, string | undefined>, kept: Kept, file?: string): Config {
  if (kept.configFile === undefined && Object.keys(kept.env).length === 0) return config
  try {
    return loadConfig({ env: { ...env, ...kept.env }, file: kept.configFile ?? file })
  } catch {
    return config
  }
}

const byName = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0))

/** Which daemon answers, for people: the pid, and whether the service's unit started it. */
function whose (who: { pid?: number, service?: string | null }, manager: string, installed: boolean): string {
  if (who.pid === undefined) return ''
  if (who.service === manager) return `, pid ${who.pid}, started by the ${manager} service`
  if (!installed) return `, pid ${who.pid} (started by hand, e.g. npm start)`
  return `, pid ${who.pid}: not the service's daemon (started by hand, e.g. npm start); the service cannot listen while it runs: stop it, then start the service`
}

const NO_USER_BUS = 'no systemd user session here (no $XDG_RUNTIME_DIR/bus), so the systemctl --user commands named here fail ("Failed to connect to bus"): ' +
  'run them from a login session that has one (or after `loginctl enable-linger $USER`, run by root), or run hookjudge serve under your own supervisor or the Docker image'

/** Whether systemctl --user can reach this user's manager: its bus socket under XDG_RUNTIME_DIR (or /run/user/UID). */
function userBus (env: Record<string, string | undefined>): boolean {
  const dir = env.XDG_RUNTIME_DIR ?? `/run/user/${process.getuid?.() ?? 0}`
  return existsSync(join(dir, 'bus')) || existsSync(join(dir, 'systemd', 'private'))
}

/** Whose daemon answers at the address: the service's own (its unit sets HOOKJUDGE_SERVICE), or another (npm start, a shell). */
async function daemonOf (addr: ReturnType<typeof daemonAddress>): Promise<{ answering: boolean, pid?: number, service?: string | null }> {
  const health = await callDaemon(addr, 'GET', '/healthz', 3000)
  if (!health.ok || health.status !== 200) return { answering: false }
  const status = await callDaemon(addr, 'GET', '/status', 3000)
  const body = status.ok && status.status === 200 ? status.body as { pid?: number, service?: string | null } : {}
  return typeof body.pid === 'number' ? { answering: true, pid: body.pid, service: body.service ?? null } : { answering: true }
}
