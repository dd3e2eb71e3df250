// The command backend: any executable reading the wrapped prompt on stdin and printing the answer; kill and bounds rules.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { answerSchema } from '../../server/judge/answer-schema.js'
import { createBackend } from '../../server/backends/registry.js'
import { build, claudeStop, testConfig } from '../helper.js'
import { gone, scratchDir } from '../helpers/judge-clis.js'

async function script (dir: string, name: string, body: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 })
  return path
}
const commandBackend = (command: string[], over: Record<string, unknown> = {}) =>
  createBackend({ ...testConfig({ backends: { cmd: { type: 'command', command } } }).backends.cmd!, ...over }, { PATH: process.env.PATH })

t.test('a command judges through the app: wrapped prompt on stdin, answer on stdout, recursion markers in its env', async t => {
  const dir = await scratchDir(t, 'cmd')
  const judge = await script(dir, 'judge', [
    `cat > "${dir}/stdin"`,
    `env > "${dir}/env"`,
    'printf \'%s\' \'Verdict: {"new_proposal": true, "verification_reported": false, "reason": "cmd says no"}\''
  ].join('\n'))
  const config = testConfig({ judge: { backends: ['cmd'] }, backends: { cmd: { type: 'command', command: [judge] } } })
  const { app } = await build(t, config)
  const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop('Pushing it to origin now.') })
  t.match(res.json(), { decision: 'block', reason: /cmd says no/ })
  t.equal(res.headers['x-hookjudge-source'], 'judge')
  const stdin = await readFile(join(dir, 'stdin'), 'utf8')
  t.match(stdin, /^You are hookjudge[^]*Hook "commit"[^]*Evaluate the agent message below\.[^]*Pushing it to origin now\./, 'system, then user')
  t.match(await readFile(join(dir, 'env'), 'utf8'), /^HOOKJUDGE_ACTIVE=1$/m)
  t.match(await readFile(join(dir, 'env'), 'utf8'), /^STOP_HOOK_LLM_JUDGE_ACTIVE=1$/m)
})

t.test('failures are values: exit status, silence, runaway output, a missing program', async t => {
  const dir = await scratchDir(t, 'cmd-fail')
  const ask = (b: ReturnType<typeof createBackend>) => b.ask({ system: 'S', user: 'U', schema: answerSchema([{ name: 'x', fields: ['a'] }]), signal: AbortSignal.timeout(10000) })
  const failing = commandBackend([await script(dir, 'fail', 'cat >/dev/null; echo "model server down" >&2; exit 3')])
  await t.rejects(ask(failing), { code: 'http_error', message: /exited with 3: model server down/ })
  const silent = commandBackend([await script(dir, 'silent', 'cat >/dev/null')])
  await t.rejects(ask(silent), { code: 'bad_output', message: /printed nothing/ })
  const flood = commandBackend([await script(dir, 'flood', 'cat >/dev/null; yes xxxxxxxxxxxxxxxx')], { maxOutputBytes: 4096 })
  await t.rejects(ask(flood), { code: 'bad_output', message: /larger than 4096 bytes/ })
  t.equal(flood.processes!().alive, 0, 'the flooding process was killed')
  t.match(commandBackend(['/nonexistent/judge']).unusable, /not an executable/)
  t.match(commandBackend(['no-such-judge-on-path']).unusable, /not an executable/)
  await Promise.all([failing, silent, flood].map(b => b.close()))
})

t.test('a hung command is killed with its children at the deadline', async t => {
  const dir = await scratchDir(t, 'cmd-hang')
  const fifo = join(dir, 'ready')
  await once(spawn('mkfifo', [fifo]), 'close')
  const pids = join(dir, 'pids')
  const hang = await script(dir, 'hang', [
    `echo "child $$" >> "${pids}"`,
    `( sleep 300 & echo "grandchild $!" >> "${pids}"; echo ready > "${fifo}"; wait ) &`,
    'cat >/dev/null',
    'exec sleep 300'
  ].join('\n'))
  const b = commandBackend([hang])
  t.teardown(() => b.close())
  const deadline = new AbortController()
  const asked = b.ask({ system: 'S', user: 'U', schema: answerSchema([{ name: 'x', fields: ['a'] }]), signal: deadline.signal })
  await readFile(fifo) // the grandchild is running
  deadline.abort()
  await t.rejects(asked, { code: 'timeout' })
  const noted = Object.fromEntries((await readFile(pids, 'utf8')).trim().split('\n').map(l => l.split(' ')).map(([k, v]) => [k, Number(v)]))
  t.ok(await gone(noted.child!), 'the command is gone')
  t.ok(await gone(noted.grandchild!), 'its grandchild is gone')
})
