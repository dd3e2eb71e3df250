/** What an earlier `service install` wrote, read back once: the keys, settings and config file a new install keeps. */
import { readSmallFileSync } from '../core/safe-file.js'
import { keptConfigFile, keptKeys } from './kept-keys.js'
import { launchdPaths } from './launchd.js'
import { KEPT_ENV, type ServiceSpec } from './spec.js'
import { systemdPaths } from './systemd.js'

export interface Kept { keys: Record<string, string>, env: Record<string, string>, configFile?: string }

const text = (path: string) => { const read = readSmallFileSync(path, 1 << 20); return 'text' in read ? read.text : undefined }

/**
 * From the installed files, what this shell does not set anew: the keys named (unless clearKeys), the KEPT_ENV
 * settings, and the --config file unless this run names one. A file hookjudge did not write gives nothing.
 */
export function keptFromInstall (platform: string, where: { home: string, configHome: string }, spec: ServiceSpec,
  o: { keyNames: string[], clearKeys: boolean, configNamed: boolean, /** settings this shell sets empty: dropped */ cleared?: string[] }): Kept {
  const linux = platform === 'linux'
  if (!linux && platform !== 'darwin') return { keys: {}, env: {} }
  const unit = text(linux ? systemdPaths(where.configHome).unit : launchdPaths(where.home).plist)
  const secrets = linux ? text(systemdPaths(where.configHome).envFile) : unit
  const unitKind = linux ? 'unit' : 'plist'
  const installedConfig = o.configNamed ? undefined : keptConfigFile(unit, unitKind)
  return {
    keys: o.clearKeys ? {} : keptKeys(secrets, linux ? 'env' : 'plist', o.keyNames, spec.secrets),
    env: keptKeys(unit, unitKind, KEPT_ENV.filter(k => !(o.cleared ?? []).includes(k)), spec.env),
    ...(installedConfig !== undefined && installedConfig !== spec.configFile ? { configFile: installedConfig } : {})
  }
}
