/** The service for a platform: which files install writes (0600 when they hold keys), and the commands people run next. */
import { mkdir, readFile, rm, rmdir, chmod } from 'node:fs/promises'
import { writeAtomic } from '../install/settings-file.js'
import { dirname } from 'node:path'
import { LABEL, launchdPaths, renderPlist } from './launchd.js'
import { MARKER, type ServiceSpec } from './spec.js'
import { renderEnvFile, renderUnit, systemdPaths, UNIT_NAME } from './systemd.js'

export interface ServiceFile { path: string, content: string, mode: number }

export interface ServicePlan {
  manager: 'systemd' | 'launchd'
  files: ServiceFile[]
  /** Folders install creates when missing and uninstall removes when empty. */
  dirs: string[]
  afterInstall: string[]
  /** What stops and disables the service: run before uninstall removes the files it needs. */
  stop: string[]
  afterUninstall: string[]
  inspect: string[]
}

export function planService (platform: string, spec: ServiceSpec, where: { home: string, configHome: string, uid: number }): ServicePlan | null {
  if (platform === 'linux') {
    const p = systemdPaths(where.configHome)
    return {
      manager: 'systemd',
      files: [{ path: p.unit, content: renderUnit(spec, p.envFile), mode: 0o644 }, { path: p.envFile, content: renderEnvFile(spec.secrets), mode: 0o600 }],
      dirs: [],
      afterInstall: ['systemctl --user daemon-reload', `systemctl --user enable --now ${UNIT_NAME}`, `systemctl --user restart ${UNIT_NAME}   # when it was already running`],
      stop: [`systemctl --user disable --now ${UNIT_NAME}`],
      afterUninstall: ['systemctl --user daemon-reload'],
      inspect: [`systemctl --user status ${UNIT_NAME}`, `journalctl --user -u ${UNIT_NAME} -f`, `systemctl --user reload ${UNIT_NAME}   # runs hookjudge reload`]
    }
  }
  if (platform === 'darwin') {
    const p = launchdPaths(where.home)
    const target = `gui/${where.uid}`
    return {
      manager: 'launchd',
      files: [{ path: p.plist, content: renderPlist(spec, where.home), mode: 0o600 }],
      dirs: [p.logs],
      afterInstall: [`launchctl bootout ${target}/${LABEL} 2>/dev/null   # when it was already loaded`, `launchctl bootstrap ${target} ${p.plist}`],
      stop: [`launchctl bootout ${target}/${LABEL}`],
      afterUninstall: [`launchctl bootout ${target}/${LABEL} 2>/dev/null   # if it is still loaded`],
      inspect: [`launchctl print ${target}/${LABEL}`, `tail -f ${p.out}`, `launchctl kill SIGHUP ${target}/${LABEL}   # reload`]
    }
  }
  return null
}

const readOrNull = (path: string) => readFile(path, 'utf8').catch(() => null)

export type FileState = 'absent' | 'current' | 'stale' | 'foreign'

/** current: what install would write now; stale: ours but different; foreign: a file install did not write. */
export async function fileState (f: ServiceFile): Promise<FileState> {
  const text = await readOrNull(f.path)
  if (text === null) return 'absent'
  if (text === f.content) return 'current'
  return text.includes(MARKER) ? 'stale' : 'foreign'
}

/** What an installed file's lines differ in from what install writes now, by name only (a setting or an env var,
 * `Environment=PATH`, never a value: the env file holds keys). */
export async function differences (f: ServiceFile): Promise<string[]> {
  const text = await readOrNull(f.path)
  if (text === null) return []
  const have = new Set(text.split('\n'))
  const want = new Set(f.content.split('\n'))
  const name = (line: string) => {
    const t = line.trim()
    const m = /^(Environment=[A-Za-z_][A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_.-]*)=/.exec(t) ?? /^<key>([^<]+)<\/key>/.exec(t)
    return m ? m[1]! : 'a line'
  }
  const changed = [...want].filter(l => !have.has(l)).concat([...have].filter(l => !want.has(l)))
  return [...new Set(changed.filter(l => l.trim() !== '').map(name))]
}

/** Writes what differs (idempotent); refuses to overwrite a file it did not write. */
export async function installFiles (plan: ServicePlan): Promise<{ path: string, action: 'written' | 'unchanged' | 'refused' }[]> {
  for (const d of plan.dirs) await mkdir(d, { recursive: true, mode: 0o700 })
  const out: { path: string, action: 'written' | 'unchanged' | 'refused' }[] = []
  for (const f of plan.files) {
    const state = await fileState(f)
    if (state === 'foreign') { out.push({ path: f.path, action: 'refused' }); continue }
    if (state !== 'current') {
      await mkdir(dirname(f.path), { recursive: true, mode: 0o700 })
      // A half-written unit or plist would be loaded as is by the service manager.
      await writeAtomic(f.path, f.content, f.mode)
    }
    // Also tightens a file whose mode was loosened since the last install.
    await chmod(f.path, f.mode)
    out.push({ path: f.path, action: state === 'current' ? 'unchanged' : 'written' })
  }
  return out
}

/** Removes exactly the files install wrote (by their marker), and its folders when they are left empty. */
export async function uninstallFiles (plan: ServicePlan): Promise<{ path: string, action: 'removed' | 'absent' | 'kept' }[]> {
  const out: { path: string, action: 'removed' | 'absent' | 'kept' }[] = []
  for (const f of plan.files) {
    const state = await fileState(f)
    if (state === 'absent') out.push({ path: f.path, action: 'absent' })
    else if (state === 'foreign') out.push({ path: f.path, action: 'kept' })
    else { await rm(f.path); out.push({ path: f.path, action: 'removed' }) }
  }
  for (const d of plan.dirs) await rmdir(d).catch(() => {})
  return out
}
