/** server.tokensFile: one `name token [review]` line per person, so a shared daemon knows who asked; re-read on reload. */
import { timingSafeEqual } from 'node:crypto'
import type { Config } from '../config/config-schema.js'
import { ConfigError, type ConfigProblem } from '../core/errors.js'
import { readPrivateFile, TOKEN_RE } from './private-file.js'

/** review: the person may see and label everyone's decisions on the review page, and run what-if; others see their own. */
export interface Person { name: string, token: Buffer, review: boolean }

/** The one grant a line may carry after the token. */
export const REVIEW_GRANT = 'review'

// A name goes into decision records and `logs --user`: short, plain, and never a metric label.
export const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/

/** The people of the file, or every problem in it by line number (a token never appears in a message). */
export function loadTokens (path: string): { people: Person[] } | { problems: ConfigProblem[] } {
  const read = readPrivateFile(path, 'server.tokensFile')
  if ('problem' in read) return { problems: [read.problem] }
  const problems: ConfigProblem[] = []
  const people: Person[] = []
  const bad = (n: number, expected: string, got: string) => problems.push({ path: `server.tokensFile line ${n}`, expected, got })
  read.text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '').trim()
    if (line === '' || line.startsWith('#')) return
    const parts = line.split(/[ \t]+/)
    const [name, token, grant] = parts
    if (parts.length < 2 || parts.length > 3 || !name || !token) return bad(i + 1, '"name token" or "name token review"', `${parts.length} word${parts.length === 1 ? '' : 's'}`)
    if (grant !== undefined && grant !== REVIEW_GRANT) return bad(i + 1, `no third word, or "${REVIEW_GRANT}" (sees everyone's decisions)`, grant.slice(0, 64))
    if (!NAME_RE.test(name)) return bad(i + 1, 'a name of letters, digits and . _ @ - (at most 64)', name.slice(0, 64))
    if (!TOKEN_RE.test(token)) return bad(i + 1, `a token of 16 to 512 visible ASCII characters for ${name} (e.g. openssl rand -hex 32)`, '[hidden]')
    if (people.some(p => p.name === name)) return bad(i + 1, `one line per person (${name} appears twice)`, name)
    if (people.some(p => p.token.equals(Buffer.from(token)))) return bad(i + 1, `a token of ${name}'s own (another person has the same one)`, '[hidden]')
    people.push({ name, token: Buffer.from(token), review: grant === REVIEW_GRANT })
  })
  if (problems.length === 0 && people.length === 0) bad(1, 'at least one "name token" line', 'none')
  return problems.length > 0 ? { problems } : { people }
}

/** The people of config.server.tokensFile, or undefined when none is configured; throws ConfigError on a bad file. */
export function readTokens (config: Pick<Config, 'server'>): Person[] | undefined {
  const file = config.server.tokensFile
  if (!file) return undefined
  const loaded = loadTokens(file)
  if ('problems' in loaded) throw new ConfigError(loaded.problems, file)
  return loaded.people
}

/** Who an Authorization header belongs to, or null; every person's token is compared, so timing says nothing about which. */
export function personOf (header: string | undefined, people: readonly Person[]): Person | null {
  const m = /^Bearer ([\x21-\x7e]+)$/i.exec(header ?? '')
  const given = Buffer.from(m?.[1] ?? '')
  let found: Person | null = null
  for (const p of people) {
    if (given.length === p.token.length && timingSafeEqual(given, p.token) && found === null) found = p
  }
  return found
}
