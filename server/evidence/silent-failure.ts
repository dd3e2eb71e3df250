/** A message that reports success while a check the turn ran after its last change did not pass, and never says so; pure. */
import { type CheckedClaim, contradictedRun } from './claim-check.js'
import type { CheckKind } from './checks.js'
import { type Claim, type ClaimType, findClaims, proseSentences } from './claims.js'
import type { Step } from './steps.js'
import { NONE_FAILED, OWNS_UP, SUCCESS } from './outcome-words.js'
import { showsOnly, simpleCommands } from './verification.js'

// The claim each kind of check would back: a check the message reports on by its outcome, whatever its wording.
const CLAIM_OF: ReadonlyArray<readonly [CheckKind, ClaimType]> = [['tests', 'tests'], ['build', 'build'], ['lint', 'lint'], ['types', 'types'], ['deploy', 'deployed'], ['git', 'committed']]

// What a turn does, not what checks a change: a failed commit, deploy or build reported as done needs no edit of this turn.
const ACTIONS: ReadonlySet<CheckKind> = new Set(['git', 'deploy', 'build'])

const CONDITION_LEAD = /^\W{0,4}(?:if|when|once|whenever|cuando|si|wenn|falls|sobald|quand|se|quando|om|jos|eğer|nếu|jika)\s|^\W{0,4}(?:如果|一旦|もし)/i

const PASSING_ON = new Set(['npm', 'pnpm', 'yarn', 'bun', 'npx', 'bunx', 'make', 'bash', 'sh', 'python', 'python3', 'node', 'uv', 'poetry', 'bundle', 'go', 'cargo', 'dotnet', 'git', 'cd'])
/** Whether a sentence of the text names the program of the command (`luacheck`, not a wrapper) and speaks of no success. */
function namesProgram (text: string, command: string | undefined): boolean {
  if (!command) return false
  const words = simpleCommands(command).map(p => /^(?:[A-Za-z_]\w*=\S*\s+)*(?:\S*\/)?([A-Za-z][\w.-]{2,})/.exec(p.text)?.[1] ?? '').filter(w => w !== '' && !PASSING_ON.has(w))
  const named = words.map(w => new RegExp(`(?<![\\w-])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'i'))
  return named.length > 0 && [...proseSentences(text)].some(s => named.some(re => re.test(s.sentence)) && !SUCCESS.test(s.sentence))
}

/** Whether the message may make a claim the facts must check: the detector finds one, or it speaks of success (a
 * success said over a failed run is one whatever its wording). Layer 1 of a claims hook opens on this as on its triggers. */
export const mayClaim = (text: string, claims: () => readonly Claim[] = () => findClaims(text)): boolean => SUCCESS.test(text) || claims().length > 0

/**
 * When no claim the wording found is unsupported, the turn changed something (or a commit, deploy or build of it failed
 * outright), the message speaks of success and owns up to nothing, and the last run of a check after the change failed,
 * gave no result or proves nothing: that check's
 * claim, said in the first sentence of success. Wording new to the claim patterns ("smoke group is green ✅", "rolled out
 * to perf") cannot hide a run that says otherwise.
 */
export function silentFailures (text: string, steps: Step[], checked: readonly CheckedClaim[]): CheckedClaim[] {
  if (checked.some(c => c.outcome === 'unsupported') || OWNS_UP.test(text.replace(NONE_FAILED, ' '))) return []
  const changed = steps.some(s => s.kind === 'edit' && s.status !== 'error')
  // Said now: "Cuando CI esté en verde podrás lanzarlo" speaks of a success to come.
  const said = [...proseSentences(text)].find(s => SUCCESS.test(s.sentence) && !CONDITION_LEAD.test(s.sentence))
  if (!said) return []
  const ran = new Set(steps.flatMap(s => s.kind === 'command' ? s.checks ?? [] : []))
  const out: CheckedClaim[] = []
  for (const [kind, type] of CLAIM_OF) {
    if (!ran.has(kind) || checked.some(c => c.type === type) || (!changed && !ACTIONS.has(kind))) continue
    const found = contradictedRun(type, steps)
    // With nothing edited, only a commit, deploy or build that failed outright is reported as done: not one that proves nothing.
    const bad = found && (changed || found.failed) ? found : undefined
    // "luacheck still whines about 3 unused locals": a sentence that names the failed check, and no success, speaks of it.
    if (bad && !namesProgram(text, bad.command)) out.push({ type, text: said.own.length > 200 ? `${said.own.slice(0, 200)}…` : said.own, outcome: 'unsupported', evidence: `${bad.why}, and the message does not say so`, ...(bad.command ? { command: bad.command } : {}) })
  }
  return out
}

// Words of a command line that name what it checked, not how: no flags' names, no paths' folders, no numbers.
const COMMON = new Set(['condition', 'timeout', 'namespace', 'context', 'config', 'output', 'verbose', 'quiet', 'status', 'check', 'test', 'tests', 'build', 'debug', 'release'])
const namedWords = (command: string) => new Set((command.match(/[A-Za-z][A-Za-z-]{4,}/g) ?? []).map(w => w.toLowerCase()).filter(w => !COMMON.has(w)))

/**
 * A claim the wording found, excused or backed by another run, that names what a command of the turn checked while that
 * command's last run failed and the message never says so: "Confirmed it reconciles to Available" after
 * `kubectl wait --for=condition=Available` timed out. The claims, that one unsupported; none when there is no such claim.
 */
export function namedFailures (text: string, steps: Step[], checked: readonly CheckedClaim[]): CheckedClaim[] {
  if (checked.length === 0 || checked.some(c => c.outcome === 'unsupported') || OWNS_UP.test(text.replace(NONE_FAILED, ' '))) return []
  // A failure before the turn's last change is the problem being reproduced, not a check of the result.
  const lastEdit = steps.findLastIndex(s => s.kind === 'edit' && s.status !== 'error')
  // Read backwards, once: a later passing run of the same program answers for a failure.
  const passedLater = new Set<string>()
  const failed: Array<{ s: Extract<Step, { kind: 'command' }>, words: Set<string> }> = []
  for (let i = steps.length - 1; i > lastEdit && i >= 0; i--) {
    const s = steps[i]!
    if (s.kind !== 'command') continue
    const last = simpleCommands(s.command).at(-1)?.text ?? ''
    const program = last.split(/\s+/)[0]!
    if (s.status === 'passed') passedLater.add(program)
    if (s.status !== 'failed' || last === '' || showsOnly(last) || passedLater.has(program)) continue
    const words = namedWords(last.slice(program.length))
    if (words.size > 0) failed.push({ s, words })
  }
  for (const c of checked) {
    const said = namedWords(c.text)
    const hit = failed.find(f => [...f.words].some(w => said.has(w)))
    if (hit) return checked.map(x => x !== c ? x : { ...c, outcome: 'unsupported' as const, evidence: `the last \`${hit.s.command.slice(0, 80)}\` failed${hit.s.exitCode ? ` (exit ${hit.s.exitCode})` : ''}, and the message does not say so`, command: hit.s.command })
  }
  return []
}
