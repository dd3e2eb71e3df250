/** The API keys (and base URLs) an earlier `service install` stored, read back so a later install from a shell without them keeps them; pure parsing. */
import { parse as parsePlist } from 'plist'
import { isMap } from '../core/is-map.js'
import { MARKER } from './spec.js'

/** KEY=value lines of an env file renderEnvFile wrote (its double-quoted values unescaped). */
function envFileKeys (text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line)
    if (!m) continue
    const raw = m[2]!
    out[m[1]!] = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1).replace(/\\(["\\])/g, '$1') : raw
  }
  return out
}

/** Environment= lines of a unit renderUnit wrote (unitWord's quoting and doubled % and $ undone). */
function unitEnv (text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const m = /^Environment=(.*)$/.exec(line)
    if (!m) continue
    const raw = m[1]!
    const word = (raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).replace(/\\(["\\])/g, '$1') : raw).replaceAll('%%', '%').replaceAll('$$', '$')
    const at = word.indexOf('=')
    if (at > 0) out[word.slice(0, at)] = word.slice(at + 1)
  }
  return out
}

function plistKeys (text: string): Record<string, string> {
  try {
    const doc = parsePlist(text) as unknown
    const vars = isMap(doc) ? doc.EnvironmentVariables : undefined
    if (!isMap(vars)) return {}
    return Object.fromEntries(Object.entries(vars).filter((e): e is [string, string] => typeof e[1] === 'string'))
  } catch { return {} }
}

/**
 * The keys named by `names` that the file install wrote holds and `shell` lacks. Only a file carrying install's marker
 * is read: a key is never taken from a file the user wrote.
 */
export function keptKeys (text: string | undefined, kind: 'env' | 'unit' | 'plist', names: readonly string[], shell: Record<string, string | undefined>): Record<string, string> {
  if (text === undefined || !text.includes(MARKER)) return {}
  const stored = kind === 'env' ? envFileKeys(text) : kind === 'unit' ? unitEnv(text) : plistKeys(text)
  const out: Record<string, string> = {}
  for (const name of names) if (shell[name] === undefined && stored[name]) out[name] = stored[name]
  return out
}

/** The --config file the installed unit (its ExecStart line) or plist (its ProgramArguments) runs the daemon with. */
export function keptConfigFile (text: string | undefined, kind: 'unit' | 'plist'): string | undefined {
  if (text === undefined || !text.includes(MARKER)) return undefined
  if (kind === 'plist') {
    try {
      const doc = parsePlist(text) as unknown
      const argv = isMap(doc) && Array.isArray(doc.ProgramArguments) ? doc.ProgramArguments : []
      const at = argv.indexOf('--config')
      return at >= 0 && typeof argv[at + 1] === 'string' ? argv[at + 1] : undefined
    } catch { return undefined }
  }
  const m = /^ExecStart=.* --config ("(?:[^"\\]|\\.)*"|\S+)\s*$/m.exec(text)
  if (!m) return undefined
  const word = m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/\\(["\\])/g, '$1') : m[1]!
  return word.replaceAll('%%', '%').replaceAll('$$', '$')
}
