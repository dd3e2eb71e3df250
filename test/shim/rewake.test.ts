// The real shim under dash with --rewake (Claude Code's asyncRewake Stop hook): a block, and only a block, exits 2 with
// the reason on stderr; allow, daemon down, non-200, timeout and a body that is not a plain block all exit 0.
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { silentServer } from '../helpers/silent-server.js'
import t from 'tap'
import { SHIM_PATH } from '../../server/core/paths.js'
import { build, claudeStop, testConfig } from '../helper.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'

interface Run { code: number | null, stdout: string, stderr: string }

function runShim (args: string[], env: Record<string, string>, stdin: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('dash', [SHIM_PATH, ...args], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => { stdout += c })
    child.stderr.on('data', (c) => { stderr += c })
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.on('error', () => {})
    child.stdin.end(stdin)
  })
}

/** A loopback server answering every POST with `status` and `body`. */
async function fixed (t: Parameters<typeof build>[0], status: number, body: string): Promise<string> {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end(body))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => { server.closeAllConnections(); server.close() })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const push = JSON.stringify(claudeStop('All done. I will commit and push to main now.'))

t.test('a real daemon: its Stop block exits 2 with the reason on stderr; its allow exits 0 silently', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no evidence of a passing test run') })
  t.teardown(() => api.close())
  const { app } = await build(t, testConfig({}, api.url))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const block = await runShim(['commit', '--rewake'], { HOOKJUDGE_URL: url }, push)
  t.equal(block.code, 2)
  t.equal(block.stdout, '')
  t.match(block.stderr, /^hookjudge \(commit\): [\s\S]*no evidence of a passing test run\n$/)
  t.notMatch(block.stderr, /\\"|^\{/, 'the reason itself, unescaped, not the JSON')
  const allow = await runShim(['commit', '--rewake'], { HOOKJUDGE_URL: url }, JSON.stringify(claudeStop('Renamed a file.')))
  t.strictSame(allow, { code: 0, stdout: '', stderr: '' })
  const sync = await runShim(['commit'], { HOOKJUDGE_URL: url }, JSON.stringify(claudeStop('All done. I will commit and push to main now.', { session_id: 'sess-2' })))
  t.equal(sync.code, 0, 'without --rewake a block is still JSON on stdout, exit 0')
  t.equal(JSON.parse(sync.stdout).decision, 'block')
})

t.test('the reason is unescaped: quotes, backslashes, newlines, tabs', async t => {
  const reason = 'say "tests pass" only after C:\\new\\tests ran\nline two\tend \\"x\\"'
  const url = await fixed(t, 200, JSON.stringify({ decision: 'block', reason }))
  const res = await runShim(['commit', '--rewake'], { HOOKJUDGE_URL: url }, push)
  t.equal(res.code, 2)
  t.equal(res.stderr, reason + '\n')
})

t.test('every other outcome fails open: exit 0, nothing on stdout', async t => {
  const down = await runShim(['--rewake'], { HOOKJUDGE_URL: 'http://127.0.0.1:1' }, push)
  t.equal(down.code, 0)
  t.equal(down.stdout, '')
  t.match(down.stderr, /^hookjudge-hook: daemon unreachable at http:\/\/127\.0\.0\.1:1 \(curl exit 7\)\n$/)
  const safeDown = await runShim(['--rewake', '--fail-safe'], { HOOKJUDGE_URL: 'http://127.0.0.1:1' }, push)
  t.equal(safeDown.code, 0)
  t.equal(safeDown.stdout, '', '--fail-safe prints no ask JSON for a background Stop')
  const err = await runShim(['--rewake'], { HOOKJUDGE_URL: await fixed(t, 500, '{"decision":"block","reason":"R"}') }, push)
  t.equal(err.code, 0, 'a block in a non-200 body is not a block')
  t.equal(err.stdout, '')
  t.match(err.stderr, /daemon answered HTTP 500/)
  for (const body of ['{}', '', 'not json', '{"decision":"block","reason":"R","hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"x"}}',
    '{"decision":"block","reason":"R', '{"decision":"approve","reason":"R"}', '{"decision":"block","reason":"a" ,"x":"b"}']) {
    const res = await runShim(['--rewake'], { HOOKJUDGE_URL: await fixed(t, 200, body) }, push)
    t.strictSame(res, { code: 0, stdout: '', stderr: '' }, `200 ${body}`)
  }
})

t.test('a daemon that never answers: exit 0 after HOOKJUDGE_TIMEOUT', async t => {
  const res = await runShim(['--rewake'], { HOOKJUDGE_URL: await silentServer(t), HOOKJUDGE_TIMEOUT: '1' }, push)
  t.equal(res.code, 0)
  t.equal(res.stdout, '')
  t.match(res.stderr, /daemon unreachable/)
})
