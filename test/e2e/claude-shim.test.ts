// The real `claude -p` wired by `install claude-code --transport shim` to an in-process daemon and a scripted judge.
import t from 'tap'
import { scenarios } from './scenarios.js'

scenarios(t, 'claude-code', 'shim')
