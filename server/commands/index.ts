/** The CLI's verb table: each verb is one file in this folder. */
import type { Command } from './args.js'
import { evalCommand } from './eval.js'
import { installCommand, uninstallCommand } from './install.js'
import { doctorCommand } from './doctor.js'
import { judgeCommand } from './judge.js'
import { labelsCommand } from './labels.js'
import { logsCommand } from './logs.js'
import { reloadCommand } from './reload.js'
import { replayCommand } from './replay.js'
import { serveCommand } from './serve.js'
import { serviceCommand } from './service.js'
import { statusCommand } from './status.js'
import { trainCommand } from './train.js'

export { UsageError } from './args.js'

export const COMMANDS: Record<string, Command> = {
  serve: serveCommand,
  judge: judgeCommand,
  eval: evalCommand,
  train: trainCommand,
  replay: replayCommand,
  status: statusCommand,
  doctor: doctorCommand,
  reload: reloadCommand,
  logs: logsCommand,
  labels: labelsCommand,
  service: serviceCommand,
  install: installCommand,
  uninstall: uninstallCommand
}
