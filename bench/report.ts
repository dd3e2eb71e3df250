/** The bench's output: the sections as console tables, and docs/BENCHMARKS.md with the machine and the command. */
import { table } from '../server/eval/report.js'
import type { machine, Section } from './lib.js'

export function consoleReport (sections: Section[]): string {
  return sections.map(s => `\n${s.title}\n${table([s.head, ...s.rows])}`).join('')
}

const cell = (s: string) => s.replaceAll('|', '\\|')

export function markdownTable (s: Section): string {
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`
  return [line(s.head), `|${s.head.map((_, i) => i === 0 ? ' --- ' : ' ---: ').join('|')}|`, ...s.rows.map(line)].join('\n')
}

export interface RunInfo {
  command: string
  knobs: Record<string, number>
  date: string
  seconds: number
  before: ReturnType<typeof machine>
  after: ReturnType<typeof machine>
  versions: Record<string, string>
}

export function markdown (sections: Section[], run: RunInfo): string {
  const m = run.before
  const busy = Number(m.load.split(' ')[0]) > m.cores / 2 || Number(run.after.load.split(' ')[0]) > m.cores / 2
  return [
    '# Benchmarks',
    '',
    `Produced by \`${run.command}\` (bench/run.ts) on ${run.date}; the whole run took ${run.seconds.toFixed(0)} s.`,
    `Knobs (environment variables): ${Object.entries(run.knobs).map(([k, v]) => `\`${k}=${v}\``).join(', ')}.`,
    'Each figure is a median over repeated runs, and each comparison a ratio of figures measured in the same run.',
    'Everything runs on loopback: the daemon under test is `hookjudge serve` in its own process with the shipped',
    'defaults and its judge pointed at a fake judge API (bench/fake-api.ts), with its decision log in a temporary directory.',
    'Hook inputs are Claude Code Stop inputs whose `transcript_path` lies outside the transcript roots, so the daemon',
    'judges `last_assistant_message` and reads no transcript file, except the rows "with its transcript read", whose turn',
    'the daemon reads from a Claude Code transcript under its roots, as it does for a live Stop.',
    '',
    '## Machine',
    '',
    `- CPU: ${m.cpu}`,
    `- memory: ${m.memory}`,
    `- OS: ${m.os}`,
    `- Node ${m.node}; ${Object.entries(run.versions).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `- load average (1, 5, 15 min): ${m.load} at the start, ${run.after.load} at the end`,
    ...(busy
      ? ['', '> These figures came from a shared, busy machine (the load average was above half the core count):',
          '> other work competed for the same cores, so absolute figures are pessimistic and noisy. Ratios measured in',
          '> the same run hold up better. Re-run `npm run bench` on a quiet machine for reference figures.']
      : []),
    ...sections.flatMap(s => ['', `## ${s.title}`, '', `${s.note}${s.only ? ` Alone: \`BENCH_ONLY=${s.only} npm run bench\`.` : ''}`, '', markdownTable(s)]),
    ''
  ].join('\n')
}
