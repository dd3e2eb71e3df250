// The oldest Claude Code the README claims (2.1.197, the claude-code-oldest devDependency): install reads its version and
// keeps the fail-safe gate on the shim, since it predates onFailure:"block"; the same scenarios must hold.
import t from 'tap'
import { CLAUDE_OLDEST_BIN } from '../helpers/agents.js'
import { scenarios } from './scenarios.js'

scenarios(t, 'claude-code', 'http', { claudeBin: CLAUDE_OLDEST_BIN })
