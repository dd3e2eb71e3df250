// hookjudge judge HOOK: one input on stdin, judged in-process, the decision record on stdout.
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { judgeCommand } from '../server/commands/judge.js'
import { commitVerdict, startFakeJudgeApi } from './fixtures/fake-judge-api.js'
import { claudeStop, tempDir } from './helper.js'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

function io (stdin: string, env: Record<string, string>) {
  let out = ''
  let err = ''
  const stdout = new Writable({ write (c, _e, cb) { out += c; cb() } })
  const stderr = new Writable({ write (c, _e, cb) { err += c; cb() } })
  return { io: { env, stdin: Readable.from([Buffer.from(stdin)]), stdout, stderr }, out: () => out, err: () => err }
}

t.test('judges a hook input and prints the contract record', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no tests') })
  t.teardown(() => api.close())
  const file = join(tempDir(t), 'c.yaml')
  writeFileSync(file, `backends:\n  anthropic: { baseUrl: "${api.url}" }\n`)
  const { io: s, out } = io(JSON.stringify(claudeStop('I\'ll push now, key AKIA' + 'Z7QK3M2XW6PLRT4B')), { ANTHROPIC_API_KEY: 'k' })
  t.equal(await judgeCommand(['commit', '--config', file], s), 0)
  const rec = JSON.parse(out())
  t.strictSame(Object.keys(rec).slice(0, 17), ['ts', 'hook', 'agent', 'event', 'sessionId', 'decision', 'source', 'wouldBlock', 'fields', 'reason', 'backend', 'model', 'ms', 'textSha256', 'textBytes', 'redactions', 'promptVersion'])
  t.match(rec, { hook: 'commit', agent: 'claude-code', event: 'Stop', decision: 'block', source: 'judge', wouldBlock: true, reason: 'no tests', backend: 'anthropic', model: 'claude-haiku-4-5' })
  t.ok((rec.redactions['aws-access-key'] ?? 0) >= 1, 'the key was redacted before judging')
  t.notMatch(JSON.stringify(api.requests), /Z7QK3M2XW6PLRT4B/)
})

t.test('with judge.backends: auto the detected chain judges (the shipped default)', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'auto chain') })
  t.teardown(() => api.close())
  const file = join(tempDir(t), 'c.yaml')
  writeFileSync(file, `judge: { backends: auto }\nbackends:\n  anthropic: { baseUrl: "${api.url}" }\n`)
  const { io: s, out } = io(JSON.stringify(claudeStop('I\'ll push now.')), { ANTHROPIC_API_KEY: 'k', PATH: '/nonexistent' })
  t.equal(await judgeCommand(['commit', '--config', file], s), 0)
  t.match(JSON.parse(out()), { decision: 'block', source: 'judge', backend: 'anthropic', reason: 'auto chain' })
})

t.test('plain text is judged as the final message', async t => {
  const { io: s, out } = io('I renamed the helper.\n', {})
  t.equal(await judgeCommand(['commit', '--config', '/dev/null'], s), 0)
  t.match(JSON.parse(out()), { decision: 'allow', source: 'layer1', agent: 'claude-code', sessionId: 'cli' })
})

t.test('usage errors', async t => {
  await t.rejects(judgeCommand([], io('', {}).io), /needs a HOOK/)
  await t.rejects(judgeCommand(['nope', '--config', '/dev/null'], io('', {}).io), /unknown hook "nope"/)
  await t.rejects(judgeCommand(['comit', '--config', '/dev/null'], io('', {}).io), /unknown hook "comit"; did you mean "commit"\?; configured: commit, /)
  await t.rejects(judgeCommand(['commit', '--agent', 'x'], io('', {}).io), /--agent must be one of/)
  const deep = '{"tool_input":' + '['.repeat(100000) + ']'.repeat(100000) + '}'
  await t.rejects(judgeCommand(['commit', '--config', '/dev/null'], io(deep, {}).io), /nests deeper than 64 levels/, 'a deeply nested input is a usage error, not a crash')
})
