// The README's capability table is the one the adapters' declarations make: regenerate it with scripts/capabilities.ts.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { ADAPTERS } from '../../server/agents/adapter.js'
import { AGENTS } from '../../server/agents/event.js'
import { capabilityTable, TABLE_END, TABLE_START, withTable } from '../../server/agents/capability-table.js'

t.test('README.md holds exactly the generated table', async t => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  t.ok(readme.includes(capabilityTable()), 'run `npx tsx scripts/capabilities.ts` after changing an adapter\'s capabilities')
  t.equal(withTable(readme), readme)
})

t.test('one row per agent, every agent declares an end-of-turn and a pre-tool event', async t => {
  const table = capabilityTable()
  t.equal(table.split('\n').length, AGENTS.length + 4)
  for (const name of AGENTS) {
    t.ok(table.includes(`(\`${name}\`)`), name)
    t.ok(ADAPTERS[name].caps.events.Stop?.length, `${name} Stop`)
    t.ok(ADAPTERS[name].caps.events.PreToolUse?.length, `${name} PreToolUse`)
  }
  t.equal(withTable('no markers'), undefined)
  t.equal(withTable(`a\n${TABLE_START}\nold\n${TABLE_END}\nb`), `a\n${table}\nb`)
})
