/** The command a blocked agent is told to run: the turn's last verification command, else the project's test command. */
import { stat } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
import { LRUCache } from 'lru-cache'
import { type Clock, systemClock } from '../core/clock.js'
import { beforeDeadline, DEFAULT_FILE_MS, readSmallFile } from '../core/safe-file.js'
import { lastVerification, type TurnEvidence } from './facts.js'
import { ran, type Step } from './steps.js'

const MAX_MANIFEST_BYTES = 256 * 1024
const MAX_COMMAND_CHARS = 200
// What `npm init` writes when a project has no tests: not a test command.
const NO_TESTS = /no test specified/

/**
 * The test command of the project at cwd, from its manifest files (package.json first); undefined when none is known.
 * cwd comes from the hook input: its files may be FIFOs, devices or huge, so they are only read through safe-file.
 */
export async function projectTestCommand (cwd: string | undefined, until?: number, clock: Clock = systemClock): Promise<string | undefined> {
  if (!cwd || !isAbsolute(cwd)) return undefined
  const end = until ?? clock.now() + DEFAULT_FILE_MS
  const at = (f: string) => join(cwd, f)
  const exists = async (path: string) => await beforeDeadline(stat(path).then(s => s.isFile(), () => false), end, undefined, clock) === true
  const small = async (path: string) => { const r = await readSmallFile(path, MAX_MANIFEST_BYTES, end, clock); return typeof r === 'string' ? undefined : r.text }
  const pkg = await small(at('package.json'))
  if (pkg !== undefined) {
    let test: unknown
    try { test = JSON.parse(pkg)?.scripts?.test } catch { test = undefined }
    if (typeof test === 'string' && !NO_TESTS.test(test)) {
      if (await exists(at('pnpm-lock.yaml'))) return 'pnpm test'
      if (await exists(at('yarn.lock'))) return 'yarn test'
      if (await exists(at('bun.lock')) || await exists(at('bun.lockb'))) return 'bun run test'
      return 'npm test'
    }
  }
  if (await exists(at('Cargo.toml'))) return 'cargo test'
  if (await exists(at('go.mod'))) return 'go test ./...'
  for (const f of ['pytest.ini', 'pyproject.toml', 'setup.cfg', 'tox.ini']) if (await exists(at(f))) return 'pytest'
  if (await exists(at('gradlew'))) return './gradlew test'
  if (await exists(at('pom.xml'))) return 'mvn test'
  const make = await small(at('Makefile'))
  if (make !== undefined && /^test\s*:/m.test(make)) return 'make test'
  return undefined
}

/** How long a project's test command is taken as known: a manifest rarely changes within a session, while the lookup is up
 * to a dozen file-system calls on every Stop (a third of a real turn's daemon CPU for a project with none of them). */
export const TEST_COMMAND_TTL_MS = 30_000

export type OwesTests = (cwd: string | undefined, steps: Step[], until?: number) => Promise<boolean | undefined>

/**
 * Whether the project at cwd has a test command, looked up only when no check ran (else, or with no cwd: undefined); each
 * project's answer is kept for TEST_COMMAND_TTL_MS on the clock (one cache per transcript reader).
 */
export function owingTests (clock: Clock = systemClock): OwesTests {
  const known = new LRUCache<string, { command: string | undefined, at: number }>({ max: 256 })
  return async (cwd, steps, until) => {
    if (!cwd || !isAbsolute(cwd) || steps.some(s => s.kind === 'command' && s.verification)) return undefined
    let hit = known.get(cwd)
    if (!hit || clock.now() - hit.at >= TEST_COMMAND_TTL_MS) {
      const end = until ?? clock.now() + DEFAULT_FILE_MS
      hit = { command: await projectTestCommand(cwd, end, clock), at: clock.now() }
      // A lookup the deadline cut short proves nothing: it is not kept.
      if (hit.at < end) known.set(cwd, hit)
      else known.delete(cwd)
    }
    return hit.command !== undefined
  }
}

/**
 * `cmd` in backticks for the feedback's {command}, or a plain description when no command is known. tests: only a test
 * run of the turn will do (a claim about the tests asks for them, not for the linter that ran last).
 */
export async function commandToRun (evidence: TurnEvidence | undefined, cwd: string | undefined, until?: number, clock?: Clock, tests = false): Promise<string> {
  const last = evidence && (tests ? evidence.steps.findLast((s): s is Extract<Step, { kind: 'command' }> => s.kind === 'command' && ran(s) && (s.checks ?? []).includes('tests')) : lastVerification(evidence.steps))
  const raw = last?.command.replace(/\s+/g, ' ').trim() ?? await projectTestCommand(cwd, until, clock)
  if (!raw) return 'the project\'s tests'
  return `\`${raw.length > MAX_COMMAND_CHARS ? `${raw.slice(0, MAX_COMMAND_CHARS)}…` : raw}\``
}
