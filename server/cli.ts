#!/usr/bin/env node
/** The hookjudge command: dispatches a verb to server/commands/; exit 0 ok, 1 error, 2 usage, 3 daemon not running. */
import { ConfigError } from './errors.js'
import { COMMANDS, UsageError } from './commands/index.js'

const USAGE = `usage: hookjudge <command> [options]

  serve [--config FILE] [--host H] [--port N] [--socket PATH]   run the daemon in the foreground
  judge HOOK [--config FILE] [--agent claude-code|codex]         judge one hook input (or text) from stdin
  eval CORPUS.jsonl [--config FILE] [--hooks a,b] [--layer1-only] [--misses] [--json]
                                                                 score the judge on a labelled corpus
  train CORPUS.jsonl [--hooks a,b] [--out DIR] [--json]          train the Layer-1 scorers, report recall and hit rate
  replay LOG… [--config FILE] [--json]                           re-judge logged decisions, list the changes
  status [--config FILE] [--json]                                is the daemon up? version, backends, figures (exit 3: not running)
  doctor [--config FILE] [--json]                                check config, daemon, backends, agent wiring, shim, decision log
  reload [--config FILE]                                         make the running daemon re-read its config (also: SIGHUP)
  logs [--since DATE|DURATION] [--hook H] [--user NAME] [--follow] print decisions from the decision log
  labels export [--config FILE]                                  the review page's labels as an eval corpus on stdout
  labels what-if [--config FILE] [--candidate FILE] [--json]     what a config would decide on the labelled set
  service install|uninstall|status [--config FILE]               systemd user unit (Linux) or LaunchAgent (macOS)
  install claude-code|codex [--scope user|project] [--transport http|shim] [--hooks a,b] [--url URL] [--token-file FILE] [--dry-run] [--config FILE]
                                                                 wire hookjudge's hooks into the agent's settings
  uninstall claude-code|codex [--scope user|project] [--hooks a,b] [--dry-run] [--config FILE]
                                                                 remove exactly hookjudge's entries again
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
