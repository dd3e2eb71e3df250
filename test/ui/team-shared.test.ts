// Team review across replicas: each replica logs to its own folder and to the team's stream in one real Redis, so the
// review page on any replica shows (and labels) every replica's decisions, filtered by person as on one daemon.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { labelsCommand } from '../../server/commands/labels.js'
import { logsCommand } from '../../server/commands/logs.js'
import { claudeStop, tempDir } from '../helper.js'
import { capture } from '../helpers/ops.js'
import { readyzSays, type Team, team } from '../helpers/team-replicas.js'

const ALICE = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)
const RITA = 'r9'.repeat(16)
const as = (token: string) => ({ authorization: `Bearer ${token}` })

/** Asks until the answer passes, within a bound: records reach the stream after the hook's answer has gone. */
async function eventually<T> (ask: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 10_000
  for (;;) {
    const v = await ask()
    if (ok(v) || Date.now() > end) return v
    await new Promise(resolve => setImmediate(resolve))
  }
}

async function twoReplicas (t: Parameters<typeof tempDir>[0]): Promise<{ tm: Team, dirs: string[] }> {
  const tokens = join(tempDir(t), 'tokens')
  writeFileSync(tokens, `alice ${ALICE}\nbob ${BOB}\nrita ${RITA} review\n`, { mode: 0o600 })
  const dirs = [tempDir(t), tempDir(t)]
  const tm = await team(t, { overrides: { server: { tokensFile: tokens } }, decisionDirs: dirs, headers: as(RITA) })
  await Promise.all([readyzSays(tm, 0, 'ready'), readyzSays(tm, 1, 'ready')])
  t.equal((await tm.post(0, 'commit', claudeStop('Alice: I will commit and push to main now.', { session_id: 'a-s' }), as(ALICE))).decision, 'block')
  t.equal((await tm.post(1, 'commit', claudeStop('Bob: I will commit and push to main now.', { session_id: 'b-s' }), as(BOB))).decision, 'block')
  return { tm, dirs }
}

const texts = (body: any): string[] => (body?.items ?? []).map((i: any) => String(i.record.text)).sort()

t.test('the page on either replica shows both replicas\' decisions; each person only theirs', async t => {
  const { tm, dirs } = await twoReplicas(t)
  const page = (replica: number, token: string) => tm.get(replica, '/ui/api/decisions?hook=commit', as(token))
  const all = await eventually(() => page(0, RITA), r => r.body?.items?.length === 2)
  t.strictSame(texts(all.body), ['Alice: I will commit and push to main now.', 'Bob: I will commit and push to main now.'], 'a reviewer on replica 0 sees both')
  t.strictSame(texts((await page(1, RITA)).body), texts(all.body), 'and on replica 1 the same')
  t.strictSame(texts((await page(0, BOB)).body), ['Bob: I will commit and push to main now.'], 'Bob, on the replica that did not judge him, sees his own')
  t.strictSame(texts((await page(1, ALICE)).body), ['Alice: I will commit and push to main now.'])
  t.match((await tm.get(1, '/ui/api/meta', as(ALICE))).body, { decisionLog: { where: 'team' } })
  // Each replica still keeps its own files: the team's stream is a second copy, not the only one.
  t.match(readFileSync(join(dirs[0]!, `decisions-${new Date().toISOString().slice(0, 10)}.jsonl`), 'utf8'), /Alice: I will commit/)
})

t.test('a turn opened and labelled through one replica is the team\'s: the other shows the label', async t => {
  const { tm } = await twoReplicas(t)
  const mine = await eventually(() => tm.get(1, '/ui/api/decisions?hook=commit', as(ALICE)), r => r.body?.items?.length === 1)
  const id = String(mine.body.items[0].id)
  t.match(id, /^\d+-\d+$/, 'ids are the team stream\'s')
  t.match((await tm.get(0, `/ui/api/turn?id=${id}`, as(ALICE))).body, { items: [{ id }] })
  t.equal((await tm.get(0, `/ui/api/turn?id=${id}`, as(BOB))).status, 404, 'Bob cannot open Alice\'s turn')
  const csrf = /name="hookjudge-csrf" content="([0-9a-f]+)"/.exec((await tm.get(1, '/ui', as(ALICE))).text)![1]!
  // The page came from replica 1; its label goes to replica 0 (a round-robin proxy does that).
  const res = await fetch(`${tm.urls[0]}/ui/api/labels`, { method: 'POST', headers: { ...as(ALICE), 'x-hookjudge-csrf': csrf, 'content-type': 'application/json' }, body: JSON.stringify({ id, label: 'allow' }) })
  t.equal(res.status, 200)
  t.match((await tm.get(1, '/ui/api/decisions?hook=commit', as(ALICE))).body, { labels: { [id]: 'allow' } }, 'replica 1 shows the label given through replica 0')
  t.match((await tm.get(1, '/ui/api/labels', as(RITA))).body, { count: 1 })
  t.match((await tm.get(1, '/ui/api/labels', as(BOB))).body, { count: 0 }, 'Bob does not see Alice\'s label')
})

t.test('Redis gone: the page says the team\'s log is unreachable (503), the hooks still answer', async t => {
  const { tm } = await twoReplicas(t)
  await tm.redis.stop()
  const res = await tm.get(0, '/ui/api/decisions', as(RITA))
  t.equal(res.status, 503)
  t.match(res.body, { error: /team's decision log \(Redis\) did not answer/ })
  t.equal((await tm.post(0, 'commit', claudeStop('I will push to main now.', { session_id: 'a-s2' }), as(ALICE))).status, 200)
})

t.test('logs and labels on a team host read the team\'s log; --local this host\'s files; Redis away is an error', async t => {
  const { tm } = await twoReplicas(t)
  await eventually(() => tm.get(0, '/ui/api/decisions?hook=commit'), r => r.body?.items?.length === 2)
  const dir = tempDir(t)
  const cli = join(dir, 'cli.yaml')
  writeFileSync(cli, `decisionLog: { dir: "${join(dir, 'own')}" }\nstate: { redis: { url: "${tm.redis.url}" } }\n`)
  const run = async (verb: typeof logsCommand, args: string[]) => {
    const c = capture({ HOME: dir })
    return { code: await verb(args, c.io), out: c.out(), err: c.err() }
  }
  const logs = await run(logsCommand, ['--config', cli, '--hook', 'commit', '--json'])
  t.equal(logs.code, 0)
  t.strictSame(logs.out.trim().split('\n').map(l => JSON.parse(l).user).sort(), ['alice', 'bob'], 'both replicas\' decisions, oldest first')
  const bob = await run(logsCommand, ['--config', cli, '--user', 'bob'])
  t.match(bob.out, /commit\s+block .* bob /)
  t.notMatch(bob.out, /alice/)
  t.match((await run(logsCommand, ['--config', cli, '--local'])).err, `no decisions in ${join(dir, 'own')}`)
  t.match((await run(labelsCommand, ['export', '--config', cli])).err, /no labels in the team's decision log \(Redis 127\.0\.0\.1:\d+\) yet/)
  // A Redis with a password (passwordEnv) read from a shell that lacks it: the missing password is named.
  const locked = join(dir, 'locked.yaml')
  writeFileSync(locked, `decisionLog: { dir: "${join(dir, 'own')}" }\nstate: { redis: { url: "${tm.redis.url}", passwordEnv: TEAM_REDIS_PASSWORD } }\n`)
  const nopass = await run(logsCommand, ['--config', locked])
  t.equal(nopass.code, 1)
  t.match(nopass.err, /needs the password in \$TEAM_REDIS_PASSWORD \(state\.redis\.passwordEnv\), which this shell does not set/)
  await tm.redis.stop()
  const away = await run(logsCommand, ['--config', cli])
  t.equal(away.code, 1)
  t.match(away.err, /cannot reach the team's decision log at 127\.0\.0\.1:\d+.*--local reads this host's own files/)
})

t.test('a browser signed in through one replica is signed in on the other (the cookie is the person\'s, not the replica\'s)', async t => {
  const { tm } = await twoReplicas(t)
  const browser = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }
  const res = await fetch(`${tm.urls[0]}/ui/sign-in`, { method: 'POST', headers: { ...browser, 'content-type': 'application/json' }, body: JSON.stringify({ token: BOB }) })
  t.equal(res.status, 200)
  const cookie = String(res.headers.get('set-cookie')).split(';')[0]!
  const page = await eventually(() => tm.get(1, '/ui/api/decisions?hook=commit', { ...browser, authorization: '', cookie }), r => r.body?.items?.length === 1)
  t.strictSame(texts(page.body), ['Bob: I will commit and push to main now.'], 'replica 1 knows Bob by the cookie replica 0 gave')
})
