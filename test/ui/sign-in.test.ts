// Signing in to the review page from a browser tab, which cannot send a bearer token: the token once, on a form, for
// a one-hour cookie that only the page takes, tied to the person (their CSRF token, their decisions, their revocation).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { build, tempDir, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { record, seed } from './seed.js'

const ALICE = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)
const HOST = { host: '127.0.0.1:5834' }
// What a browser sends on the page's own fetches (same origin).
const BROWSER = { ...HOST, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }

async function teamDaemon (t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t)
  const tokens = join(tempDir(t), 'tokens')
  writeFileSync(tokens, `alice ${ALICE}\nbob ${BOB}\n`, { mode: 0o600 })
  const clock = testClock({ start: Date.now() })
  const { app, reload } = await build(t, testConfig({ decisionLog: { enabled: true, dir }, server: { tokensFile: tokens } }), { clock })
  seed(dir, [
    record({ ts: new Date(Date.now() - 20_000).toISOString(), text: 'Alice: I will push now.', user: 'alice', turn: 'ta' }),
    record({ ts: new Date(Date.now() - 10_000).toISOString(), text: 'Bob: I will push now.', user: 'bob', turn: 'tb' })
  ])
  const signIn = (token: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/ui/sign-in', headers: { ...BROWSER, origin: 'http://127.0.0.1:5834', 'content-type': 'application/json', ...headers }, body: JSON.stringify({ token }) })
  const cookieOf = async (token: string) => String((await signIn(token)).headers['set-cookie']).split(';')[0]!
  return { app, reload, clock, tokens, signIn, cookieOf }
}

t.test('a browser without a session is sent to the form; the form and its files need no token', async t => {
  const d = await teamDaemon(t)
  const page = await d.app.inject({ url: '/ui', headers: { ...HOST, 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' } })
  t.equal(page.statusCode, 303)
  t.equal(page.headers.location, '/ui/sign-in')
  const form = await d.app.inject({ url: '/ui/sign-in', headers: BROWSER })
  t.equal(form.statusCode, 200)
  t.match(form.body, /<form id="sign-in">[\s\S]*type="password"/)
  t.match(form.headers['content-security-policy'], /default-src 'none'/, 'the page\'s strict headers apply to the form too')
  t.equal((await d.app.inject({ url: '/ui/assets/sign-in.js', headers: BROWSER })).statusCode, 200)
  t.equal((await d.app.inject({ url: '/ui/assets/app.js', headers: BROWSER })).statusCode, 401, 'the page itself still needs a session')
  const cookie = await d.cookieOf(ALICE)
  t.equal((await d.app.inject({ url: '/ui/assets/sign-in.html', headers: { ...BROWSER, cookie } })).statusCode, 404, 'html is served only at its route')
})

t.test('the right token gets an HttpOnly, SameSite=Strict cookie for /ui; a wrong one 401; https makes it Secure', async t => {
  const d = await teamDaemon(t)
  t.equal((await d.signIn('x'.repeat(32))).statusCode, 401)
  t.equal((await d.app.inject({ method: 'POST', url: '/ui/sign-in', headers: BROWSER, body: 'not json' })).statusCode, 400)
  const ok = await d.signIn(ALICE)
  t.equal(ok.statusCode, 200)
  t.match(ok.json(), { signedIn: true, name: 'alice' })
  const set = String(ok.headers['set-cookie'])
  t.match(set, /^hookjudge_ui=alice\.\d+\.[\w-]{43}; Path=\/ui; Max-Age=3600; HttpOnly; SameSite=Strict$/)
  t.notMatch(set, new RegExp(ALICE), 'the token itself is never in the cookie')
  t.match(String((await d.signIn(ALICE, { 'x-forwarded-proto': 'https' })).headers['set-cookie']), /; Secure$/)
  t.match((await d.signIn(`alice ${ALICE} review`)).json(), { signedIn: true, name: 'alice' }, 'a whole line of the tokens file pasted: its token word')
  t.equal((await d.signIn(`alice ${'x'.repeat(32)}`)).statusCode, 401, 'a line with a wrong token is still refused')
  const elsewhere = await d.signIn(ALICE, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
  t.equal(elsewhere.statusCode, 403, 'another site cannot sign a visitor in')
})

t.test('with the cookie the page is the person\'s: their decisions, their CSRF token, labels; never the hooks', async t => {
  const d = await teamDaemon(t)
  const cookie = await d.cookieOf(ALICE)
  const page = await d.app.inject({ url: '/ui', headers: { ...BROWSER, cookie } })
  t.equal(page.statusCode, 200)
  const csrf = /name="hookjudge-csrf" content="([0-9a-f]+)"/.exec(page.body)![1]!
  const items = (await d.app.inject({ url: '/ui/api/decisions', headers: { ...BROWSER, cookie } })).json().items
  t.strictSame(items.map((i: any) => i.record.text), ['Alice: I will push now.'])
  const label = (headers: Record<string, string>) => d.app.inject({ method: 'POST', url: '/ui/api/labels', headers: { ...BROWSER, origin: 'http://127.0.0.1:5834', cookie, ...headers }, body: JSON.stringify({ id: items[0].id, label: 'allow' }) })
  t.equal((await label({})).statusCode, 403, 'a post without the page\'s CSRF token is refused')
  t.equal((await label({ 'x-hookjudge-csrf': csrf })).statusCode, 200)
  const stop = { hook_event_name: 'Stop', last_assistant_message: 'Done.' }
  t.equal((await d.app.inject({ method: 'POST', url: '/judge/commit', headers: { ...HOST, cookie }, body: JSON.stringify(stop) })).statusCode, 401, 'hooks take the bearer token only')
  t.equal((await d.app.inject({ url: '/status', headers: { ...HOST, cookie } })).statusCode, 401)
})

t.test('a cookie ends: after an hour, when its token is revoked, when forged or signed out', async t => {
  const d = await teamDaemon(t)
  const meta = (cookie: string) => d.app.inject({ url: '/ui/api/meta', headers: { ...BROWSER, cookie } })
  const alice = await d.cookieOf(ALICE)
  const bob = await d.cookieOf(BOB)
  t.equal((await meta(alice)).statusCode, 200)
  t.equal((await meta(alice.replace('alice.', 'bob.'))).statusCode, 401, 'a name swapped into Alice\'s cookie is refused')
  writeFileSync(d.tokens, `bob ${BOB}\n`, { mode: 0o600 })
  t.match(d.reload(), { ok: true })
  t.equal((await meta(alice)).statusCode, 401, 'Alice\'s line deleted and reloaded: her cookie is dead at once')
  t.equal((await meta(bob)).statusCode, 200)
  d.clock.advance(3601_000)
  t.equal((await meta(bob)).statusCode, 401, 'an hour later Bob signs in again')
  t.match(String((await d.app.inject({ method: 'POST', url: '/ui/sign-out', headers: BROWSER })).headers['set-cookie']), /^hookjudge_ui=; Path=\/ui; Max-Age=0/)
})

t.test('a single-token daemon signs in the same way; a daemon without a token needs none', async t => {
  const f = join(tempDir(t), 'token')
  writeFileSync(f, `${ALICE}\n`, { mode: 0o600 })
  const { app } = await build(t, testConfig({ server: { tokenFile: f } }))
  const res = await app.inject({ method: 'POST', url: '/ui/sign-in', headers: BROWSER, body: JSON.stringify({ token: ALICE }) })
  const cookie = String(res.headers['set-cookie']).split(';')[0]!
  t.match(cookie, /^hookjudge_ui=-\.\d+\./)
  t.equal((await app.inject({ url: '/ui/api/meta', headers: { ...BROWSER, cookie } })).statusCode, 200)
  t.equal((await app.inject({ url: '/ui/api/meta', headers: BROWSER })).statusCode, 401)
  const open = await build(t, testConfig())
  t.same((await open.app.inject({ method: 'POST', url: '/ui/sign-in', headers: BROWSER, body: JSON.stringify({ token: ALICE }) })).json(), { signedIn: false, needed: false })
})
