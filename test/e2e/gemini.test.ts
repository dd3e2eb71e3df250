// The real Gemini CLI (`gemini -p`, GOOGLE_GEMINI_BASE_URL at a loopback fake) wired by `install gemini` to an in-process daemon.
import t from 'tap'
import { scenarios } from './scenarios.js'

// Each run of this CLI takes 8-20 s on a loaded 2-core box: more than the suite's 120 s per file for six scenarios.
t.setTimeout(600_000)

// Gemini's end-of-turn input carries the turn's text (prompt_response) and hookjudge reads no Gemini transcript.
scenarios(t, 'gemini', 'shim', { skip: ['a proposal in an earlier message of the turn is caught through the transcript'] })
