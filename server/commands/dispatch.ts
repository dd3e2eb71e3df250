/** runCli: argv → the verb's exit code; top-level help and --version, per-verb --help, usage and config errors on stderr. */
import { ConfigError } from '../core/errors.js'
import { nearest } from '../core/nearest.js'
import { VERSION } from '../core/version.js'
import { helpText, type Io, UsageError } from './args.js'
import { VERBS } from './index.js'

function overview (): string {
  const rows = VERBS.map(v => [`${v.spec.name}${v.spec.args ? ` ${v.spec.args}` : ''}`, v.spec.summary])
  const width = Math.max(...rows.map(r => r[0]!.length)) + 2
  return [
    'Usage: hookjudge <command> [options]',
    '',
    'Judges coding-agent hooks (Claude Code, Codex, …) with regex signals and an LLM verdict, from a warm local daemon.',
    '',
    'Commands:',
    ...rows.map(([verb, summary]) => `  ${verb!.padEnd(width)}${summary}`),
    '',
    'Options:',
    '  -V, --version  print the version',
    '  -h, --help     show this help; hookjudge <command> --help shows a command\'s options and examples',
    ''
  ].join('\n')
}

/** --help anywhere before a `--` asks for help, whatever else the line holds. */
const wantsHelp = (args: string[]) => {
  const end = args.indexOf('--')
  return (end === -1 ? args : args.slice(0, end)).some(a => a === '--help' || a === '-h')
}

export async function runCli (argv: string[], io: Io): Promise<number> {
  const [first, ...rest] = argv
  if (first === '--version' || first === '-V') { io.stdout.write(`${VERSION}\n`); return 0 }
  if (first === undefined || first === '--help' || first === '-h' || (first === 'help' && rest.length === 0)) {
    (first === undefined ? io.stderr : io.stdout).write(overview())
    return first === undefined ? 2 : 0
  }
  const name = first === 'help' ? rest[0]! : first
  const verb = VERBS.find(v => v.spec.name === name)
  if (!verb) {
    const guess = nearest(name, VERBS.map(v => v.spec.name))
    io.stderr.write(`hookjudge: unknown command "${name}"${guess ? `; did you mean "${guess}"?` : ''}\n  run: hookjudge --help\n`)
    return 2
  }
  if (first === 'help' || wantsHelp(rest)) { io.stdout.write(helpText(verb.spec)); return 0 }
  try {
    return await (await verb.load())(rest, io)
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`hookjudge ${name}: ${err.message}\n  run: hookjudge ${name} --help\n`)
      return 2
    }
    if (err instanceof ConfigError) {
      io.stderr.write(`hookjudge: ${err.message}\n`)
      return 1
    }
    // A reader that went away (`hookjudge logs | head`) is not an error of ours.
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return 0
    io.stderr.write(`hookjudge ${name}: ${(err as Error).stack ?? String(err)}\n`)
    return 1
  }
}
