/** The unverified-claim hook on the real sessions of corpus/sessions/: how many real turns it blocks, and why (not labelled for claims). */
// npx tsx corpus/scripts/claims-real.ts [--list]   Each turn's transcript as it stood at its Stop, judged by the real app
// with no judge backend for the hook (the facts and Layer 1 alone), as the agent posts it. The turns are not labelled for
// claims: a block here is an upper bound on the hook's false blocks on real text; --list prints each with its evidence.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../server/config/config.js'
import { dayFiles, readRecords } from '../../server/ops/decision-files.js'
import { claudeTurns, codexTurns } from '../../bench/session-turns.js'

const SESSIONS = fileURLToPath(new URL('../sessions', import.meta.url))
const AGENTS = { 'claude-code': claudeTurns, codex: codexTurns } as const

export async function realBlocks (): Promise<{ turns: number, blocked: Array<{ turn: string, evidence: string[] }> }> {
  const root = await mkdtemp(join(tmpdir(), 'hookjudge-claims-real-'))
  const logDir = join(root, 'decisions')
  const config = loadConfig({ env: {}, file: '/dev/null', overrides: { transcripts: { roots: [root] }, decisionLog: { enabled: true, dir: logDir, text: 'redacted' }, hooks: { 'unverified-claim': { backends: [] } } } })
  const { app, settled } = await buildApp(config, { logger: false, env: { HOME: join(root, 'home') }, autoChain: [] })
  let turns = 0
  const blocked: Array<{ turn: string, session: string }> = []
  try {
    for (const [agent, read] of Object.entries(AGENTS)) {
      const files = (await readdir(join(SESSIONS, agent))).filter(f => f.endsWith('.jsonl')).sort()
      for (const f of files) {
        const path = join(root, agent, f)
        await mkdir(dirname(path), { recursive: true })
        for (const [i, turn] of read(join(SESSIONS, agent, f), path).entries()) {
          if (turn.interrupted) continue
          await writeFile(path, turn.lines.join('\n') + '\n')
          const res = await app.inject({ method: 'POST', url: `/judge/unverified-claim${agent === 'codex' ? '?agent=codex' : ''}`, payload: turn.input })
          turns++
          if (res.headers['x-hookjudge-decision'] === 'block') blocked.push({ turn: `${agent}/${f.replace(/\.jsonl$/, '')}#${i + 1}`, session: String(turn.input.session_id ?? '') })
        }
      }
    }
    await settled()
  } finally {
    await app.close()
  }
  const evidence = new Map<string, string[]>()
  for (const day of await dayFiles(logDir)) {
    for (const r of (await readRecords(day.path)).records) {
      if (r.hook === 'unverified-claim' && r.decision === 'block') evidence.set(r.sessionId, (r.claims ?? []).filter(c => c.outcome === 'unsupported').map(c => `${c.type}: ${c.evidence}`))
    }
  }
  await rm(root, { recursive: true, force: true })
  return { turns, blocked: blocked.map(b => ({ turn: b.turn, evidence: evidence.get(b.session) ?? [] })) }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { turns, blocked } = await realBlocks()
  process.stdout.write(`unverified-claim on real sessions, no judge backend: blocked ${blocked.length} of ${turns} turns\n`)
  if (process.argv.includes('--list')) for (const b of blocked) process.stdout.write(`  ${b.turn}: ${b.evidence.join(' | ') || '(no unsupported claim recorded)'}\n`)
}
