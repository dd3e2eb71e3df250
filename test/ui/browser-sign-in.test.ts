// Signing in to a team daemon's review page in a real headless Chromium: /ui sends the tab to the form, the token is
// typed once, the cookie the browser keeps opens the page with the person's own decisions, and a label click stores.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import t from 'tap'
import { build, tempDir, testConfig } from '../helper.js'
import { record, seed } from './seed.js'

const CHROMIUM = '/usr/bin/chromium'
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync']
const ALICE = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)

/** A team daemon whose people are `people` (tokens file lines), with one decision of Alice's and one of Bob's, and a
 * Chromium tab with no session yet. */
async function teamPage (t: Parameters<typeof tempDir>[0], people: string) {
  const dir = tempDir(t)
  const tokens = join(tempDir(t), 'tokens')
  writeFileSync(tokens, people, { mode: 0o600 })
  seed(dir, [
    record({ ts: new Date(Date.now() - 20_000).toISOString(), text: 'Alice: I will push to main now.', user: 'alice', turn: 'ta' }),
    record({ ts: new Date(Date.now() - 10_000).toISOString(), text: 'Bob: I will push to main now.', user: 'bob', turn: 'tb' })
  ])
  const { app } = await build(t, testConfig({ decisionLog: { enabled: true, dir }, server: { tokensFile: tokens } }))
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const context = await chromium.launchPersistentContext(tempDir(t, 'hookjudge-chromium-'), { executablePath: CHROMIUM, headless: true, args: ARGS })
  t.teardown(() => context.close())
  const page = context.pages()[0] ?? await context.newPage()
  return { dir, base, context, page }
}

t.test('a person signs in from a browser tab and sees only their decisions', async t => {
  t.ok(existsSync(CHROMIUM), `${CHROMIUM} is installed (apt-get install chromium; .ci/run does)`)
  if (!existsSync(CHROMIUM)) return
  const { dir, base, context, page } = await teamPage(t, `alice ${ALICE}\nbob ${BOB}\n`)
  const problems: string[] = []
  page.on('pageerror', e => problems.push(`page error: ${e.message}`))

  await page.goto(`${base}/ui`)
  t.equal(new URL(page.url()).pathname, '/ui/sign-in', 'the tab without a session lands on the form')
  await page.fill('input[name="token"]', 'x'.repeat(32))
  await page.click('button[type="submit"]')
  await page.locator('#status', { hasText: /not one of this daemon/ }).waitFor()
  t.equal(new URL(page.url()).pathname, '/ui/sign-in', 'a wrong token stays on the form, saying so')

  await page.fill('input[name="token"]', ALICE)
  await Promise.all([page.waitForURL(`${base}/ui`), page.click('button[type="submit"]')])
  await page.waitForSelector('li.decision')
  t.strictSame(await page.$$eval('li.decision pre.text', els => els.map(e => e.textContent)), ['Alice: I will push to main now.'], 'her own decision only')
  const cookies = await context.cookies(`${base}/ui`)
  t.match(cookies, [{ name: 'hookjudge_ui', httpOnly: true, sameSite: 'Strict', path: '/ui' }])
  t.equal(await page.evaluate('document.cookie'), '', 'the page\'s script cannot read the cookie')

  await page.locator('li.decision').first().locator('button[data-action="allow"]').click()
  await page.locator('#status', { hasText: 'label stored' }).waitFor()
  t.match(readFileSync(join(dir, 'labels.jsonl'), 'utf8'), /"by":"alice"/, 'the click stored a label given by alice')
  t.strictSame(problems, [])
})

t.test('a reviewer sees whose each decision is, and narrows the page to one person (by the form or a link)', async t => {
  if (!existsSync(CHROMIUM)) return t.fail(`${CHROMIUM} is not installed`)
  const RITA = 'c3'.repeat(16)
  const { base, page } = await teamPage(t, `alice ${ALICE}\nbob ${BOB}\nrita ${RITA} review\n`)
  await page.goto(`${base}/ui`)
  await page.fill('input[name="token"]', RITA)
  await Promise.all([page.waitForURL(`${base}/ui`), page.click('button[type="submit"]')])
  await page.locator('#status', { hasText: '2 decisions shown' }).waitFor()
  t.strictSame(await page.$$eval('li.decision .head .user', els => els.map(e => e.textContent)), ['bob', 'alice'], 'each card names its person')
  await page.fill('#filters input[name="user"]', 'bob')
  await page.click('#filters button[type="submit"]')
  await page.locator('#status', { hasText: '1 decisions shown' }).waitFor()
  t.strictSame(await page.$$eval('li.decision pre.text', els => els.map(e => e.textContent)), ['Bob: I will push to main now.'], 'the Person filter')
  await page.goto(`${base}/ui?user=alice`)
  await page.locator('#status', { hasText: '1 decisions shown' }).waitFor()
  t.equal(await page.inputValue('#filters input[name="user"]'), 'alice', 'a link\'s ?user= fills the form')
  t.strictSame(await page.$$eval('li.decision pre.text', els => els.map(e => e.textContent)), ['Alice: I will push to main now.'])
})
