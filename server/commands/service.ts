/** hookjudge service install|uninstall|status: a systemd user unit (Linux) or a LaunchAgent (macOS); prints, never runs, the manager's commands. */
import { existsSync } from 'node:fs'
import { loadConfig } from '../config/config.js'
import { configHome, userHome } from '../core/paths.js'
import { planService, fileState, installFiles, uninstallFiles } from '../service/plan.js'
import { serviceSpec } from '../service/spec.js'
import { systemdPaths } from '../service/systemd.js'
import { type Command, parse, UsageError, workingDir } from './args.js'
import { SERVICE } from './verb-specs.js'
import { callDaemon, daemonAddress } from './daemon.js'
import { painter } from './output.js'

const ACTIONS = ['install', 'uninstall', 'status']

export const serviceCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, SERVICE)
  const action = positionals[0]
  if (!action || !ACTIONS.includes(action)) throw new UsageError(`service needs one of ${ACTIONS.join(', ')}`)
  const config = loadConfig({ env: io.env, file: values.config })
  const home = userHome(io.env)
  const cwd = workingDir(io)
  const platform = values.platform ?? process.platform
  const spec = serviceSpec(config, io.env, { cwd })
  const plan = planService(platform, spec, { home, configHome: configHome(io.env), uid: process.getuid?.() ?? 501 })
  if (!plan) {
    io.stderr.write(`hookjudge service: no service manager for platform "${platform}" (linux: systemd, darwin: launchd); run hookjudge serve under yours\n`)
    return 1
  }
  const paint = painter(io)
  const say = (line: string) => io.stdout.write(line + '\n')
  const commands = (title: string, lines: string[]) => { say(title); for (const l of lines) say(`  ${l}`) }

  if (action === 'install') {
    if (!existsSync(spec.cli)) say(`${paint('warn', 'note')}: ${spec.cli} does not exist yet: run npm run build before starting the service`)
    const done = await installFiles(plan)
    for (const d of done) say(`${d.action === 'refused' ? paint('fail', 'refused') : paint('ok', d.action)}  ${d.path}${d.action === 'refused' ? ' (not written by hookjudge: move it away first)' : ''}`)
    if (done.some(d => d.action === 'refused')) return 1
    say(`keys: ${Object.keys(spec.secrets).join(', ') || 'none set in this shell'} (only in the ${plan.manager === 'systemd' ? 'env file' : 'plist'}, mode 0600)`)
    commands('next, run:', plan.afterInstall)
    if (plan.manager === 'systemd') commands('to keep it running when you are logged out (hookjudge does not run this for you):', ['loginctl enable-linger "$USER"'])
    return 0
  }
  if (action === 'uninstall') {
    const wasEnabled = plan.manager === 'systemd' && existsSync(systemdPaths(configHome(io.env)).wants)
    const done = await uninstallFiles(plan)
    for (const d of done) say(`${d.action === 'kept' ? paint('warn', 'kept') : paint('ok', d.action)}  ${d.path}${d.action === 'kept' ? ' (not written by hookjudge)' : ''}`)
    commands(wasEnabled || plan.manager === 'launchd' ? 'then stop it:' : 'if it still runs, stop it:', plan.afterUninstall)
    return 0
  }
  const states = await Promise.all(plan.files.map(async f => ({ path: f.path, state: await fileState(f) })))
  const installed = states.every(s => s.state === 'current' || s.state === 'stale')
  for (const s of states) say(`${s.state === 'current' ? paint('ok', s.state) : paint('warn', s.state)}  ${s.path}`)
  if (states.some(s => s.state === 'stale')) say('the files differ from what install writes now (config, keys or paths changed): run hookjudge service install')
  const addr = daemonAddress(config)
  const health = await callDaemon(addr, 'GET', '/healthz', 3000)
  say(`daemon: ${health.ok && health.status === 200 ? paint('ok', 'answering') : paint('fail', 'not answering')} at ${addr.label}`)
  commands(`${plan.manager} ${installed ? 'service installed' : 'service not installed'}; inspect it with:`, plan.inspect)
  return installed ? 0 : 1
}
