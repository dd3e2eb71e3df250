// The shim under dash with HOOKJUDGE_TOKEN_FILE on a FIFO, a device or a huge file: it gives up within HOOKJUDGE_TIMEOUT.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { SHIM_PATH } from '../../server/core/paths.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { runBounded } from '../helpers/bounded.js'
import { build, claudeStop, tempDir, testConfig } from '../helper.js'

const TOKEN = 'b6f0c9e2a4d84f1e9c3a7b5d2e8f6a1c'
const TIMEOUT_S = 3
const ASK = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"hookjudge is unavailable, so a human must approve this call."}}\n'
const input = JSON.stringify(claudeStop('I\'ll commit and push now.'))

/** A real daemon on loopback that wants TOKEN, and the token file that holds it. */
async function daemon (t: Parameters<typeof build>[0], dir: string) {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no evidence') })
  t.teardown(() => api.close())
  const tokenFile = join(dir, 'token')
  writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 })
  const { app } = await build(t, testConfig({ server: { tokenFile } }, api.url))
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, tokenFile }
}

// The kill timer is HOOKJUDGE_TIMEOUT itself: a shim still running then has not given up in time.
const shim = (url: string, tokenFile: string, args: string[] = ['commit']) => runBounded('dash', [SHIM_PATH, ...args], {
  env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOOKJUDGE_URL: url, HOOKJUDGE_TIMEOUT: String(TIMEOUT_S), HOOKJUDGE_TOKEN_FILE: tokenFile },
  ms: TIMEOUT_S * 1000,
  stdin: input
})

t.test('a FIFO or a device as HOOKJUDGE_TOKEN_FILE: fail open (or ask) with one stderr line, within HOOKJUDGE_TIMEOUT', async t => {
  const dir = tempDir(t)
  const { url, tokenFile } = await daemon(t, dir)
  const good = await shim(url, tokenFile)
  t.match(good, { hung: false, code: 0, stderr: '' }, 'a regular token file still works')
  t.equal(JSON.parse(good.stdout).decision, 'block', 'the daemon accepted the token')

  const fifo = join(dir, 'fifo')
  execFileSync('mkfifo', ['-m', '600', fifo])
  for (const file of [fifo, '/dev/zero']) {
    const open = await shim(url, file)
    t.match(open, { hung: false, code: 0, stdout: '' }, `${file}: gave up in time, failing open`)
    t.match(open.stderr, /^hookjudge-hook: cannot read a token from HOOKJUDGE_TOKEN_FILE \(.*\): not a regular file\n$/, `${file}: one line says why`)
    const safe = await shim(url, file, ['gate', '--fail-safe'])
    t.match(safe, { hung: false, code: 0, stdout: ASK }, `${file}: --fail-safe asks`)
  }
})

t.test('a huge token file with no newline is not read to its end', async t => {
  const dir = tempDir(t)
  const { url } = await daemon(t, dir)
  const huge = join(dir, 'huge')
  // dash's `read` goes through a file byte by byte: 8 MB with no newline takes it some 20 s.
  writeFileSync(huge, Buffer.alloc(8 << 20, 'a'), { mode: 0o600 })
  const res = await shim(url, huge)
  t.match(res, { hung: false, code: 0, stdout: '' }, 'gave up in time, failing open')
  t.match(res.stderr, /^hookjudge-hook: daemon answered HTTP 401\n$/, 'what it read is no token')
})
