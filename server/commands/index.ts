/** The CLI's verb table: each verb is one file in this folder. */
import type { Command } from './args.js'
import { judgeCommand } from './judge.js'
import { serveCommand } from './serve.js'

export { UsageError } from './args.js'

export const COMMANDS: Record<string, Command> = {
  serve: serveCommand,
  judge: judgeCommand
}
