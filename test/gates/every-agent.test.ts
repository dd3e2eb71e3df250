// The tool gates see every agent's shell, edit and MCP calls: one dangerous call, sent in each agent's own input shape,
// gets the decision the shipped config gives Claude Code, in each agent's own answer.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { Shape } from '../agents/tool-shapes.js'
import { SHAPES } from '../agents/tool-shapes.js'
import { build, TEST_ENV, tempDir, testConfig } from '../helper.js'
import { recordingLog } from '../helpers/arrivals.js'

const home = tempDir(t, 'hookjudge-every-agent-')
const project = join(home, 'project')
const userConfig = join(home, '.config', 'hookjudge', 'config.yaml')
mkdirSync(project, { recursive: true })
mkdirSync(join(home, '.config', 'hookjudge'), { recursive: true })
writeFileSync(userConfig, 'hooks: {}\n')

const SELF = /^hookjudge self-protection: this call would change or remove hookjudge's own files/
const FORCE = /^Force pushes rewrite shared history\./
// The shipped hooks; dangerous-bash ships in shadow (it answers allow), so here it enforces what it would decide.
const CALLS: Array<{ name: string, shape: (a: typeof SHAPES[number]) => Shape | undefined, reason: RegExp, rule: string }> = [
  { name: 'rm -f of the user config', shape: a => a.shell('rm -f ~/.config/hookjudge/config.yaml'), reason: SELF, rule: 'self-protect' },
  { name: 'a force push', shape: a => a.shell('git push --force origin main'), reason: FORCE, rule: 'force-push' },
  { name: 'an edit of the user config', shape: a => a.edit(userConfig), reason: SELF, rule: 'self-protect' },
  { name: 'an MCP tool writing the user config', shape: a => a.mcp?.({ path: userConfig, content: 'hooks: {}\n' }), reason: SELF, rule: 'self-protect' }
]

t.test('each agent × each dangerous call: the same decision, in the agent\'s own answer', async t => {
  const { decisionLog, records } = recordingLog()
  const { app } = await build(t, testConfig({ hooks: { 'dangerous-bash': { mode: 'enforce' } } }), { decisionLog, env: { ...TEST_ENV, HOME: home } })
  const send = async (agent: string, body: object) => {
    const earlier = new Set(records.items)
    const res = await app.inject({ method: 'POST', url: `/judge?agent=${agent}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    const decision = res.headers['x-hookjudge-decision']
    // The records are written just after the answer; a call no gate took (allowed) has none to wait for.
    const record = decision === 'allow' ? undefined : await records.waitFor(r => !earlier.has(r) && r.rule !== undefined)
    return { status: res.statusCode, json: res.json(), decision, rule: record?.rule }
  }
  for (const call of CALLS) {
    const claude = await send('claude-code', call.shape(SHAPES[0]!)!(project))
    t.match(claude, { status: 200, decision: 'deny', rule: call.rule }, `${call.name}: Claude Code gets a deny`)
    for (const a of SHAPES) {
      const shape = call.shape(a)
      if (!shape) continue
      const r = await send(a.agent, shape(project))
      t.match(r, { status: 200, decision: claude.decision, rule: call.rule }, `${call.name}, ${a.agent}: the same decision, by the same rule`)
      t.match(r.json, a.answer('deny', call.reason), `${call.name}, ${a.agent}: in its own words`)
    }
  }
})
