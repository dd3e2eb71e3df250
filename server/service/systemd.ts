/** The systemd user unit and its 0600 env file of API keys; pure renderers. */
import { join } from 'node:path'
import { MARKER, type ServiceSpec, serviceArgv } from './spec.js'

export const UNIT_NAME = 'hookjudge.service'

/** systemd looks for user units in $XDG_CONFIG_HOME/systemd/user (default ~/.config/systemd/user). */
export function systemdPaths (configHome: string) {
  const dir = join(configHome, 'systemd', 'user')
  return { dir, unit: join(dir, UNIT_NAME), envFile: join(dir, 'hookjudge.env'), wants: join(dir, 'default.target.wants', UNIT_NAME) }
}

/** One word of an Exec line: % and $ are specifier and variable characters to systemd, so they are doubled. */
export function unitWord (s: string): string {
  const e = s.replaceAll('%', '%%').replaceAll('$', () => '$$')
  return /^[\w@%+=:,./-]+$/.test(e) ? e : `"${e.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
}

const envLine = (k: string, v: string) => `Environment=${unitWord(`${k}=${v}`)}`

export function renderUnit (spec: ServiceSpec, envFile: string): string {
  const exec = (verb: 'serve' | 'reload') => serviceArgv(spec, verb).map(unitWord).join(' ')
  return [
    `# ${MARKER}`,
    '[Unit]',
    'Description=hookjudge: judge daemon for coding agents\' hooks',
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${exec('serve')}`,
    `ExecReload=${exec('reload')}`,
    ...Object.entries(spec.env).map(([k, v]) => envLine(k, v)),
    // The daemon tells `service status` it is the service's own (not one started by hand on the same address).
    envLine('HOOKJUDGE_SERVICE', 'systemd'),
    // The dash: a missing key file starts the daemon without keys (doctor says so) rather than not at all.
    `EnvironmentFile=-${unitWord(envFile)}`,
    'Restart=on-failure',
    'RestartSec=2',
    `TimeoutStopSec=${spec.stopTimeoutSec}`,
    'UMask=0077',
    '',
    '[Install]',
    'WantedBy=default.target',
    ''
  ].join('\n')
}

/** KEY=value lines; values outside a plain set are double-quoted with \\ and " escaped. */
export function renderEnvFile (secrets: Record<string, string>): string {
  const value = (v: string) => /^[\w@%+=:,./-]*$/.test(v) ? v : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  return [`# ${MARKER}`, '# API keys for the judge backends (mode 0600).', ...Object.entries(secrets).map(([k, v]) => `${k}=${value(v)}`), ''].join('\n')
}
