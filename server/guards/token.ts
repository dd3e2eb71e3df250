/** The optional bearer token: read from a private file, compared in constant time, and wired into hook entries. */
import { timingSafeEqual } from 'node:crypto'
import type { Config } from '../config/config-schema.js'
import { ConfigError, type ConfigProblem } from '../core/errors.js'
import { readPrivateFile, TOKEN_RE } from './private-file.js'
import { readTokens } from './tokens.js'

export { readPrivateFile, TOKEN_RE }

/** The token in the file, or the problem with the file (missing, not private, not ours, malformed). */
export function loadToken (path: string): { token: string } | { problem: ConfigProblem } {
  const read = readPrivateFile(path, 'server.tokenFile')
  if ('problem' in read) return read
  const token = read.text.replace(/\r?\n$/, '')
  if (!TOKEN_RE.test(token)) return { problem: { path: 'server.tokenFile', expected: 'one line of 16 to 512 visible ASCII characters (e.g. openssl rand -hex 32)', got: '[hidden]' } }
  return { token }
}

/** The token of config.server.tokenFile, or undefined when none is configured; throws ConfigError on a bad file. */
export function readToken (config: Pick<Config, 'server'>): string | undefined {
  const file = config.server.tokenFile
  if (!file) return undefined
  const loaded = loadToken(file)
  if ('problem' in loaded) throw new ConfigError([loaded.problem], file)
  return loaded.token
}

/** Constant-time check of an Authorization header against the token. */
export function bearerMatches (header: string | undefined, token: string): boolean {
  const m = /^Bearer ([\x21-\x7e]+)$/i.exec(header ?? '')
  const given = Buffer.from(m?.[1] ?? '')
  const want = Buffer.from(token)
  return given.length === want.length && timingSafeEqual(given, want)
}

/**
 * Headers a hookjudge command (status, doctor, reload) sends to the daemon. With server.tokensFile it uses
 * $HOOKJUDGE_TOKEN_FILE if set, else the file's first person: these verbs run where the daemon's files are and
 * write no decision record, so no one's name is borrowed for a decision.
 */
export function authHeaders (config: Pick<Config, 'server'>, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  let token = readToken(config)
  if (!token && config.server.tokensFile) {
    const own = env.HOOKJUDGE_TOKEN_FILE ? loadToken(env.HOOKJUDGE_TOKEN_FILE) : undefined
    if (own && 'problem' in own) throw new ConfigError([{ ...own.problem, path: 'HOOKJUDGE_TOKEN_FILE' }], env.HOOKJUDGE_TOKEN_FILE)
    token = own ? own.token : readTokens(config)?.[0]?.token.toString()
  }
  return token ? { authorization: `Bearer ${token}` } : {}
}

export interface HookAuth {
  /** For a Claude Code `http` hook entry: headers (env-interpolated by Claude) and the env vars they may read. */
  http: { headers: Record<string, string>, allowedEnvVars: string[] }
  /** For a `command` (shim) hook entry: the env the shim needs; it reads the file itself, so the token never sits in argv or settings. */
  shimEnv: Record<string, string>
}

/**
 * How `install` wires the token into hook entries, or null when no token is configured. The http form needs
 * HOOKJUDGE_TOKEN exported in the agent's environment (Claude substitutes only allowed vars); the token itself is
 * never written into a settings file. Prefer the shim transport when a token is configured.
 */
export function tokenHeaderFor (config: Pick<Config, 'server'>): HookAuth | null {
  const file = config.server.tokenFile
  if (!file) return null
  return {
    http: { headers: { Authorization: 'Bearer ${HOOKJUDGE_TOKEN}' }, allowedEnvVars: ['HOOKJUDGE_TOKEN'] }, // eslint-disable-line no-template-curly-in-string -- Claude's syntax
    shimEnv: { HOOKJUDGE_TOKEN_FILE: file }
  }
}
