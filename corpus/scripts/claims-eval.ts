/** Scores the unverified-claim Stop hook on labelled claim scenarios, rendered as real Claude Code and Codex transcripts and judged by the real app. */
// npx tsx corpus/scripts/claims-eval.ts [--agent claude-code|codex|copilot|gemini|both|all] [--json] FILES…  (claim level: corpus/scripts/claims-score.ts)
// The shipped config with no judge backend for the hook: the facts and Layer 1 alone decide, no model is asked, and two
// runs compare. Splits by file (author): DEV = authors a … bt, ck … cz, da … dz and ea … ef, read and tuned on; TEST = bu … cj, written blind, never read.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../server/config/config.js'
import type { RecordClaim } from '../../server/core/record.js'
import { dayFiles, readRecords } from '../../server/ops/decision-files.js'
import { projectFiles, renderClaude, renderCodex, type Scenario } from './claims-render.js'
import { renderCopilot } from './claims-render-copilot.js'
import { renderGemini } from './claims-render-gemini.js'
import { type DetectedClaim, type Rate, score, type Scores } from './claims-score.js'

export { type Rate, type Scores, score, wilson } from './claims-score.js'

export type Agent = 'claude-code' | 'codex' | 'copilot' | 'gemini'
export interface Harness {
  judge: (s: Scenario, agent: Agent) => Promise<boolean>
  /** The claims each judge() call's decision record carries, by call: read once the app is closed (its log flushed). */
  detected: () => Promise<RecordClaim[][]>
  close: () => Promise<void>
}

/** The real app, with a temp dir for the agents' homes, the projects and its decision log (text redacted: the
 * records name each claim's sentence); judge() tells whether the hook blocked the turn. */
export async function openHarness (): Promise<Harness> {
  const root = await mkdtemp(join(tmpdir(), 'hookjudge-claims-'))
  const env = { HOME: join(root, 'home'), CLAUDE_CONFIG_DIR: join(root, 'claude'), CODEX_HOME: join(root, 'codex') }
  const logDir = join(root, 'decisions')
  const decisionLog = { enabled: true, dir: logDir, text: 'redacted' }
  const config = loadConfig({ env, file: '/dev/null', overrides: { decisionLog, hooks: { 'unverified-claim': { backends: [] } } } })
  // No probe for local models: the hook asks none anyway.
  const { app, settled } = await buildApp(config, { logger: false, env, autoChain: [] })
  const write = async (path: string, text: string) => { await mkdir(dirname(path), { recursive: true }); await writeFile(path, text) }
  // The records are written after each answer: the after-reply work settles, then closing ends the log's stream.
  let closed: Promise<void> | undefined
  const stop = () => (closed ??= settled().then(async () => { await app.close() }))
  const sessions = new Map<string, number>()
  let n = 0
  return {
    async judge (s, agent) {
      // Each call its own session: the loop governor never blocks one text twice in a turn, so a scenario met again
      // (another agent, a repeated id) must not share ids with an earlier one.
      const key = `${n++}-${s.id.replace(/[^\w.-]/g, '_')}`
      const cwd = join(root, 'work', key)
      await mkdir(cwd, { recursive: true })
      for (const [file, text] of Object.entries(projectFiles(s.project.testCommand))) await write(join(cwd, file), text)
      const named = { ...s, id: key }
      const r = agent === 'codex' ? renderCodex(named, cwd, env.CODEX_HOME) : agent === 'copilot' ? renderCopilot(named, cwd, env.HOME) : agent === 'gemini' ? renderGemini(named, cwd, env.HOME) : renderClaude(named, cwd, env.CLAUDE_CONFIG_DIR)
      await write(r.path, r.jsonl)
      sessions.set(String(r.stop.session_id ?? r.stop.sessionId), n - 1)
      // As each agent posts it: Claude Code's entry names no agent (its input tells), the shim adds ?agent=codex / copilot / gemini.
      const res = await app.inject({ method: 'POST', url: `/judge/unverified-claim${agent === 'claude-code' ? '' : `?agent=${agent}`}`, payload: r.stop })
      if (res.statusCode !== 200) throw new Error(`${s.id} (${agent}): HTTP ${res.statusCode} ${res.body.slice(0, 200)}`)
      return res.headers['x-hookjudge-decision'] === 'block'
    },
    async detected () {
      await stop()
      const out: RecordClaim[][] = Array.from({ length: n }, () => [])
      for (const f of await dayFiles(logDir)) {
        for (const r of (await readRecords(f.path)).records) {
          const i = sessions.get(r.sessionId)
          if (i !== undefined && r.hook === 'unverified-claim') out[i] = r.claims ?? []
        }
      }
      return out
    },
    async close () {
      await stop()
      await rm(root, { recursive: true, force: true })
    }
  }
}

const valid = (s: any): s is Scenario => typeof s?.id === 'string' && typeof s.user === 'string' && typeof s.final === 'string' && Array.isArray(s.steps) &&
  (s.label === 'block' || s.label === 'allow') && Array.isArray(s.claims) && typeof s.gaming === 'boolean' && typeof s.project === 'object' && s.project !== null &&
  (typeof s.project.testCommand === 'string' || s.project.testCommand === null)
/** A file's scenarios; a line that does not parse or lacks a key (a file still being written) is counted, not judged. */
export function parseScenarios (text: string): { scenarios: Scenario[], unreadable: number } {
  const scenarios: Scenario[] = []
  let unreadable = 0
  for (const line of text.split('\n').filter(l => l.trim() !== '')) {
    let s: unknown
    try { s = JSON.parse(line) } catch { s = undefined }
    // `"project": null` says what `{"testCommand": null}` says: a project with no test command.
    if (typeof s === 'object' && s !== null && (s as { project?: unknown }).project === null) (s as { project: unknown }).project = { testCommand: null }
    if (valid(s)) scenarios.push(s)
    else unreadable++
  }
  return { scenarios, unreadable }
}

/** The writers held out for the test: scored, never read, and no rule made from them. */
export const HELD_OUT = /^author-(?:b[u-z]|c[a-j])\b/
const SPLITS: Array<[string, RegExp]> = [['DEV (a, b, d, f, i)', /^author-[abdfi]\b/], ['DEV (j)', /^author-j\b/], ['DEV (l, m)', /^author-[lm]\b/], ['DEV (n)', /^author-n\b/], ['DEV (p)', /^author-p\b/], ['DEV (r, s)', /^author-[rs]\b/], ['DEV (t, u)', /^author-[tu]\b/], ['DEV (v, w)', /^author-[vw]\b/], ['DEV (y, z)', /^author-[yz]\b/], ['DEV (ad, ae)', /^author-a[de]\b/], ['DEV (af, ag)', /^author-a[fg]\b/], ['DEV (ah, ai)', /^author-a[hi]\b/], ['DEV (aj, ak)', /^author-a[jk]\b/], ['DEV (an, ao, ap, as, at, au, av)', /^author-a[nopstuv]\b/], ['DEV, read after their held-out scores (c, e, g, h, k, o, q, x, aa, ab, ac, al, am, aq, ar)', /^author-(?:c|e|g|h|k|o|q|x|aa|ab|ac|al|am|aq|ar)\b/], ['DEV, the first blind round, read after its held-out score (aw … bd)', /^author-(?:aw|ax|ay|az|ba|bb|bc|bd)\b/], ['DEV, the second blind round, read after its held-out scores (be … bl)', /^author-(?:be|bf|bg|bh|bi|bj|bk|bl)\b/], ['DEV, the third blind round, read after its held-out scores (bm … bt)', /^author-(?:bm|bn|bo|bp|bq|br|bs|bt)\b/], ['DEV, the sixth blind round, read after its first score (ck … cr)', /^author-(?:ck|cl|cm|cn|co|cp|cq|cr)\b/], ['DEV, the seventh blind round, read after its first score (cs … cz)', /^author-(?:cs|ct|cu|cv|cw|cx|cy|cz)\b/], ['DEV, the eighth blind round, read after its first score (da … dh)', /^author-(?:da|db|dc|dd|de|df|dg|dh)\b/], ['DEV, the ninth blind round, read after its first score (di … dp)', /^author-(?:di|dj|dk|dl|dm|dn|do|dp)\b/], ['DEV, the tenth blind round, read after its first score (dq … dx)', /^author-(?:dq|dr|ds|dt|du|dv|dw|dx)\b/], ['DEV, the eleventh blind round, read after its first score (dy … ef)', /^author-(?:dy|dz|ea|eb|ec|ed|ee|ef)\b/], ['DEV, the twelfth blind round, read after its first score (eg … en)', /^author-(?:eg|eh|ei|ej|ek|el|em|en)\b/], ['DEV, the thirteenth blind round, read after its first score (eo … ev)', /^author-(?:eo|ep|eq|er|es|et|eu|ev)\b/], ['DEV, the fourteenth blind round, read after its first score (ew … fd)', /^author-(?:ew|ex|ey|ez|fa|fb|fc|fd)\b/], ['DEV, all', /^author-(?:[a-z]|a[a-z]|b[a-t]|c[k-z]|d[a-z]|e[a-z]|f[a-d])\b/], ['TEST (bu)', /^author-bu\b/], ['TEST (bv)', /^author-bv\b/], ['TEST (bw)', /^author-bw\b/], ['TEST (bx)', /^author-bx\b/], ['TEST (by)', /^author-by\b/], ['TEST (bz)', /^author-bz\b/], ['TEST (ca)', /^author-ca\b/], ['TEST (cb)', /^author-cb\b/], ['TEST (cc)', /^author-cc\b/], ['TEST (cd)', /^author-cd\b/], ['TEST (ce)', /^author-ce\b/], ['TEST (cf)', /^author-cf\b/], ['TEST (cg)', /^author-cg\b/], ['TEST (ch)', /^author-ch\b/], ['TEST (ci)', /^author-ci\b/], ['TEST (cj)', /^author-cj\b/], ['TEST, fourth blind round (bu … cb)', /^author-(?:bu|bv|bw|bx|by|bz|ca|cb)\b/], ['TEST, fifth blind round (cc … cj)', /^author-(?:cc|cd|ce|cf|cg|ch|ci|cj)\b/], ['TEST, all held out', HELD_OUT]]

export async function run (argv: string[], out: (text: string) => void) {
  const at = argv.indexOf('--agent')
  const which = at >= 0 ? argv[at + 1] : 'both'
  const files = argv.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1))
  if (files.length === 0 || !['claude-code', 'codex', 'copilot', 'gemini', 'both', 'all'].includes(which ?? '')) throw new Error('usage: claims-eval.ts [--agent claude-code|codex|copilot|gemini|both|all] [--json] FILES…')
  const agents: Agent[] = which === 'both' ? ['claude-code', 'codex'] : which === 'all' ? ['claude-code', 'codex', 'copilot', 'gemini'] : [which as Agent]
  const started = performance.now()
  const loaded = await Promise.all(files.map(async f => ({ file: basename(f), ...parseScenarios(await readFile(f, 'utf8')) })))
  const harness = await openHarness()
  const rows: Array<{ agent: Agent, file: string, s: Scenario, blocked: boolean, detected?: DetectedClaim[] }> = []
  try {
    for (const agent of agents) for (const { file, scenarios } of loaded) for (const s of scenarios) rows.push({ agent, file, s, blocked: await harness.judge(s, agent) })
    const detected = await harness.detected()
    rows.forEach((r, i) => { r.detected = detected[i] })
  } finally { await harness.close() }
  type Group = [string, (file: string) => boolean]
  const groups: Group[] = [...loaded.map(({ file }): Group => [file, f => f === file]), ...SPLITS.map(([name, re]): Group => [name, f => re.test(f)])]
  const report = {
    seconds: Math.round((performance.now() - started) / 100) / 10,
    files: loaded.map(({ file, scenarios, unreadable }) => ({ file, split: SPLITS.find(([, re]) => re.test(file))?.[0] ?? null, scenarios: scenarios.length, unreadable })),
    // A labelled test command of a kind no manifest is written for: the daemon sees a project without tests there.
    testCommandsNotRendered: loaded.flatMap(f => f.scenarios).filter(s => s.project.testCommand !== null && Object.keys(projectFiles(s.project.testCommand)).length === 0).length,
    agents: Object.fromEntries(agents.map(agent => [agent, Object.fromEntries(groups.map(([name, has]): [string, Scores] => [name, score(rows.filter(r => r.agent === agent && has(r.file)))]))]))
  }
  out(argv.includes('--json') ? `${JSON.stringify(report, null, 2)}\n` : table(report))
  return report
}

const pct = (x: number | null) => x === null ? '—' : `${(100 * x).toFixed(1)} %`
const cell = (r: Rate, w = 36) => (r.n === 0 ? '—' : `${r.k}/${r.n} ${pct(r.rate)} [${pct(r.low)} – ${pct(r.high)}]`).padEnd(w)

function table (report: Awaited<ReturnType<typeof run>>): string {
  const n = report.files.reduce((a, f) => a + f.scenarios, 0)
  const unreadable = report.files.reduce((a, f) => a + f.unreadable, 0)
  const lines = [`unverified-claim, no judge backend: ${n} scenarios in ${report.files.length} files (${unreadable} lines unreadable, ` +
    `${report.testCommandsNotRendered} test commands with no manifest written), ${report.seconds} s`]
  for (const [agent, groups] of Object.entries(report.agents)) {
    lines.push('', agent, `  ${'group'.padEnd(22)}${'recall'.padEnd(36)}${'false-block'.padEnd(36)}gaming handled`)
    for (const [name, s] of Object.entries(groups)) lines.push(`  ${name.padEnd(22)}${cell(s.recall)}${cell(s.falseBlock)}${cell(s.gaming).trimEnd()}`)
    for (const [name] of SPLITS) {
      const types = Object.entries(groups[name]!.caughtByType).sort(([a], [b]) => a.localeCompare(b)).map(([t, c]) => `${t} ${c.k}/${c.n}`)
      lines.push(`  caught by claim type, ${name}: ${types.join(', ') || '—'}`)
    }
    for (const [name] of SPLITS) {
      const { all, byType } = groups[name]!.claimLevel
      lines.push(`  claim level, ${name} `.padEnd(30) + `${'precision'.padEnd(36)}${'recall'.padEnd(36)}outcome agrees`)
      for (const [type, c] of [['all', all] as const, ...Object.entries(byType)]) lines.push(`    ${type.padEnd(22)}${cell(c.precision, 36)}${cell(c.recall, 36)}${cell(c.agreement).trimEnd()}`)
    }
  }
  return `${lines.join('\n')}\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  run(process.argv.slice(2), text => process.stdout.write(text)).catch((err: Error) => { process.stderr.write(`${err.message}\n`); process.exitCode = 1 })
}
