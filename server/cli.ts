#!/usr/bin/env node
/** The hookjudge command: dispatches a verb to server/commands/; exit 0 ok, 1 error, 2 usage, 3 daemon not running. */
import { ConfigError } from './errors.js'
import { COMMANDS, UsageError } from './commands/index.js'

const USAGE = `usage: hookjudge <command> [options]

  serve [--config FILE] [--host H] [--port N] [--socket PATH]   run the daemon in the foreground
  judge HOOK [--config FILE] [--agent claude-code|codex]         judge one hook input (or text) from stdin
`

async function main (argv: string[]): Promise<number> {
  const [verb, ...rest] = argv
  if (verb === undefined || verb === '--help' || verb === '-h' || verb === 'help') {
    process.stdout.write(USAGE)
    return verb === undefined ? 2 : 0
  }
  const command = Object.hasOwn(COMMANDS, verb) ? COMMANDS[verb] : undefined
  if (!command) {
    process.stderr.write(`hookjudge: unknown command "${verb}"\n${USAGE}`)
    return 2
  }
  try {
    return await command(rest, { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr })
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`hookjudge ${verb}: ${err.message}\n${USAGE}`)
      return 2
    }
    if (err instanceof ConfigError) {
      process.stderr.write(`hookjudge: ${err.message}\n`)
      return 1
    }
    process.stderr.write(`hookjudge ${verb}: ${(err as Error).stack ?? String(err)}\n`)
    return 1
  }
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code })
