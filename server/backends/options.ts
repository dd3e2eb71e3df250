/** The backend keys beyond type/model/baseUrl (CLI command, spares, keep-alive probe, prices), checked at config load. */
import { isMap } from '../core/is-map.js'

export interface Price { inputPerMTok: number, outputPerMTok: number }

export interface BackendOptions {
  /** claude-cli / codex-cli: the binary (path or argv prefix; default: found on PATH). command: the argv to run. */
  command?: string[]
  /** Extra arguments placed after the backend's own flags. */
  args: string[]
  /** Working directory of judge processes (default: the system temp dir, away from any project's settings). */
  cwd?: string
  /** How many processes (one per hook field set) wait, already started, for their prompt; 0 = none. */
  spares: number
  /** Judge processes alive at once for this backend, spares included. */
  maxProcesses: number
  /** A spare older than this is replaced by a fresh one. */
  spareIdleSeconds: number
  /** stdout of a judge process (or an HTTP backend's answer) past this many bytes is refused, the process killed or the connection dropped; stderr keeps its tail. */
  maxOutputBytes: number
  /** HTTP backends: a cheap GET on this interval keeps a connection open across idle minutes; 0 = off. */
  keepAliveProbeSeconds: number
  /** HTTP backends: calls in flight at once, one connection each; more wait for a free one. */
  connections: number
  /** USD per million tokens; when set, records carry an estimated costUsd. */
  price?: Price
}

// A burst of every replica's sessions ending their turns at once (200 in the load bench) each asks the judge: at 8,
// the old limit, most of a burst waited for a connection until its deadline passed.
export const CONNECTIONS_DEFAULT = 256

type Bad = (path: string, expected: string, got: unknown) => void
const isArgv = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every(x => typeof x === 'string' && x.length > 0)

export function validateBackendOptions (b: Record<string, unknown>, type: string, p: string, bad: Bad): BackendOptions {
  const int = (key: string, dflt: number, min: number, max: number): number => {
    const v = b[key] ?? dflt
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v
    bad(`${p}.${key}`, `an integer from ${min} to ${max}`, v)
    return dflt
  }
  let command: string[] | undefined
  if (typeof b.command === 'string' && b.command.length > 0) command = [b.command]
  else if (isArgv(b.command)) command = b.command
  else if (b.command !== undefined) bad(`${p}.command`, 'a path or a list of arguments', b.command)
  if (type === 'command' && !command) bad(`${p}.command`, 'the command to run, as a list of arguments (a command backend needs one)', b.command)
  const args = b.args === undefined ? [] : Array.isArray(b.args) && b.args.every(x => typeof x === 'string') ? b.args as string[] : (bad(`${p}.args`, 'a list of strings', b.args), [])
  const cwd = b.cwd === undefined ? undefined : typeof b.cwd === 'string' && b.cwd.startsWith('/') ? b.cwd : (bad(`${p}.cwd`, 'an absolute path', b.cwd), undefined)
  let price: Price | undefined
  if (b.price !== undefined) {
    const pr = isMap(b.price) ? b.price : {}
    const ok = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0
    if (ok(pr.inputPerMTok) && ok(pr.outputPerMTok)) price = { inputPerMTok: pr.inputPerMTok as number, outputPerMTok: pr.outputPerMTok as number }
    else bad(`${p}.price`, '{ inputPerMTok: number, outputPerMTok: number } (USD per million tokens)', b.price)
  }
  const cli = type === 'claude-cli' || type === 'codex-cli'
  return {
    command,
    args,
    cwd,
    spares: int('spares', cli ? 2 : 0, 0, 16),
    maxProcesses: int('maxProcesses', 4, 1, 64),
    spareIdleSeconds: int('spareIdleSeconds', 600, 5, 86400),
    maxOutputBytes: int('maxOutputBytes', 1048576, 1024, 64 * 1048576),
    keepAliveProbeSeconds: int('keepAliveProbeSeconds', 30, 0, 3600),
    connections: int('connections', CONNECTIONS_DEFAULT, 1, 4096),
    price
  }
}
