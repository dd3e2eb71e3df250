/** hookjudge tokens list | add NAME [--review] | revoke NAME: server.tokensFile's people, changed without root or an editor. */
import { randomBytes } from 'node:crypto'
import { constants, existsSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { resolve } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { loadConfig } from '../config/config.js'
import { readPrivateFile } from '../guards/private-file.js'
import { loadTokens, NAME_RE, REVIEW_GRANT } from '../guards/tokens.js'
import { formatProblem } from '../core/errors.js'
import { nearest } from '../core/nearest.js'
import { type Command, type Io, parse, UsageError, workingDir } from './args.js'
import { callDaemon, daemonAddress } from './daemon.js'
import { TOKENS } from './verb-specs.js'
import { writeJson } from './output.js'

const nameOf = (line: string) => line.trim().startsWith('#') ? undefined : line.trim().split(/[ \t]+/)[0] || undefined

/** The file's lines, or why they cannot be read (a missing file is empty: `add` creates it). */
function linesOf (path: string): string[] | string {
  if (!existsSync(path)) return []
  const read = readPrivateFile(path, 'server.tokensFile')
  if ('problem' in read) return `${path}: expected ${read.problem.expected}, got ${read.problem.got}`
  return read.text.split('\n').filter((l, i, all) => i < all.length - 1 || l !== '')
}

/**
 * Replaces the file in one step (a new file renamed over it) where its folder is writable; where it is not (the file is
 * the daemon user's, its folder root's, as /etc/hookjudge is), rewrites the file itself: one write, then cut to length.
 * A daemon that reads it half-written refuses it and keeps the tokens in force until the next change event.
 */
async function writeTokens (path: string, text: string): Promise<void> {
  try {
    await writeFileAtomic(path, text, { mode: 0o600 })
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if ((code !== 'EACCES' && code !== 'EPERM') || !existsSync(path)) throw e
    const file = await open(path, constants.O_WRONLY | constants.O_NOFOLLOW)
    try {
      await file.write(text, 0)
      await file.truncate(Buffer.byteLength(text))
    } finally { await file.close() }
  }
}

/** Writes the new file only if the daemon would take it (the same rules it loads with), then asks it to reload;
 * null when the new file is refused, else whether a running daemon reloaded (or why not). */
async function save (path: string, lines: string[], io: Io, cliFile: string | undefined): Promise<{ reloaded: boolean, why?: string } | null> {
  await writeTokens(path, lines.join('\n') + '\n')
  const loaded = loadTokens(path)
  /* c8 ignore next 4 - the lines were checked before; this guards a file changed under us meanwhile */
  if ('problems' in loaded) {
    io.stderr.write(`hookjudge tokens: ${path} is now refused by the daemon: ${loaded.problems.map(p => p.path).join(', ')}\n`)
    return null
  }
  const addr = daemonAddress(loadConfig({ env: io.env, file: cliFile }))
  // A daemon that says it reads another file (or none) is not asked to reload: a personal daemon is not disturbed.
  const status = await callDaemon(addr, 'GET', '/status', 3000)
  const reads: unknown = status.ok && status.status === 200 ? status.body?.tokensFile : undefined
  if (reads !== undefined && reads !== path) {
    return { reloaded: false, why: `the daemon at ${addr.label} reads ${typeof reads === 'string' ? reads : 'no tokens file'}, not ${path}, so it was not asked to reload; point --config (server.port) or HOOKJUDGE_PORT at the daemon that does` }
  }
  const answer = await callDaemon(addr, 'POST', '/reload', 10_000)
  if (!answer.ok || answer.status !== 200) return { reloaded: false, why: answer.ok ? `HTTP ${answer.status}` : answer.error }
  // The daemon at the configured address may be another one (a personal daemon, a team one on a port given by flag):
  // only one whose reload says it re-read this very file took the change.
  // A daemon that reads this file has it now: it follows the file, so its own reload may have come first and this one
  // finds nothing changed. One that does not say which file it reads took the change if its reload says so.
  if (reads === path) return { reloaded: true }
  const changes: unknown[] = Array.isArray(answer.body?.changes) ? answer.body.changes : []
  if (changes.some(c => typeof c === 'string' && c.startsWith(`server.tokensFile ${path}:`))) return { reloaded: true }
  return { reloaded: false, why: `the daemon at ${addr.label} reloaded, but it does not read ${path}; point --config (server.port) or HOOKJUDGE_PORT at the daemon that does` }
}

/** What the change means now, for a person. */
const holds = (r: { reloaded: boolean, why?: string }) => r.reloaded
  ? 'the running daemon reloaded its tokens: the change holds now\n'
  : `no daemon confirmed it (${r.why}); every daemon that reads this file follows it and takes the change within a second, without a restart\n`

export const tokensCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, TOKENS)
  const [action, name] = positionals
  const config = loadConfig({ env: io.env, file: values.config })
  const path = values.file !== undefined ? resolve(workingDir(io), values.file) : config.server.tokensFile
  if (!path) {
    const read = config.files.slice(1)
    throw new UsageError(`no server.tokensFile in ${read.length > 0 ? read.join(', ') : 'the config (no file of yours was found; --config FILE names one)'}: ` +
      'tokens manages a team daemon\'s people; add `server: { tokensFile: /etc/hookjudge/tokens }`, or name the file with --file F (docs/team.md)')
  }
  const lines = linesOf(path)
  if (typeof lines === 'string') {
    const hint = /EACCES|EPERM/.test(lines) ? ': run it as the file\'s owner (the daemon\'s user, e.g. sudo -u hookjudge hookjudge tokens …)' : ''
    io.stderr.write(`hookjudge tokens: ${lines}${hint}\n`)
    return 1
  }
  const people = lines.map(nameOf).filter((n): n is string => n !== undefined)
  if (action === 'list') {
    const listed = lines.filter(l => nameOf(l) !== undefined).map(l => l.trim().split(/[ \t]+/)).map(([n, , grant]) => ({ name: n!, review: grant === REVIEW_GRANT }))
    if (values.json) writeJson(io, 'tokens', true, { file: path, people: listed })
    else listed.forEach(p => io.stdout.write(`${p.name}${p.review ? '  review' : ''}\n`))
    // The file as the daemons load it: one they refuse keeps the previous tokens in force, whatever it lists.
    const loaded = people.length > 0 ? loadTokens(path) : { people: [] }
    if ('problems' in loaded) {
      io.stderr.write(`hookjudge tokens: the daemons refuse ${path} as it is (they keep the tokens they had): ${loaded.problems.map(formatProblem).join('; ')}\n`)
      return 1
    }
    if (people.length === 0 && !values.json) io.stderr.write(`no people in ${path} yet: hookjudge tokens add NAME\n`)
    return 0
  }
  if (action !== 'add' && action !== 'revoke') {
    const near = action === undefined ? undefined : nearest(action, ['list', 'add', 'revoke'])
    throw new UsageError(`tokens takes list, add NAME or revoke NAME, not "${action ?? ''}"${near ? `; did you mean "${near}"?` : ''}`)
  }
  if (!name) throw new UsageError(`tokens ${action} needs a NAME`)
  if (action === 'add') {
    if (people.includes(name)) { io.stderr.write(`hookjudge tokens: ${name} is already in ${path} (revoke first to give a new token)\n`); return 1 }
    const token = randomBytes(32).toString('hex')
    if (!NAME_RE.test(name)) throw new UsageError(`a name of letters, digits and . _ @ - (at most 64), not "${name.slice(0, 64)}"`)
    const line = `${name} ${token}${values.review ? ` ${REVIEW_GRANT}` : ''}`
    // The token is printed once, to stdout only: give it to the person privately (docs/team.md: hookjudge-save-token).
    const saved = await save(path, [...lines, line], io, values.config)
    if (saved === null) return 1
    if (values.json) writeJson(io, 'tokens', true, { action, name, review: values.review === true, token, ...saved })
    else io.stdout.write(`${holds(saved)}${name}'s token (shown once): ${token}\n`)
    return 0
  }
  if (!people.includes(name)) {
    const guess = nearest(name, people)
    io.stderr.write(`hookjudge tokens: no ${name} in ${path}${guess ? ` (did you mean ${guess}?)` : ''}; people: ${people.join(', ') || 'none'}\n`)
    return 1
  }
  const kept = lines.filter(l => nameOf(l) !== name)
  if (!kept.some(l => nameOf(l) !== undefined)) {
    io.stderr.write(`hookjudge tokens: ${name} is the last person in ${path}, and a file with nobody is refused; add someone first\n`)
    return 1
  }
  const saved = await save(path, kept, io, values.config)
  if (saved === null) return 1
  if (values.json) writeJson(io, 'tokens', true, { action, name, ...saved })
  else io.stdout.write(`${name} revoked; ${holds(saved)}`)
  return 0
}
