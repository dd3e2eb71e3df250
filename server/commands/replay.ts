/** hookjudge replay LOG…: re-judges logged decisions with the current config and lists the verdicts that change. */
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { loadConfig } from '../config/config.js'
import { mapBounded } from '../eval/bounded.js'
import { createProgress } from '../eval/progress.js'
import { table } from '../eval/report.js'
import { type LoggedRecord, parseLog, plan, type Rejudged, summarise, type Totals } from '../eval/replay.js'
import { CONCURRENCY, judgeRuntime, unjudgeable } from '../eval/run.js'
import { judgeText } from '../pipeline/offline.js'
import { type Command, parse, UsageError } from './args.js'
import { REPLAY } from './verb-specs.js'
import { readInput } from './eval.js'
import { classEvidence } from '../evidence/turn-class.js'

/** A directory stands for the daily decision logs in it, oldest first. */
async function logFiles (path: string): Promise<string[]> {
  const s = await stat(path).catch(() => null)
  if (!s?.isDirectory()) return [path]
  return (await readdir(path)).filter(f => /^decisions-.*\.jsonl$/.test(f)).sort().map(f => join(path, f))
}

function summary (files: number, t: Totals): string {
  const s = t.skipped
  const skips = [[s.noText, 'no text logged'], [s.unknownHook, 'hook not configured'], [s.guard, 'guard decision'], [s.toolCall, 'tool call'], [s.invalid, 'not a decision record']]
    .filter(([n]) => n !== 0).map(([n, what]) => `${what} ${n}`).join(', ')
  const skipped = Object.values(s).reduce((a, b) => a + b, 0)
  return `replay of ${files} file(s): ${t.n} lines, ${t.judged} re-judged, ${t.changed} changed` +
    (skipped > 0 ? `, ${skipped} skipped (${skips})` : '') + '\n'
}

export const replayCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, REPLAY)
  if (positionals.length === 0) throw new UsageError('replay needs at least one decision LOG file (or the directory holding them)')
  const config = loadConfig({ env: io.env, file: values.config })
  const files = (await Promise.all(positionals.map(logFiles))).flat()
  const records: LoggedRecord[] = []
  let invalid = 0
  for (const file of files) {
    const text = await readInput(file, io, 'replay')
    if (text === null) return 1
    const parsed = parseLog(text, file)
    records.push(...parsed.records)
    invalid += parsed.invalid
  }
  const rt = await judgeRuntime(config, io.env)
  try {
    const { jobs, skipped } = plan(records, rt.config.hooks, invalid)
    const unready = unjudgeable(rt, [...new Set(jobs.map(j => j.hook))])
    if (unready.length > 0) {
      io.stderr.write(`hookjudge replay: cannot re-judge:\n${unready.map(u => `  ${u}\n`).join('')}`)
      return 1
    }
    const progress = createProgress(io.stderr, jobs.length, 'replay')
    const results = await mapBounded(jobs, CONCURRENCY, async ({ rec, hook }): Promise<Rejudged> => {
      const evidence = rec.turnClass ? classEvidence(rec.turnClass, rec.facts) : rec.facts ? { facts: rec.facts, steps: [], partial: true } : undefined
      const turn = await judgeText(rt, { hooks: [hook], text: rec.text ?? '', agent: rec.agent, event: rec.event ?? hook.event, ...(evidence ? { evidence } : {}) })
      const judged = turn.runs[0]!.final!
      return { rec, after: judged.decision, judged }
    }, progress.tick)
    progress.done()
    const { totals, changes } = summarise(results, skipped)
    if (values.json) {
      io.stdout.write(JSON.stringify({ totals, changes }) + '\n')
      return 0
    }
    io.stdout.write(summary(files.length, totals))
    if (changes.length > 0) {
      const rows = changes.map(c => [c.ts, c.hook, `${c.before} → ${c.after}`, c.afterSource, c.reason, JSON.stringify(c.text)])
      io.stdout.write('\n' + table([['when', 'hook', 'verdict', 'now by', 'reason', 'text'], ...rows], 6))
      io.stdout.write('\nby transition: ' + Object.entries(totals.transitions).map(([k, n]) => `${k} ${n}`).join(' · ') + '\n')
    }
    return 0
  } finally {
    await rt.close()
  }
}
