// The one class of a turn that Layer 1's class thresholds read: quiet before committed before command, each only when known.
import t from 'tap'
import type { Step } from '../../server/evidence/steps.js'
import { turnClass } from '../../server/evidence/turn-class.js'
import { factsOf } from '../../server/evidence/facts.js'

const run = (command: string, status: 'passed' | 'failed' = 'passed'): Step => ({ kind: 'command', tool: 'Bash', command, status, verification: false })
const edit: Step = { kind: 'edit', tool: 'Edit', paths: ['a.ts'], status: 'passed' }
const read: Step = { kind: 'tool', tool: 'Read' }
const turn = (steps: Step[], more: { partial?: boolean, lagging?: boolean } = {}) =>
  ({ evidence: { facts: factsOf(steps), steps, partial: more.partial ?? false }, ...(more.lagging ? { lagging: true } : {}) })

t.test('each class, in order', async t => {
  t.equal(turnClass(turn([read])), 'quiet')
  t.equal(turnClass(turn([])), 'quiet', 'no tool at all')
  t.equal(turnClass(turn([read, run('npm test'), run('git push')])), 'committed')
  t.equal(turnClass(turn([edit, run('git commit -am x')])), 'committed', 'a turn that pushed is committed whether or not it edited')
  t.equal(turnClass(turn([read, run('npm test')])), 'command', 'commands, no edit')
  t.equal(turnClass(turn([read, run('git push', 'failed')])), 'command', 'a failed push commits nothing')
  t.equal(turnClass(turn([edit, run('npm test')])), undefined, 'an edit: no class')
})

t.test('quiet and command need the whole turn; one successful push is enough wherever the read stopped', async t => {
  t.equal(turnClass(turn([read], { partial: true })), undefined)
  t.equal(turnClass(turn([run('ls')], { lagging: true })), undefined)
  t.equal(turnClass(turn([run('git push')], { partial: true })), 'committed')
  t.equal(turnClass(turn([run('git push')], { lagging: true })), 'committed')
  t.equal(turnClass({}), undefined, 'no evidence')
})
