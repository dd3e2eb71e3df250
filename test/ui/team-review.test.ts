// The review page in team mode: each person sees and labels their own decisions; a person whose line of
// server.tokensFile grants review sees everyone's; every label records who gave it.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { build, tempDir, testConfig } from '../helper.js'
import { record, seed } from './seed.js'

const ALICE = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)
const RITA = 'r9'.repeat(16)

async function teamPage (t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t)
  const tokens = join(tempDir(t), 'tokens')
  writeFileSync(tokens, `alice ${ALICE}\nbob ${BOB}\nrita ${RITA} review\n`, { mode: 0o600 })
  const { app } = await build(t, testConfig({ decisionLog: { enabled: true, dir }, server: { tokensFile: tokens } }))
  const now = Date.now()
  const at = (s: number) => new Date(now - s * 1000).toISOString()
  seed(dir, [
    record({ ts: at(30), text: 'Alice: I will push to main now.', sessionId: 'a-s', user: 'alice', turn: 'ta' }),
    record({ ts: at(20), text: 'Bob: I will push to main now.', sessionId: 'b-s', user: 'bob', turn: 'tb' }),
    record({ ts: at(10), text: 'Bob again: pushing now.', sessionId: 'b-s', user: 'bob', turn: 'tb2' })
  ])
  const as = (token: string) => ({ authorization: `Bearer ${token}` })
  // Each person's page carries a CSRF token of their own (derived from their bearer token).
  const csrfOf = async (token: string) => /name="hookjudge-csrf" content="([0-9a-f]+)"/.exec((await app.inject({ url: '/ui', headers: as(token) })).body)![1]!
  const get = (token: string, url: string) => app.inject({ url, headers: as(token) })
  const label = async (token: string, id: string, given: string) =>
    await app.inject({ method: 'POST', url: '/ui/api/labels', headers: { ...as(token), 'x-hookjudge-csrf': await csrfOf(token) }, body: JSON.stringify({ id, label: given }) })
  const texts = async (token: string, q = '') => (await get(token, `/ui/api/decisions?limit=50${q}`)).json().items.map((i: any) => i.record.text)
  const ids: Record<string, string> = Object.fromEntries((await get(RITA, '/ui/api/decisions')).json().items.map((i: any) => [i.record.user + (i.record.text.includes('again') ? '2' : ''), i.id]))
  return { app, dir, get, label, texts, ids, csrfOf, as }
}

t.test('each person sees their own decisions; a reviewer sees all, and may filter by person', async t => {
  const p = await teamPage(t)
  t.strictSame(await p.texts(ALICE), ['Alice: I will push to main now.'])
  t.strictSame(await p.texts(ALICE, '&user=bob'), ['Alice: I will push to main now.'], 'a user filter cannot widen what Alice sees')
  t.strictSame(await p.texts(BOB), ['Bob again: pushing now.', 'Bob: I will push to main now.'])
  t.equal((await p.texts(RITA)).length, 3)
  t.strictSame(await p.texts(RITA, '&user=alice'), ['Alice: I will push to main now.'])
  t.equal((await p.get(ALICE, `/ui/api/turn?id=${p.ids.bob}`)).statusCode, 404, 'another person\'s turn does not exist for Alice')
  t.equal((await p.get(ALICE, `/ui/api/turn?id=${p.ids.alice}`)).statusCode, 200)
  const hours = async (token: string) => (await p.get(token, '/ui/api/hourly?hours=2')).json().hooks.commit?.total.reduce((a: number, b: number) => a + b, 0) ?? 0
  t.equal(await hours(ALICE), 1, 'the charts count Alice\'s decisions only')
  t.equal(await hours(RITA), 3)
})

t.test('labels: only on decisions one may see, each with who gave it', async t => {
  const p = await teamPage(t)
  const stolen = await p.label(ALICE, p.ids.bob!, 'allow')
  t.equal(stolen.statusCode, 404, 'Alice cannot label Bob\'s decision')
  t.equal((await p.label(ALICE, p.ids.alice!, 'allow')).statusCode, 200)
  t.equal((await p.label(RITA, p.ids.bob!, 'block')).statusCode, 200, 'a reviewer labels anyone\'s')
  const rows = readFileSync(join(p.dir, 'labels.jsonl'), 'utf8').trim().split('\n').map(l => JSON.parse(l))
  t.match(rows, [{ decisionId: p.ids.alice, user: 'alice', by: 'alice', label: 'allow' }, { decisionId: p.ids.bob, user: 'bob', by: 'rita', label: 'block' }])
  t.equal(rows.length, 2, 'the refused label wrote nothing')
  t.equal((await p.get(ALICE, '/ui/api/labels')).json().count, 1, 'Alice counts the labels on her own decisions')
  t.equal((await p.get(BOB, '/ui/api/labels')).json().count, 1, 'Bob sees the label Rita gave his decision')
  t.equal((await p.get(RITA, '/ui/api/labels')).json().count, 2)
})

t.test('a page\'s CSRF token is its person\'s: Bob cannot post with the one Alice\'s page carries', async t => {
  const p = await teamPage(t)
  t.not(await p.csrfOf(ALICE), await p.csrfOf(BOB))
  const res = await p.app.inject({ method: 'POST', url: '/ui/api/labels', headers: { ...p.as(BOB), 'x-hookjudge-csrf': await p.csrfOf(ALICE) }, body: JSON.stringify({ id: p.ids.bob, label: 'allow' }) })
  t.equal(res.statusCode, 403)
  t.equal((await p.label(BOB, p.ids.bob!, 'allow')).statusCode, 200, 'with his own page\'s token it is taken')
})
