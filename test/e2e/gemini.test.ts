// The real Gemini CLI (`gemini -p`, GOOGLE_GEMINI_BASE_URL at a loopback fake) wired by `install gemini` to an in-process daemon.
import t from 'tap'
import { scenarios } from './scenarios.js'

// Each run of this CLI takes 8-20 s on a loaded 2-core box: more than the suite's 120 s per file for six scenarios.
t.setTimeout(600_000)

scenarios(t, 'gemini', 'shim')
