/** The CLI's verb table: each verb is one file in this folder; add one by writing its file and one line here. */
import type { Command, VerbSpec } from './args.js'
import { DOCTOR, doctorCommand } from './doctor.js'
import { evalCommand } from './eval.js'
import { installCommand, uninstallCommand } from './install.js'
import { JUDGE, judgeCommand } from './judge.js'
import { labelsCommand } from './labels.js'
import { LOGS, logsCommand } from './logs.js'
import { RELOAD, reloadCommand } from './reload.js'
import { replayCommand } from './replay.js'
import { SERVE, serveCommand } from './serve.js'
import { SERVICE, serviceCommand } from './service.js'
import { STATUS, statusCommand } from './status.js'
import { trainCommand } from './train.js'
import { EVAL, INSTALL, LABELS, REPLAY, TRAIN, UNINSTALL } from './verb-specs.js'

export { UsageError } from './args.js'

export interface Verb { spec: VerbSpec, run: Command }

/** In the order `hookjudge --help` lists them. */
export const VERBS: Verb[] = [
  { spec: SERVE, run: serveCommand },
  { spec: JUDGE, run: judgeCommand },
  { spec: EVAL, run: evalCommand },
  { spec: TRAIN, run: trainCommand },
  { spec: REPLAY, run: replayCommand },
  { spec: STATUS, run: statusCommand },
  { spec: DOCTOR, run: doctorCommand },
  { spec: RELOAD, run: reloadCommand },
  { spec: LOGS, run: logsCommand },
  { spec: LABELS, run: labelsCommand },
  { spec: SERVICE, run: serviceCommand },
  { spec: INSTALL, run: installCommand },
  { spec: UNINSTALL, run: uninstallCommand }
]

export const COMMANDS: Record<string, Command> = Object.fromEntries(VERBS.map(v => [v.spec.name, v.run]))
