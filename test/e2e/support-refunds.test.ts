// The seed's refund gates end to end: real `claude -p`, a scripted model, a stdio MCP server `support`, and the daemon over http hooks.
import { readFileSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { build, tempDir } from '../helper.js'
import { runClaude } from '../helpers/agents.js'

const MCP_SERVER = fileURLToPath(new URL('../fixtures/support-mcp.mjs', import.meta.url))
const EXAMPLE = join(PACKAGE_ROOT, 'config', 'examples', 'support-refunds.yaml')

t.test('block and redirect: verify first, refund within the limit, escalate above it; the guard protects its config', async t => {
  const dir = tempDir(t, 'hookjudge-refunds-')
  const configFile = join(dir, 'hookjudge.yaml')
  const example = readFileSync(EXAMPLE, 'utf8')
  writeFileSync(configFile, example)
  const config = loadConfig({ env: {}, file: configFile, overrides: { decisionLog: { enabled: false } } })
  const { app } = await build(t, config)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const daemon = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

  const mcpLog = join(dir, 'mcp-calls.jsonl')
  writeFileSync(mcpLog, '')
  const mcpConfig = join(dir, 'mcp.json')
  writeFileSync(mcpConfig, JSON.stringify({ mcpServers: { support: { type: 'stdio', command: process.execPath, args: [MCP_SERVER], env: { SUPPORT_MCP_LOG: mcpLog } } } }))
  const http = (hook: string) => [{ type: 'http', url: `${daemon}/judge/${hook}`, timeout: 10 }]
  const settings = {
    hooks: {
      PreToolUse: [{ matcher: 'mcp__support__.*', hooks: http('refund-policy') }, { matcher: 'Edit|Write|Bash', hooks: http('self-protect') }],
      PostToolUse: [{ matcher: 'mcp__support__get_customer', hooks: http('record-verification') }]
    }
  }
  const refund = (amount: number) => ({ tools: [{ name: 'mcp__support__process_refund', input: { customer_id: 'C1', amount } }] })
  const escalation = { customer_id: 'C1', root_cause: 'double charge', amount: 800, recommended_action: 'refund in full' }
  const api = await startFakeAnthropic({
    script: [
      refund(200),
      { tools: [{ name: 'mcp__support__get_customer', input: { customer_id: 'C1' } }] },
      refund(200),
      refund(800),
      { tools: [{ name: 'mcp__support__escalate_to_human', input: escalation }] },
      { tools: [{ name: 'Read', input: { file_path: configFile } }] },
      { tools: [{ name: 'Edit', input: { file_path: configFile, old_string: 'decision: deny', new_string: 'decision: allow', replace_all: true } }] },
      'DONE'
    ]
  })
  t.teardown(api.close)
  const allowed = ['get_customer', 'process_refund', 'escalate_to_human'].map(n => `mcp__support__${n}`).concat(['Read', 'Edit'])
  const run = await runClaude(t, {
    prompt: 'Customer C1 was charged twice; refund them.',
    apiUrl: api.url,
    settings,
    args: ['--mcp-config', mcpConfig, '--strict-mcp-config', '--allowedTools', allowed.join(',')],
    timeoutMs: 90_000
  })
  t.equal(run.code, 0, 'claude exits 0', { stderr: run.stderr.slice(-2000) })
  t.equal(run.json?.result, 'DONE')
  const bodies = api.mainBodies()
  // The latest message holding a tool result: Claude Code 2.1.332 may send a system-role entry after it.
  const isResult = (c: { type: string }) => c.type === 'tool_result'
  const resultOf = (i: number) => bodies[i]?.messages.findLast((m: { content: unknown }) => Array.isArray(m.content) && m.content.some(isResult))?.content.find(isResult)
  const textOf = (r: { content: unknown }) => typeof r.content === 'string' ? r.content : JSON.stringify(r.content)
  t.equal(bodies.length, 8, 'one model request per scripted step', { results: bodies.slice(1).map((_b, i) => resultOf(i + 1)) })

  const early = resultOf(1)
  t.match(early, { is_error: true }, 'refund before verification: denied')
  t.match(textOf(early), /call get_customer with this customer_id first/)

  const lookup = resultOf(2)
  t.notOk(lookup.is_error, 'get_customer ran')
  const seen = JSON.parse(lookup.content[0].text)
  t.equal(seen.customer_since, '2026-01-01T00:00:00Z', 'the model sees ISO 8601, not Unix seconds')
  t.equal(seen.status, 'suspended', 'and the status name, not its code')

  const refunded = resultOf(3)
  t.notOk(refunded.is_error, 'the $200 refund ran')
  t.match(textOf(refunded), /rf_C1_200/)

  const over = resultOf(4)
  t.match(over, { is_error: true }, 'the $800 refund: denied')
  t.match(textOf(over), /Refunds over \$500 need a human: .*Call escalate_to_human with the customer ID, the root cause, the amount and your recommended action/)
  t.match(textOf(resultOf(5)), /ESC-1/, 'escalate_to_human ran')

  const edit = resultOf(7)
  t.match(edit, { is_error: true }, 'Edit of the hookjudge config: denied')
  t.match(textOf(edit), /hookjudge self-protection: .*hookjudge\.yaml/)
  t.equal(readFileSync(configFile, 'utf8'), example, 'the config is unchanged')

  const calls = readFileSync(mcpLog, 'utf8').trim().split('\n').map(l => JSON.parse(l))
  t.strictSame(calls.map(c => [c.tool, c.arguments.amount]), [['get_customer', undefined], ['process_refund', 200], ['escalate_to_human', 800]],
    'only the allowed calls reached the MCP server')
})
