/** hookjudge labels export | what-if: the review page's labels as an eval corpus, or what a config would decide on them. */
import { readFile } from 'node:fs/promises'
import { loadConfig } from '../config/config.js'
import { judgeRuntime } from '../eval/run.js'
import { decisionDir } from '../ops/housekeeping.js'
import { corpusJsonl, labelsCorpus } from '../ui/labels-corpus.js'
import { foldLabels, type LabelRow, labelsPath, readLabels } from '../ui/labels-store.js'
import type { Config } from '../config/config-schema.js'
import { openTeamLog } from './team-log.js'
import { loadCandidate, whatIf } from '../ui/what-if.js'
import { type Command, type Io, parse, UsageError } from './args.js'

const USAGE = 'labels export [--config FILE] [--local] | labels what-if [--config FILE] [--candidate FILE] [--json] [--local]'

/** The labels in force: the team's (state.redis.decisions) unless --local, else this host's file; a string: why not. */
async function labelsOf (config: Config, io: Io, local: boolean): Promise<{ rows: LabelRow[], where: string } | string> {
  const team = await openTeamLog(config, io, local)
  if (typeof team === 'string') return team
  if (team === null) return { rows: await readLabels(decisionDir(config, io.env)), where: labelsPath(decisionDir(config, io.env)) }
  try {
    const lines = await team.log.labels()
    return lines === null ? `${team.where} did not answer` : { rows: foldLabels(lines), where: team.where }
  } finally {
    await team.close()
  }
}

async function exportLabels (args: string[], io: Io): Promise<number> {
  const { values } = parse(args, { config: { type: 'string' }, local: { type: 'boolean' } })
  const config = loadConfig({ env: io.env, file: values.config })
  const given = await labelsOf(config, io, values.local === true)
  if (typeof given === 'string') { io.stderr.write(`hookjudge labels: ${given}\n`); return 1 }
  const { rows, withoutText } = labelsCorpus(given.rows)
  io.stdout.write(corpusJsonl(rows))
  if (withoutText > 0) io.stderr.write(`hookjudge labels: ${withoutText} label(s) have no text (decisionLog.text: none when they were logged) and are left out\n`)
  if (rows.length === 0) io.stderr.write(`hookjudge labels: no labels in ${given.where} yet (give them on the review page, /ui)\n`)
  return 0
}

async function whatIfLabels (args: string[], io: Io): Promise<number> {
  const { values } = parse(args, { config: { type: 'string' }, candidate: { type: 'string' }, json: { type: 'boolean' }, local: { type: 'boolean' } })
  const current = loadConfig({ env: io.env, file: values.config })
  const given = await labelsOf(current, io, values.local === true)
  if (typeof given === 'string') { io.stderr.write(`hookjudge labels: ${given}\n`); return 1 }
  const { rows } = labelsCorpus(given.rows)
  let config = current
  if (values.candidate) {
    const yaml = await readFile(values.candidate, 'utf8').catch((err: NodeJS.ErrnoException) => {
      io.stderr.write(`hookjudge labels: cannot read ${values.candidate} (${err.code ?? err.message})\n`)
      return null
    })
    if (yaml === null) return 1
    const loaded = await loadCandidate(yaml, io.env)
    if ('problems' in loaded) {
      io.stderr.write(`hookjudge labels: ${values.candidate} is invalid:\n${loaded.problems.map(p => `  ${p}\n`).join('')}`)
      return 1
    }
    config = loaded.config
  }
  const rt = await judgeRuntime(config, io.env, false)
  try {
    const result = await whatIf(rows, rt)
    if (!result.ok) {
      io.stderr.write(`hookjudge labels: cannot judge the labelled set:\n${result.problems.map(p => `  ${p}\n`).join('')}`)
      return 1
    }
    if (values.json) {
      io.stdout.write(JSON.stringify({ config: values.candidate ? 'candidate' : 'current', hooks: result.hooks, changes: result.changes }) + '\n')
      return 0
    }
    io.stdout.write(`what-if on ${rows.length} labelled text(s), ${values.candidate ? `candidate ${values.candidate}` : 'the current config'}:\n`)
    io.stdout.write(`${'hook'.padEnd(28)} fixed  broken  unchanged  right\n`)
    for (const [hook, t] of Object.entries(result.hooks)) {
      io.stdout.write(`${hook.padEnd(28)} ${String(t.fixed).padStart(5)}  ${String(t.broken).padStart(6)}  ${String(t.unchanged).padStart(9)}  ${t.right}/${t.n}\n`)
    }
    for (const c of result.changes.filter(c => c.change !== 'unchanged')) {
      io.stdout.write(`  ${c.change.padEnd(6)} ${c.hook} ${c.id}: labelled ${c.label}, was ${c.before}, now ${c.after}\n`)
    }
    return 0
  } finally {
    await rt.close()
  }
}

export const labelsCommand: Command = async (args, io) => {
  const [sub, ...rest] = args
  if (sub === 'export') return await exportLabels(rest, io)
  if (sub === 'what-if') return await whatIfLabels(rest, io)
  throw new UsageError(`usage: hookjudge ${USAGE}`)
}
