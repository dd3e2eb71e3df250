/** The macOS LaunchAgent plist (keys included, so the file is 0600); pure renderer. */
import { join } from 'node:path'
import { build } from 'plist'
import { MARKER, type ServiceSpec, serviceArgv } from './spec.js'

export const LABEL = 'dev.hookjudge'

export function launchdPaths (home: string) {
  const logs = join(home, 'Library', 'Logs', 'hookjudge')
  return { plist: join(home, 'Library', 'LaunchAgents', `${LABEL}.plist`), logs, out: join(logs, 'hookjudge.log'), err: join(logs, 'hookjudge.err.log') }
}

export function renderPlist (spec: ServiceSpec, home: string): string {
  const p = launchdPaths(home)
  const xml = build({
    Label: LABEL,
    ProgramArguments: serviceArgv(spec, 'serve'),
    RunAtLoad: true,
    // Restart after a crash, not after a clean stop (SIGTERM makes the daemon exit 0).
    KeepAlive: { SuccessfulExit: false },
    ExitTimeOut: spec.stopTimeoutSec,
    StandardOutPath: p.out,
    StandardErrorPath: p.err,
    EnvironmentVariables: { ...spec.env, HOOKJUDGE_SERVICE: 'launchd', ...spec.secrets }
  })
  // The marker tells a file hookjudge wrote from one it must not touch; plist has no comments of its own.
  return xml.replace('<plist version="1.0">', `<!-- ${MARKER} -->\n<plist version="1.0">`) + '\n'
}
