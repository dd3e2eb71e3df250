// What a turn did, as Layer 1's quiet-turn thresholds read it: the strongest kind wins, and a turn is quiet only when known.
import t from 'tap'
import type { Step } from '../../server/evidence/steps.js'
import { kindOfSteps, turnKind } from '../../server/evidence/turn-kind.js'

const edit = (status: 'passed' | 'error' = 'passed'): Step => ({ kind: 'edit', tool: 'Edit', paths: ['a.ts'], status })
const command: Step = { kind: 'command', tool: 'Bash', command: 'ls', status: 'passed', verification: false }
const tool = (name: string): Step => ({ kind: 'tool', tool: name })

t.test('the strongest step decides: edit, then command, then a tool that may change files, else quiet', async t => {
  t.equal(kindOfSteps([tool('Read'), edit(), command]), 'edit')
  t.equal(kindOfSteps([tool('Read'), command]), 'command')
  t.equal(kindOfSteps([tool('Grep'), tool('Task')]), 'tool', 'a subagent may change files')
  t.equal(kindOfSteps([tool('mcp__db__write'), tool('Read')]), 'tool', 'an MCP tool may change things')
  t.equal(kindOfSteps([tool('exec')]), 'tool', "Codex's unified exec")
  t.equal(kindOfSteps([tool('Read'), tool('Grep'), tool('TodoWrite'), tool('update_plan'), tool('web_search')]), 'quiet')
  t.equal(kindOfSteps([]), 'quiet', 'a reply with no tool at all')
  t.equal(kindOfSteps([edit('error'), tool('Read')]), 'quiet', 'an edit the tool refused changed nothing')
})

t.test('a turn is unknown without evidence, with steps missed, or with a file behind the last message', async t => {
  const evidence = (steps: Step[], partial = false) => ({ facts: {}, steps, partial })
  t.equal(turnKind({}), 'unknown')
  t.equal(turnKind({ evidence: evidence([tool('Read')], true) }), 'unknown', 'partial: an earlier edit may not have been read')
  t.equal(turnKind({ evidence: evidence([tool('Read')]), lagging: true }), 'unknown', 'lagging: the last steps may not be written yet')
  t.equal(turnKind({ evidence: evidence([tool('Read')]), lagging: false }), 'quiet')
  t.equal(turnKind({ evidence: evidence([edit()]) }), 'edit')
})
