// The real shim under dash, spawned against a listening daemon: relay, daemon down, non-200, recursion guard, --fail-safe, token.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { silentServer } from '../helpers/silent-server.js'
import t from 'tap'
import { SHIM_PATH } from '../../server/core/paths.js'
import { build, claudeStop, tempDir, testConfig } from '../helper.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'

const ASK = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"hookjudge is unavailable, so a human must approve this call."}}\n'

function runShim (args: string[], env: Record<string, string>, stdin: string): Promise<{ code: number | null, stdout: string, stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('dash', [SHIM_PATH, ...args], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => { stdout += c })
    child.stderr.on('data', (c) => { stderr += c })
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.on('error', () => {}) // EPIPE when the shim exits before reading its input (the recursion guard)
    child.stdin.end(stdin)
  })
}

async function daemon (t: Parameters<typeof build>[0], overrides: Record<string, unknown> = {}) {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no evidence') })
  t.teardown(() => api.close())
  const { app } = await build(t, testConfig(overrides, api.url))
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

const input = JSON.stringify(claudeStop('I\'ll commit and push now.'))

t.test('relays the daemon answer byte for byte and exits 0', async t => {
  const url = await daemon(t)
  const res = await runShim(['commit'], { HOOKJUDGE_URL: url }, input)
  t.equal(res.code, 0)
  t.equal(res.stderr, '')
  const out = JSON.parse(res.stdout)
  t.equal(out.decision, 'block')
  t.match(out.reason, /no evidence/)
  const allow = await runShim(['commit'], { HOOKJUDGE_URL: url }, JSON.stringify(claudeStop('Renamed a file.')))
  t.equal(allow.stdout, '{}\n')
})

t.test('daemon down: fail open (nothing on stdout, one stderr line) or ask with --fail-safe', async t => {
  const env = { HOOKJUDGE_URL: 'http://127.0.0.1:1' }
  const open = await runShim(['commit'], env, input)
  t.equal(open.code, 0)
  t.equal(open.stdout, '')
  t.match(open.stderr, /^hookjudge-hook: daemon unreachable at http:\/\/127\.0\.0\.1:1 \(curl exit 7\)\n$/)
  const safe = await runShim(['gate', '--fail-safe'], env, input)
  t.equal(safe.code, 0)
  t.equal(safe.stdout, ASK)
})

t.test('Codex gates fail safe with a deny (Codex ignores "ask"), and the agent is passed to the daemon', async t => {
  const safe = await runShim(['gate', '--fail-safe', '--agent=codex'], { HOOKJUDGE_URL: 'http://127.0.0.1:1' }, input)
  t.equal(safe.code, 0)
  t.match(JSON.parse(safe.stdout), { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: /needs a human/ } })
  const url = await daemon(t)
  const res = await runShim(['commit', '--agent=codex'], { HOOKJUDGE_URL: url }, JSON.stringify(claudeStop('I\'ll commit and push now.')))
  t.equal(JSON.parse(res.stdout).decision, 'block', 'a Claude-shaped input judged as codex still answers')
  const bad = await runShim(['commit', '--agent=vim'], {}, input)
  t.equal(bad.code, 1, 'an unknown agent is a usage error (non-blocking)')
})

t.test('daemon down with --fail-safe: each agent gets the answer that makes it stop and ask', async t => {
  const env = { HOOKJUDGE_URL: 'http://127.0.0.1:1' }
  const want: Record<string, object> = {
    'claude-code': { hookSpecificOutput: { permissionDecision: 'ask' } },
    // Droid runs an asked call at its autonomy level (0.225.2): failing safe is a deny there.
    droid: { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: /needs a human/ } },
    codex: { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: /needs a human/ } },
    gemini: { decision: 'deny', reason: /needs a human/ },
    copilot: { permissionDecision: 'deny', permissionDecisionReason: /needs a human/ },
    cursor: { permission: 'ask', agent_message: /a human must approve/ }
  }
  for (const [agent, shape] of Object.entries(want)) {
    const res = await runShim(['--fail-safe', `--agent=${agent}`], env, input)
    t.equal(res.code, 0, agent)
    t.match(JSON.parse(res.stdout), shape, agent)
  }
  const open = await runShim(['--agent=cursor'], env, input)
  t.equal(open.stdout, '{}\n', 'Cursor wants JSON even when failing open')
})

t.test('without a hook the shim posts to /judge (every hook of the event), with the agent named', async t => {
  const seen: string[] = []
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    req.resume()
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"decision":"deny","reason":"R"}'))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => server.close())
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const res = await runShim(['--agent=gemini'], { HOOKJUDGE_URL: url }, input)
  t.equal(res.code, 0)
  t.equal(res.stdout, '{"decision":"deny","reason":"R"}\n')
  await runShim([], { HOOKJUDGE_URL: url }, input)
  await runShim(['commit'], { HOOKJUDGE_URL: url }, input)
  t.strictSame(seen, ['POST /judge?agent=gemini', 'POST /judge', 'POST /judge/commit'])
})

t.test('non-200 answers fall back the same way', async t => {
  const url = await daemon(t)
  const notFound = await runShim(['no-such-hook'], { HOOKJUDGE_URL: url }, input)
  t.equal(notFound.code, 0)
  t.equal(notFound.stdout, '')
  t.match(notFound.stderr, /daemon answered HTTP 404/)
  const bad = await runShim(['commit', '--fail-safe'], { HOOKJUDGE_URL: url }, '{oops')
  t.equal(bad.stdout, ASK)
  t.match(bad.stderr, /HTTP 400/)
})

t.test('a daemon that hangs is cut at HOOKJUDGE_TIMEOUT and fails open', async t => {
  const res = await runShim(['commit'], { HOOKJUDGE_URL: await silentServer(t), HOOKJUDGE_TIMEOUT: '1' }, input)
  t.equal(res.code, 0)
  t.equal(res.stdout, '')
  t.match(res.stderr, /daemon unreachable/)
})

t.test('recursion guard: HOOKJUDGE_ACTIVE or STOP_HOOK_LLM_JUDGE_ACTIVE exits 0 silently', async t => {
  for (const v of ['HOOKJUDGE_ACTIVE', 'STOP_HOOK_LLM_JUDGE_ACTIVE']) {
    const res = await runShim(['commit', '--fail-safe'], { HOOKJUDGE_URL: 'http://127.0.0.1:1', [v]: '1' }, input)
    t.strictSame(res, { code: 0, stdout: '', stderr: '' }, v)
  }
})

t.test('usage errors exit 1 (non-blocking), never 2', async t => {
  const opt = await runShim(['commit', '--bogus'], {}, input)
  t.equal(opt.code, 1)
})

t.test('the shim talks to a Unix socket when HOOKJUDGE_SOCKET is set', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({}) })
  t.teardown(() => api.close())
  const { app } = await build(t, testConfig({}, api.url))
  const { tempDir } = await import('../helper.js')
  const sock = `${tempDir(t)}/hj.sock`
  await app.listen({ path: sock })
  const res = await runShim(['commit'], { HOOKJUDGE_SOCKET: sock, HOOKJUDGE_URL: 'http://localhost' }, JSON.stringify(claudeStop('Renamed a file.')))
  t.equal(res.stdout, '{}\n')
})

t.test('the bearer token goes from HOOKJUDGE_TOKEN_FILE to the daemon, never onto curl\'s command line', async t => {
  const dir = tempDir(t)
  const token = 'b6f0c9e2a4d84f1e9c3a7b5d2e8f6a1c'
  const tokenFile = join(dir, 'token')
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 })
  const url = await daemon(t, { server: { tokenFile } })
  // A curl on PATH that records its argv (what `ps` shows every user) and hands over to the real one.
  const realCurl = (process.env.PATH ?? '').split(':').map(d => join(d, 'curl')).find(f => existsSync(f))!
  const argvLog = join(dir, 'argv')
  mkdirSync(join(dir, 'bin'))
  writeFileSync(join(dir, 'bin', 'curl'), `#!/bin/sh\nprintf '%s\\n' "$@" >>"${argvLog}"\nexec "${realCurl}" "$@"\n`, { mode: 0o755 })
  const env = { HOOKJUDGE_URL: url, PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}` }
  const ok = await runShim(['commit'], { ...env, HOOKJUDGE_TOKEN_FILE: tokenFile }, input)
  t.equal(ok.code, 0)
  t.equal(JSON.parse(ok.stdout).decision, 'block', 'the daemon accepted the token')
  t.match(readFileSync(argvLog, 'utf8'), /--header\n@\/dev\/fd\/3\n/)
  t.notMatch(readFileSync(argvLog, 'utf8'), token, 'the token is not in curl\'s argv')
  const without = await runShim(['commit'], env, input)
  t.equal(without.stdout, '')
  t.match(without.stderr, /daemon answered HTTP 401/)
  const missing = await runShim(['commit', '--fail-safe'], { ...env, HOOKJUDGE_TOKEN_FILE: join(dir, 'nope') }, input)
  t.equal(missing.code, 0)
  t.equal(missing.stdout, ASK)
  t.match(missing.stderr, /cannot read a token from HOOKJUDGE_TOKEN_FILE/)
})

t.test('HOOKJUDGE_TIMEOUT that is zero, negative or not a number falls back to 20 s (curl --max-time 0 never gives up)', async t => {
  const url = await daemon(t)
  // The real curl, behind a two-line wrapper that records the arguments the shim gave it.
  const dir = tempDir(t)
  const realCurl = execFileSync('sh', ['-c', 'command -v curl'], { encoding: 'utf8' }).trim()
  writeFileSync(join(dir, 'curl'), `#!/bin/sh\nprintf '%s\\n' "$@" > "$CURL_ARGS"\nexec ${realCurl} "$@"\n`, { mode: 0o755 })
  const cases: Array<[string, string]> = [['0', '20'], ['-5', '20'], ['abc', '20'], ['0.0', '20'], ['1e3', '20'], ['', '20'], ['1.5', '1.5'], ['7', '7']]
  for (const [value, used] of cases) {
    const log = join(dir, 'args')
    // A session each: the governor would release the same block the second time in one turn.
    const stop = JSON.stringify(claudeStop('I\'ll commit and push now.', { session_id: `timeout-${value}` }))
    const res = await runShim(['commit'], { PATH: `${dir}:${process.env.PATH ?? '/usr/bin:/bin'}`, CURL_ARGS: log, HOOKJUDGE_URL: url, HOOKJUDGE_TIMEOUT: value }, stop)
    const args = readFileSync(log, 'utf8').split('\n')
    t.equal(args[args.indexOf('--max-time') + 1], used, `HOOKJUDGE_TIMEOUT=${JSON.stringify(value)}: --max-time ${used}`)
    t.equal(res.code, 0)
    t.match(res.stdout, /"decision":"block"/, 'the answer is still relayed')
    if (used === '20' && value !== '') t.match(res.stderr, /is not a positive number of seconds: using 20/)
    else t.equal(res.stderr, '')
  }
})
