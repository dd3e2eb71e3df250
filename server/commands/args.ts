/** Shared CLI plumbing: the verb signature and its usage spec, parsing by commander, usage errors, bounded stdin reading. */
import { Command as Commander, CommanderError } from 'commander'
import type { Readable, Writable } from 'node:stream'
import { type Clock, systemClock } from '../core/clock.js'
import type { Env } from '../core/paths.js'

export interface Io {
  env: Env
  stdin: Readable
  stdout: Writable
  stderr: Writable
  /** The directory the verb runs in (project scope, relative paths); default process.cwd(). Never $PWD: a parent sets that. */
  cwd?: string
  /** The verb's clock: its wall() is "now" for relative times (doctor's "ago", logs --since 2h); default systemClock. */
  clock?: Clock
}
/** The verb's wall time in epoch ms: the injected clock's, else the system's. */
export const wallNow = (io: Io): number => (io.clock ?? systemClock).wall()
/** The verb's working directory: the process's own, not $PWD, which a parent process may have left pointing elsewhere. */
export const workingDir = (io: Io): string => io.cwd ?? process.cwd()
export type Command = (args: string[], io: Io) => Promise<number>

export class UsageError extends Error {}

export interface OptionSpec {
  type: 'string' | 'boolean'
  short?: string
  /** The value's name in the help text (--config FILE). */
  value?: string
  help?: string
  /** Accepted but left out of the help (test and packaging switches). */
  hidden?: boolean
}
export type Options = Record<string, OptionSpec>
/** What `hookjudge VERB --help` shows, and what the verb's parse accepts. */
export interface VerbSpec<O extends Options = Options> {
  name: string
  /** The positional part of the usage line, e.g. "HOOK" or "LOG…". */
  args?: string
  /** How many positionals the verb takes (Infinity: any number). */
  positionals?: number
  summary: string
  options: O
  examples: string[]
}
export type Values<O extends Options> = { [K in keyof O]?: O[K]['type'] extends 'string' ? string : boolean }

/** Every verb takes --config; every verb that prints data takes --json. */
export const CONFIG_OPTION = { type: 'string', value: 'FILE', help: 'config file (default: $HOOKJUDGE_CONFIG, else ~/.config/hookjudge/config.yaml)' } as const
export const JSON_OPTION = { type: 'boolean', help: 'print one JSON object instead of text' } as const

const camel = (s: string) => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())

function commanderFor (spec: VerbSpec): Commander {
  const cmd = new Commander(spec.name).exitOverride().helpOption(false).allowExcessArguments(false)
    .configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} })
  for (const [name, o] of Object.entries(spec.options)) {
    const flags = `${o.short ? `-${o.short}, ` : ''}--${name}${o.type === 'string' ? ` <${o.value ?? 'value'}>` : ''}`
    cmd.addOption(cmd.createOption(flags, o.help ?? '').hideHelp(o.hidden === true))
  }
  // Positionals are optional here: each verb names a missing one in its own words.
  const n = spec.positionals ?? 0
  if (n === Infinity) cmd.argument('[args...]')
  else for (let i = 0; i < n; i++) cmd.argument(`[arg${i}]`)
  return cmd.action(() => {})
}

/** Parses a verb's arguments; a mistake is a UsageError carrying commander's message (with its "did you mean"). */
export function parse<O extends Options> (args: string[], spec: VerbSpec<O> | O, positionals = 0): { values: Values<O>, positionals: string[] } {
  const full: VerbSpec = 'summary' in spec && 'options' in spec ? spec as VerbSpec : { name: 'hookjudge', summary: '', options: spec as Options, positionals, examples: [] }
  const cmd = commanderFor(full)
  try {
    cmd.parse(args, { from: 'user' })
  } catch (err) {
    if (err instanceof CommanderError) throw new UsageError(err.message.replace(/^error: /, '').replace(/\n/g, ' '))
    throw err
  }
  const opts = cmd.opts()
  const values: Record<string, unknown> = {}
  for (const name of Object.keys(full.options)) if (opts[camel(name)] !== undefined) values[name] = opts[camel(name)]
  return { values: values as Values<O>, positionals: cmd.args }
}

/** The verb's --help text: usage, options and examples. */
export function helpText (spec: VerbSpec): string {
  const cmd = commanderFor(spec).usage(`${spec.args ? `${spec.args} ` : ''}[options]`).description(spec.summary)
  cmd.helpOption('-h, --help', 'show this help')
  const help = cmd.helpInformation().replace(/^Usage: /, 'Usage: hookjudge ')
  const examples = spec.examples.length ? `\nExamples:\n${spec.examples.map(e => `  ${e}\n`).join('')}` : ''
  return help + examples
}

export async function readAll (stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).length
    if (size > limit) throw new UsageError(`input larger than ${limit} bytes`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
