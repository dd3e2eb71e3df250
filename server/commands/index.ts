/** The verbs: each one's spec (for help and usage) and a loader for its code, so a verb imports only what it runs. */
import type { Command, VerbSpec } from './args.js'
import { DOCTOR, EVAL, INSTALL, JUDGE, LABELS, LOGS, RELOAD, REPLAY, SERVE, SERVICE, STATUS, TOKENS, TRAIN, UNINSTALL } from './verb-specs.js'

export { UsageError } from './args.js'

// The daemon is the long-lived one: it must not hold the installer's, trainer's or plist writer's modules in memory.
export interface Verb { spec: VerbSpec, load (): Promise<Command> }

/** In the order `hookjudge --help` lists them. */
export const VERBS: Verb[] = [
  { spec: SERVE, load: async () => (await import('./serve.js')).serveCommand },
  { spec: JUDGE, load: async () => (await import('./judge.js')).judgeCommand },
  { spec: EVAL, load: async () => (await import('./eval.js')).evalCommand },
  { spec: TRAIN, load: async () => (await import('./train.js')).trainCommand },
  { spec: REPLAY, load: async () => (await import('./replay.js')).replayCommand },
  { spec: STATUS, load: async () => (await import('./status.js')).statusCommand },
  { spec: DOCTOR, load: async () => (await import('./doctor.js')).doctorCommand },
  { spec: RELOAD, load: async () => (await import('./reload.js')).reloadCommand },
  { spec: LOGS, load: async () => (await import('./logs.js')).logsCommand },
  { spec: LABELS, load: async () => (await import('./labels.js')).labelsCommand },
  { spec: TOKENS, load: async () => (await import('./tokens.js')).tokensCommand },
  { spec: SERVICE, load: async () => (await import('./service.js')).serviceCommand },
  { spec: INSTALL, load: async () => (await import('./install.js')).installCommand },
  { spec: UNINSTALL, load: async () => (await import('./install.js')).uninstallCommand }
]
