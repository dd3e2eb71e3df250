// server.tokensFile: one "name token" line per person, private like server.tokenFile; the name reaches records and logs --user.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { printLogs } from '../../server/commands/logs.js'
import { loadTokens, personOf, readTokens } from '../../server/guards/tokens.js'
import { ConfigError } from '../../server/core/errors.js'
import { capture } from '../helpers/ops.js'
import { tempDir } from '../helper.js'

const ALICE = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)

function file (t: Parameters<typeof tempDir>[0], content: string, mode = 0o600) {
  const f = join(tempDir(t), 'tokens')
  writeFileSync(f, content)
  chmodSync(f, mode)
  return f
}
const problems = (r: ReturnType<typeof loadTokens>) => 'problems' in r ? r.problems.map(p => `${p.path}: ${p.expected} (got ${p.got})`) : []

t.test('a valid file: comments and blank lines skipped, each token names its person', async t => {
  const f = file(t, `# the team\nalice ${ALICE}\n\n  bob\t${BOB}  \r\n`)
  const people = readTokens({ server: { tokensFile: f } as any })!
  t.same(people.map(p => p.name), ['alice', 'bob'])
  t.equal(personOf(`Bearer ${ALICE}`, people)?.name, 'alice')
  t.equal(personOf(`bearer ${BOB}`, people)?.name, 'bob')
  for (const h of [undefined, '', `Bearer ${ALICE}x`, `Basic ${ALICE}`, `Bearer ${ALICE.slice(1)}`, 'Bearer alice']) t.equal(personOf(h, people), null, String(h))
  t.equal(readTokens({ server: {} as any }), undefined, 'none configured')
})

t.test('a third word "review" grants the review of everyone\'s decisions; nothing else is a grant', async t => {
  const people = readTokens({ server: { tokensFile: file(t, `alice ${ALICE}\nrita ${BOB} review\n`) } as any })!
  t.strictSame(people.map(p => [p.name, p.review]), [['alice', false], ['rita', true]])
  t.match(problems(loadTokens(file(t, `alice ${ALICE} admin\n`))), [/line 1: no third word, or "review"/])
  t.match(problems(loadTokens(file(t, `alice ${ALICE} review more\n`))), [/line 1: "name token" or "name token review" \(got 4 words\)/])
})

t.test('every bad line is named by number, and no token appears in a message', async t => {
  const bad = problems(loadTokens(file(t, [`alice ${ALICE}`, 'bob', `carol ${BOB} extra`, `"dave" ${'d'.repeat(32)}`, 'erin short', `alice ${'e'.repeat(32)}`, `frank ${ALICE}`].join('\n'))))
  t.match(bad, [
    /^server\.tokensFile line 2: "name token" or "name token review" \(got 1 word\)/,
    /^server\.tokensFile line 3: no third word, or "review" \(sees everyone's decisions\) \(got extra\)/,
    /^server\.tokensFile line 4: a name of letters/,
    /^server\.tokensFile line 5: a token of 16 to 512 .* for erin/,
    /^server\.tokensFile line 6: one line per person \(alice appears twice\)/,
    /^server\.tokensFile line 7: a token of frank's own/
  ])
  t.notMatch(bad.join('\n'), new RegExp(`${ALICE}|short|${BOB}`))
  t.match(problems(loadTokens(file(t, '# nobody yet\n'))), [/at least one "name token" line/])
  t.match(problems(loadTokens(file(t, `alice ${ALICE}\n`, 0o644))), [/^server\.tokensFile: a token file only its owner can read \(chmod 600 .*\) \(got mode 644\)/])
  t.match(problems(loadTokens('/nonexistent/tokens')), [/ENOENT/])
  t.throws(() => readTokens({ server: { tokensFile: file(t, 'x') } as any }), ConfigError)
})

t.test('logs --user shows one person\'s decisions, with the name on each line', async t => {
  const dir = tempDir(t)
  mkdirSync(dir, { recursive: true })
  const rec = (user: string | undefined, reason: string) => JSON.stringify({
    ts: '2026-12-01T10:00:00.000Z',
    hook: 'commit',
    agent: 'claude-code',
    event: 'Stop',
    sessionId: 's',
    decision: 'block',
    source: 'judge',
    wouldBlock: true,
    fields: null,
    reason,
    backend: null,
    model: null,
    ms: 3,
    textSha256: 'x',
    textBytes: 1,
    redactions: {},
    promptVersion: 'p',
    ...(user ? { user } : {})
  })
  writeFileSync(join(dir, 'decisions-2026-12-01.jsonl'), [rec('alice', 'alice-push'), rec('bob', 'bob-push'), rec(undefined, 'nobody')].join('\n') + '\n')
  const out = capture({})
  await printLogs({ dir, user: 'alice', follow: false }, out.io)
  t.match(out.out(), /alice {2}alice-push/)
  t.notMatch(out.out(), /bob-push|nobody/)
  const all = capture({})
  await printLogs({ dir, follow: false }, all.io)
  t.equal(all.out().trim().split('\n').length, 3)
})

t.test('a shared daemon: each person\'s token lets them in; deleting a line and reloading revokes it', async t => {
  const { build, testConfig } = await import('../helper.js')
  const f = file(t, `alice ${ALICE}\nbob ${BOB}\n`)
  const { app, reload } = await build(t, testConfig({ server: { host: '0.0.0.0', tokensFile: f } }))
  const ready = (token?: string) => app.inject({ url: '/readyz', headers: token ? { authorization: `Bearer ${token}` } : {} })
  t.equal((await ready(ALICE)).statusCode, 200)
  t.equal((await ready(BOB)).statusCode, 200)
  t.equal((await ready()).statusCode, 401)
  t.equal((await ready('x'.repeat(32))).statusCode, 401)
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, '/healthz stays open')
  writeFileSync(f, `alice ${ALICE}\n`)
  t.equal((await ready(BOB)).statusCode, 200, 'the file alone changes nothing until a reload')
  const revoked = reload()
  t.match(revoked, { ok: true })
  t.ok('changes' in revoked && revoked.changes.includes(`server.tokensFile ${f}: 1 person now`), 'the reload says the people changed (never a token)')
  t.notMatch(JSON.stringify(revoked), new RegExp(ALICE))
  const again = reload()
  t.notOk('changes' in again && again.changes.some((c: string) => c.startsWith('server.tokensFile')), 'an unchanged file is no change')
  t.equal((await ready(BOB)).statusCode, 401, 'revoked')
  t.equal((await ready(ALICE)).statusCode, 200)
  writeFileSync(f, 'broken line here\n')
  t.match(reload(), { ok: true, changes: [/server\.tokensFile refused: the previous tokens stay/] })
  t.equal((await ready(ALICE)).statusCode, 200, 'a broken file keeps the previous tokens')
  t.match((await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${ALICE}` } })).body, /hookjudge_bad_requests_total\{reason="unauthorized"\} 3/, 'no token, a wrong one, a revoked one')
})

t.test('the person\'s name goes into the decision record, never into a metric label', async t => {
  const { build, claudeStop, testConfig } = await import('../helper.js')
  const records: Array<Record<string, unknown>> = []
  const f = file(t, `alice ${ALICE}\nbob ${BOB}\n`)
  const { app, settled } = await build(t, testConfig({ server: { tokensFile: f } }), { decisionLog: { write: rs => { records.push(...rs as any[]) }, close: async () => {} } })
  const res = await app.inject({ method: 'POST', url: '/judge/commit', headers: { authorization: `Bearer ${BOB}` }, payload: JSON.stringify(claudeStop('Renamed a helper.')) })
  t.equal(res.statusCode, 200)
  await settled() // the record is written just after the answer
  t.match(records, [{ hook: 'commit', user: 'bob' }])
  const metrics = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${ALICE}` } })).body
  t.notMatch(metrics, /bob|alice/, 'no metric names a person')
})
