// GET /ui and its read API through inject: page headers, assets, filters, paging, charts, one turn.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { AppDeps } from '../../server/app.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { build, tempDir, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { record, seed, series } from './seed.js'

async function app (t: Parameters<typeof tempDir>[0], over: Record<string, unknown> = {}, deps: AppDeps = {}) {
  const dir = tempDir(t)
  const built = await build(t, testConfig({ decisionLog: { enabled: true, dir }, ...over }), deps)
  return { ...built, dir }
}

t.test('the page: HTML with a CSRF token, a strict CSP, only its own assets', async t => {
  const { app: a } = await app(t)
  const page = await a.inject({ url: '/ui' })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-type'], /^text\/html/)
  t.match(page.body, /<meta name="hookjudge-csrf" content="[0-9a-f]{64}">/)
  const csp = String(page.headers['content-security-policy'])
  t.match(csp, /default-src 'none'/)
  t.match(csp, /script-src 'self';/)
  t.notMatch(csp, /unsafe-inline|unsafe-eval|https?:/, 'no inline code, no other origin')
  t.equal(page.headers['x-content-type-options'], 'nosniff')
  t.equal(page.headers['x-frame-options'], 'DENY')
  t.notMatch(page.body, /(src|href)="(https?:)?\/\//, 'no external asset in the page')
  for (const [name, type] of [['app.js', /javascript/], ['style.css', /text\/css/], ['icon.svg', /svg/]] as const) {
    const res = await a.inject({ url: `/ui/assets/${name}` })
    t.equal(res.statusCode, 200, name)
    t.match(res.headers['content-type'], type, name)
    t.match(res.headers['content-security-policy'], /default-src 'none'/)
    t.notMatch(res.body, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/, `${name} never parses strings as HTML or code`)
  }
  t.equal((await a.inject({ url: '/ui/assets/nope.js' })).statusCode, 404)
  t.equal((await a.inject({ url: '/ui/assets/..%2Fpage-guard.ts' })).statusCode, 404, 'only the shipped files by name')
  const again = await a.inject({ url: '/ui' })
  t.equal(/content="([0-9a-f]+)"/.exec(again.body)?.[1], /content="([0-9a-f]+)"/.exec(page.body)?.[1], 'one token per start')
  const slash = await a.inject({ url: '/ui/?user=alice&hook=commit' })
  t.match({ status: slash.statusCode, location: slash.headers.location }, { status: 302, location: '/ui?user=alice&hook=commit' }, '/ui/ goes to the page, filters kept')
  t.equal((await a.inject({ url: '/ui/' })).headers.location, '/ui')
})

t.test('decisions: newest first, paged across day files without loss or repeats', async t => {
  const { app: a, dir } = await app(t)
  seed(dir, [...series(25, '2026-11-30'), ...series(30, '2026-12-01')])
  const seen: string[] = []
  let next: string | null = null
  let pages = 0
  do {
    const res: { statusCode: number, json: () => any } = await a.inject({ url: `/ui/api/decisions?limit=20${next ? `&before=${next}` : ''}` })
    t.equal(res.statusCode, 200)
    const body: { items: any[], next: string | null } = res.json()
    seen.push(...body.items.map((i: any) => i.record.ts))
    next = body.next
    pages++
  } while (next !== null && pages < 10)
  t.equal(seen.length, 55, 'every record once')
  t.equal(new Set(seen).size, 55)
  t.strictSame(seen, [...seen].sort().reverse(), 'newest first')
  t.equal(pages, 3)
})

t.test('decisions: filters by hook, decision, source, session and time', async t => {
  const { app: a, dir } = await app(t)
  const all = series(40)
  seed(dir, all)
  const get = async (q: string) => (await a.inject({ url: `/ui/api/decisions?limit=200&${q}` })).json().items.map((i: any) => i.record)
  t.ok((await get('hook=scope-check')).every((r: any) => r.hook === 'scope-check'))
  t.equal((await get('hook=scope-check')).length, 20)
  t.equal((await get('decision=block')).length, all.filter(r => r.decision === 'block').length)
  t.equal((await get('decision=would-block')).length, 0, 'no shadow hook in the seed')
  t.equal((await get('source=fallback')).length, 10)
  t.equal((await get('session=sess-3')).length, 8)
  const window = await get('since=2026-12-01T08:10:00Z&until=2026-12-01T08:20:00Z')
  t.equal(window.length, 10, 'since inclusive, until exclusive')
  t.equal((await get('hook=commit&source=judge&session=sess-0')).length, all.filter(r => r.hook === 'commit' && r.source === 'judge' && r.sessionId === 'sess-0').length)
  for (const bad of ['since=yesterday', 'limit=0', 'limit=1000', 'before=../../etc']) {
    const res = await a.inject({ url: `/ui/api/decisions?${bad}` })
    t.equal(res.statusCode, 400, bad)
    t.type(res.json().error, 'string')
  }
})

t.test('no decision log yet: an empty timeline, empty charts', async t => {
  const { app: a } = await app(t)
  t.strictSame((await a.inject({ url: '/ui/api/decisions' })).json(), { items: [], next: null, labels: {} })
  t.strictSame((await a.inject({ url: '/ui/api/hourly?hours=6' })).json().hooks, {})
})

t.test('hourly: blocks, fallbacks, Layer-1 hits and judge latency per hook', async t => {
  // Just after midnight on the daemon's clock: the last two hours span two day files.
  const clock = testClock({ start: Date.parse('2026-05-02T00:03:00Z') })
  const { app: a, dir } = await app(t, {}, { clock })
  const ago = (m: number) => new Date(clock.now() - m * 60_000).toISOString()
  seed(dir, [
    record({ ts: ago(180), decision: 'block', source: 'judge', ms: 100 }), // before the two hours asked for
    record({ ts: ago(5), decision: 'block', source: 'judge', ms: 100 }),
    record({ ts: ago(4), decision: 'allow', wouldBlock: false, source: 'layer1', ms: 1 }),
    record({ ts: ago(3), decision: 'allow', wouldBlock: false, source: 'fallback', ms: 8000 }),
    record({ ts: ago(2), decision: 'allow', wouldBlock: true, source: 'shadow', hook: 'scope-check', ms: 300 }),
    record({ ts: ago(1), decision: 'block', source: 'judge', ms: 300 })
  ].sort((x, y) => x.ts.localeCompare(y.ts)))
  const res = await a.inject({ url: '/ui/api/hourly?hours=2' })
  t.equal(res.statusCode, 200)
  const { hooks, hours } = res.json()
  t.equal(hours, 2)
  const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0)
  t.equal(sum(hooks.commit.total), 4)
  t.equal(sum(hooks.commit.blocks), 2)
  t.equal(sum(hooks.commit.fallbacks), 1)
  t.equal(sum(hooks.commit.hits), 3, 'judge, judge and fallback went on to Layer 2')
  t.equal(sum(hooks['scope-check'].wouldBlocks), 1)
  t.ok(hooks.commit.judgeMsP95.some((v: number | null) => v === 300), 'p95 of the judge calls')
  t.equal((await a.inject({ url: '/ui/api/hourly?hours=999' })).statusCode, 400)
})

t.test('one turn: the records sharing its turn key, else the same session within 2 s', async t => {
  const { app: a, dir } = await app(t)
  seed(dir, [
    record({ ts: '2026-12-01T10:00:00.000Z', hook: 'commit', turn: 'T1' }),
    record({ ts: '2026-12-01T10:00:00.100Z', hook: 'scope-check', turn: 'T1' }),
    record({ ts: '2026-12-01T10:00:00.200Z', hook: 'commit', turn: 'T2' }),
    record({ ts: '2026-12-01T11:00:00.000Z', hook: 'commit', sessionId: 'old' }),
    record({ ts: '2026-12-01T11:00:01.000Z', hook: 'scope-check', sessionId: 'old' }),
    record({ ts: '2026-12-01T11:00:09.000Z', hook: 'unverified-claim', sessionId: 'old' })
  ])
  const items = (await a.inject({ url: '/ui/api/decisions?limit=10' })).json().items
  const idOf = (ts: string) => items.find((i: any) => i.record.ts === ts).id
  const turn = (await a.inject({ url: `/ui/api/turn?id=${idOf('2026-12-01T10:00:00.100Z')}` })).json()
  t.match(turn, { by: 'turn', turn: 'T1' })
  t.strictSame(turn.items.map((i: any) => i.record.hook), ['commit', 'scope-check'], 'in the order the hooks ran')
  const old = (await a.inject({ url: `/ui/api/turn?id=${idOf('2026-12-01T11:00:00.000Z')}` })).json()
  t.match(old, { by: 'session-time', turn: null })
  t.strictSame(old.items.map((i: any) => i.record.hook), ['commit', 'scope-check'])
  t.equal((await a.inject({ url: '/ui/api/turn?id=2026-12-01:5' })).statusCode, 404, 'an id inside a line names nothing')
})

t.test('docs/review-page.md lists every route of the page\'s API, with its methods', async t => {
  const { app: a } = await app(t)
  await a.ready()
  const doc = readFileSync(join(PACKAGE_ROOT, 'docs', 'review-page.md'), 'utf8')
  // printRoutes' tree under /ui: "├── /api/labels (GET, HEAD, POST)", or "api/labels" under "/ui/".
  const routes = [...a.printRoutes({ commonPrefix: false }).matchAll(/(?:^|[\s/])api\/([\w-]+) \(([A-Z, ]+)\)/gm)]
  t.ok(routes.length >= 6, `the API's routes found (${routes.length})`)
  for (const [, name, methods] of routes) {
    for (const m of methods!.split(', ').filter(m => m !== 'HEAD')) t.ok(doc.includes(`\`${m} /ui/api/${name}`), `${m} /ui/api/${name} is documented`)
  }
})
