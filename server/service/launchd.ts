/** The macOS LaunchAgent plist (keys included, so the file is 0600); pure renderer. */
import { join } from 'node:path'
import { MARKER, type ServiceSpec, serviceArgv } from './spec.js'

export const LABEL = 'dev.hookjudge'

export function launchdPaths (home: string) {
  const logs = join(home, 'Library', 'Logs', 'hookjudge')
  return { plist: join(home, 'Library', 'LaunchAgents', `${LABEL}.plist`), logs, out: join(logs, 'hookjudge.log'), err: join(logs, 'hookjudge.err.log') }
}

const xml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
const str = (s: string) => `<string>${xml(s)}</string>`

export function renderPlist (spec: ServiceSpec, home: string): string {
  const p = launchdPaths(home)
  const env = Object.entries({ ...spec.env, ...spec.secrets }).map(([k, v]) => `      <key>${xml(k)}</key>${str(v)}`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    `<!-- ${MARKER} -->`,
    '<plist version="1.0">',
    '  <dict>',
    `    <key>Label</key>${str(LABEL)}`,
    '    <key>ProgramArguments</key>',
    '    <array>',
    ...serviceArgv(spec, 'serve').map(a => `      ${str(a)}`),
    '    </array>',
    '    <key>RunAtLoad</key><true/>',
    // Restart after a crash, not after a clean stop (SIGTERM makes the daemon exit 0).
    '    <key>KeepAlive</key>',
    '    <dict><key>SuccessfulExit</key><false/></dict>',
    `    <key>ExitTimeOut</key><integer>${spec.stopTimeoutSec}</integer>`,
    `    <key>StandardOutPath</key>${str(p.out)}`,
    `    <key>StandardErrorPath</key>${str(p.err)}`,
    '    <key>EnvironmentVariables</key>',
    '    <dict>',
    ...env,
    '    </dict>',
    '  </dict>',
    '</plist>',
    ''
  ].join('\n')
}
