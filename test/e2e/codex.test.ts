// The real `codex exec` wired by `install codex` (the shim: Codex has no http hooks) to an in-process daemon and a scripted judge.
import t from 'tap'
import { scenarios } from './scenarios.js'

scenarios(t, 'codex', 'shim')
