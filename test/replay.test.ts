// hookjudge replay: decisions logged under one config, re-judged under a changed one; the changes, the totals, the
// records that cannot be replayed, and the privacy of the log it reads (0600 files in a 0700 directory).
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { replayCommand } from '../server/commands/replay.js'
import { commitVerdict, startFakeJudgeApi } from './fixtures/fake-judge-api.js'
import { build, claudeStop, tempDir, testConfig } from './helper.js'
import { testClock } from './helpers/clock.js'

function capture (env: Record<string, string> = {}) {
  let out = ''
  let err = ''
  const stdout = new Writable({ write (c, _e, cb) { out += c; cb() } })
  const stderr = new Writable({ write (c, _e, cb) { err += c; cb() } })
  return { io: { env, stdin: Readable.from([]), stdout, stderr }, out: () => out, err: () => err }
}

t.test('replay under a changed config lists the verdicts that change, with totals', async t => {
  // Before: the judge blocks commit/push proposals. After: it blocks only "Renamed" (a deliberately odd prompt change).
  let blockWhen = /commit|push/
  const api = await startFakeJudgeApi((body) => {
    const text = String(body.messages[0].content)
    return { text: commitVerdict({ new_proposal: blockWhen.test(text) }, blockWhen.test(text) ? 'proposal without evidence' : 'nothing new proposed') }
  })
  t.teardown(() => api.close())
  const root = tempDir(t)
  const dir = join(root, 'state', 'hookjudge')
  // One clock for both daemons: their records land in one day file, named by it, whenever the test runs.
  const clock = testClock({ start: Date.parse('2026-03-04T10:00:00Z') })
  const logged = await build(t, testConfig({ decisionLog: { enabled: true, dir } }, api.url), { clock })
  for (const text of ["I'll push to main now.", 'Renamed the helper.', "I'll commit the rename now."]) {
    await logged.app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(text) })
  }
  await logged.app.close()
  const textless = await build(t, testConfig({ decisionLog: { enabled: true, dir, text: 'none' } }, api.url), { clock })
  await textless.app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop("I'll push the fix now.") })
  await textless.app.close()
  const file = join(dir, 'decisions-2026-03-04.jsonl')
  t.equal(statSync(file).mode & 0o777, 0o600, 'the decision log is readable by the user only')
  t.equal(statSync(dir).mode & 0o777, 0o700, 'and so is its directory')
  appendFileSync(file, JSON.stringify({ ts: '2026-01-01T00:00:00.000Z', hook: 'retired-hook', decision: 'block', source: 'judge', text: 'x' }) + '\nnot a record\n')
  t.match(readFileSync(file, 'utf8').split('\n')[0], /"text":"I'll push to main now\."/)

  blockWhen = /Renamed/
  const config = join(root, 'after.yaml')
  writeFileSync(config, [
    'backends:',
    `  anthropic: { baseUrl: "${api.url}" }`,
    'hooks:',
    '  commit:',
    "    trigger: ['(?i)commit|push|renamed']",
    "    skip: ['push to main']",
    ''
  ].join('\n'))
  const env = { ANTHROPIC_API_KEY: 'k' }
  const j = capture(env)
  t.equal(await replayCommand([file, '--config', config, '--json'], j.io), 0, j.err())
  const { totals, changes } = JSON.parse(j.out())
  t.strictSame(totals, {
    n: 6,
    judged: 3,
    unchanged: 0,
    changed: 3,
    skipped: { noText: 1, unknownHook: 1, guard: 0, toolCall: 0, invalid: 1 },
    transitions: { 'block → allow': 2, 'allow → block': 1 }
  })
  t.strictSame(changes.map((c: any) => [c.hook, c.before, c.after, c.afterSource, c.reason, c.text]), [
    ['commit', 'block', 'allow', 'skip', 'Layer 1: a skip pattern matched', "I'll push to main now."],
    ['commit', 'allow', 'block', 'judge', 'proposal without evidence', 'Renamed the helper.'],
    ['commit', 'block', 'allow', 'judge', 'nothing new proposed', "I'll commit the rename now."]
  ])
  t.match(changes[0], { beforeSource: 'judge', sessionId: 'sess-1', where: `${file}:1` })

  // The same through the directory, people-readable.
  const p = capture(env)
  t.equal(await replayCommand([dir, '--config', config], p.io), 0)
  const out = p.out()
  t.match(out, /^replay of 1 file\(s\): 6 lines, 3 re-judged, 3 changed, 3 skipped \(no text logged 1, hook not configured 1, not a decision record 1\)\n/)
  t.match(out, /commit\s+allow → block\s+judge\s+proposal without evidence\s+"Renamed the helper\."/)
  t.match(out, /by transition: block → allow 2 · allow → block 1\n$/)

  // Unchanged config: nothing changes.
  const same = join(root, 'same.yaml')
  blockWhen = /commit|push/
  writeFileSync(same, `backends:\n  anthropic: { baseUrl: "${api.url}" }\n`)
  const s = capture(env)
  t.equal(await replayCommand([file, '--config', same], s.io), 0)
  t.match(s.out(), /6 lines, 3 re-judged, 0 changed/)
  t.notMatch(s.out(), /by transition/)
})

t.test('guard decisions and tool calls are not re-judged; errors and usage', async t => {
  const dir = tempDir(t)
  const log = join(dir, 'd.jsonl')
  writeFileSync(log, [
    { ts: 't', hook: 'commit', decision: 'allow', source: 'guard', text: "I'll push now." },
    { ts: 't', hook: 'commit', event: 'PreToolUse', decision: 'deny', source: 'judge', text: 'git push --force' },
    { ts: 't', hook: 'bash-gate', decision: 'allow', source: 'layer1', text: 'rm -rf /' }
  ].map(r => JSON.stringify(r)).join('\n') + '\n')
  const config = join(dir, 'tool.yaml')
  writeFileSync(config, [
    'hooks:',
    '  bash-gate:',
    '    event: PreToolUse',
    "    trigger: ['rm']",
    '    fields: [dangerous]',
    '    blockWhen: { all: [dangerous] }',
    '    prompt: Is it dangerous?',
    '    feedback: No.',
    ''
  ].join('\n'))
  const c = capture()
  t.equal(await replayCommand([log, '--config', config, '--json'], c.io), 0, 'nothing to judge needs no backend')
  t.match(JSON.parse(c.out()).totals, { n: 3, judged: 0, skipped: { guard: 1, toolCall: 2 } })

  writeFileSync(log, JSON.stringify({ ts: 't', hook: 'commit', decision: 'allow', source: 'layer1', text: "I'll push now." }) + '\n')
  const k = capture()
  t.equal(await replayCommand([log, '--config', '/dev/null'], k.io), 1)
  t.match(k.err(), /cannot re-judge:\n {2}hook commit: [^\n]*backend/)
  const m = capture()
  t.equal(await replayCommand([join(dir, 'missing.jsonl'), '--config', '/dev/null'], m.io), 1)
  t.match(m.err(), /cannot read .*missing\.jsonl \(ENOENT\)/)
  await t.rejects(replayCommand(['--config', '/dev/null'], capture().io), /needs at least one decision LOG/)
})

t.test('evidence hooks replay on the facts they logged (the transcript is gone by then)', async t => {
  const api = await startFakeJudgeApi({ text: JSON.stringify({ retraction_or_quote: false, reason: 'a claim' }) })
  t.teardown(() => api.close())
  const root = tempDir(t)
  const file = join(root, 'decisions-2026-11-29.jsonl')
  const rec = (facts: Record<string, boolean>, decision: string) => JSON.stringify({ ts: '2026-11-29T10:00:00.000Z', hook: 'unverified-claim', agent: 'claude-code', event: 'Stop', sessionId: 's', decision, source: 'layer1', text: 'All tests pass, ready to merge.', facts })
  writeFileSync(file, [
    rec({ claim: true, verification_ran: true, verification_passed: true, edited_after_verification: false }, 'allow'),
    rec({ claim: true, verification_ran: false, verification_passed: false, edited_after_verification: false }, 'block')
  ].join('\n') + '\n')
  const config = join(root, 'c.yaml')
  writeFileSync(config, `judge: { backends: [anthropic] }\nbackends:\n  anthropic: { baseUrl: "${api.url}" }\n`)
  const j = capture({ ANTHROPIC_API_KEY: 'k' })
  t.equal(await replayCommand([file, '--config', config, '--json'], j.io), 0, j.err())
  const { totals } = JSON.parse(j.out())
  t.match(totals, { n: 2, judged: 2, unchanged: 2, changed: 0 }, 'the logged facts decide as they did: a passing run allows, no run blocks')
})
