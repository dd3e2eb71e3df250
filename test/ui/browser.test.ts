// The review page in a real headless Chromium (Debian's, driven by playwright-core) against a listening daemon on
// 127.0.0.1: the timeline lists the seeded decisions, a filter works, the XSS probe stays text, a click stores a label,
// one turn's view, the charts and the labels tab render; screenshots at laptop and phone sizes go to .tap/ui-screenshots/.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import t from 'tap'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { build, tempDir, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { record, seed, XSS } from './seed.js'

const CHROMIUM = '/usr/bin/chromium'
const SHOTS = join(PACKAGE_ROOT, '.tap', 'ui-screenshots')
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync']

t.test('the review page in Chromium', async t => {
  t.ok(existsSync(CHROMIUM), `${CHROMIUM} is installed (apt-get install chromium; .ci/run does)`)
  if (!existsSync(CHROMIUM)) return
  const dir = tempDir(t)
  // The daemon's clock, not the machine's, places the records in the charts' hours.
  const clock = testClock()
  const at = (s: number) => new Date(clock.now() - s * 1000).toISOString()
  seed(dir, [
    record({ ts: at(600), hook: 'commit', decision: 'block', turn: 'turn-a', text: "I'll commit and push to main now." }),
    record({ ts: at(599.9), hook: 'scope-check', decision: 'allow', wouldBlock: false, source: 'judge', turn: 'turn-a', text: "I'll commit and push to main now." }),
    record({ ts: at(300), hook: 'commit', decision: 'allow', wouldBlock: false, source: 'layer1', sessionId: 'sess-2', text: 'Renamed the helper.' }),
    record({ ts: at(60), hook: 'commit', decision: 'block', sessionId: 'sess-3', text: XSS, reason: XSS, fields: { [XSS]: true } })
  ])
  const { app } = await build(t, testConfig({ decisionLog: { enabled: true, dir } }), { clock })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

  const context = await chromium.launchPersistentContext(tempDir(t, 'hookjudge-chromium-'), { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } })
  t.teardown(() => context.close())
  const page = context.pages()[0] ?? await context.newPage()
  const problems: string[] = []
  page.on('pageerror', e => problems.push(`page error: ${e.message}`))
  page.on('console', m => { if (m.type() === 'error') problems.push(`console: ${m.text()}`) })
  page.on('requestfailed', r => problems.push(`request failed: ${r.url()}`))
  page.on('request', r => { if (!r.url().startsWith(base)) problems.push(`left the origin: ${r.url()}`) })

  await page.goto(`${base}/ui`)
  await page.waitForSelector('li.decision')
  const hooks = async (p: Page) => await p.$$eval('li.decision .head strong', els => els.map(e => e.textContent))
  t.strictSame(await hooks(page), ['commit', 'commit', 'scope-check', 'commit'], 'all four, newest first')

  // The probe's markup is shown as text: no element was made from it and its handlers never ran.
  t.equal(await page.evaluate('typeof window.__xss'), 'undefined', 'no script from the text ran')
  t.equal(await page.locator('img[src="x"]').count(), 0, 'no <img> element from the text')
  t.equal(await page.locator('li.decision script').count(), 0)
  t.equal(await page.locator('li.decision').first().locator('pre.text').textContent(), XSS, 'the text shown exactly, as text')
  t.match(await page.locator('li.decision').first().locator('.reason').textContent(), XSS)

  await page.screenshot({ path: shot('timeline-laptop.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: shot('timeline-phone.png'), fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })

  // Filter: only scope-check.
  await page.selectOption('#filters select[name="hook"]', 'scope-check')
  await page.click('#filters button[type="submit"]')
  await page.locator('#status', { hasText: /^1 decisions shown/ }).waitFor()
  t.strictSame(await hooks(page), ['scope-check'])
  await page.selectOption('#filters select[name="hook"]', '')
  await page.click('#filters button[type="submit"]')
  await page.locator('#status', { hasText: /^4 decisions shown/ }).waitFor()

  // Label the newest block (the probe) as a false block.
  const card = page.locator('li.decision').first()
  const id = await card.getAttribute('data-id')
  await card.locator('button[data-action="allow"]').click()
  await page.locator('#status', { hasText: 'label stored' }).waitFor()
  t.equal(await card.locator('.label').textContent(), 'labelled: should have allowed')
  const stored = readFileSync(join(dir, 'labels.jsonl'), 'utf8').trim().split('\n').map(l => JSON.parse(l))
  t.match(stored, [{ decisionId: id, hook: 'commit', label: 'allow', judged: 'block', text: XSS }], 'the label is in labels.jsonl')

  // One turn: the two hooks of turn-a side by side.
  await page.locator('li.decision').nth(2).locator('button[data-action="turn"]').click()
  await page.waitForSelector('#tab-turn:not([hidden]) li.decision')
  t.strictSame(await page.$$eval('#turn li.decision .head strong', els => els.map(e => e.textContent)), ['commit', 'scope-check'])
  t.match(await page.textContent('#turn-note'), /turn turn-a: 2 verdict/)
  // A label from the turn's view: the scope-check verdict should have blocked.
  const scope = page.locator('#turn li.decision').nth(1)
  t.equal(await scope.locator('button[data-action="turn"]').count(), 0, 'no "This turn" inside the turn')
  await scope.locator('button[data-action="block"]').click()
  await scope.locator('.label', { hasText: 'labelled: should have blocked' }).waitFor()
  const labels = readFileSync(join(dir, 'labels.jsonl'), 'utf8').trim().split('\n').map(l => JSON.parse(l))
  t.match(labels[1], { decisionId: await scope.getAttribute('data-id'), hook: 'scope-check', label: 'block', judged: 'allow' })
  await page.screenshot({ path: shot('turn-laptop.png'), fullPage: true })

  await page.click('#tabs button[data-tab="charts"]')
  await page.waitForSelector('#charts svg.chart')
  t.ok(await page.locator('#charts article.hook-chart').count() >= 2, 'one chart block per hook')
  await page.screenshot({ path: shot('charts-laptop.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.waitForSelector('#charts svg.chart[viewBox^="0 0 3"]')
  t.pass('the charts are redrawn at the phone\'s width')
  await page.screenshot({ path: shot('charts-phone.png'), fullPage: true })

  await page.click('#tabs button[data-tab="labels"]')
  await page.waitForSelector('#agreement tbody tr td')
  t.strictSame(await page.$$eval('#agreement tbody tr', rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.textContent))), [['commit', '0', '1'], ['scope-check', '0', '1']])
  // What the config in force would do: its judge is unreachable here, so the fail mode (open: allow) answers,
  // which fixes the false block just labelled and leaves the scope-check miss as it was.
  await page.click('#what-if button[type="submit"]')
  await page.waitForSelector('#what-if-result table')
  t.strictSame(await page.$$eval('#what-if-result tbody tr', rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.textContent))), [['commit', '1', '0', '0', '1 of 1'], ['scope-check', '0', '0', '1', '0 of 1']])
  await page.screenshot({ path: shot('labels-phone.png'), fullPage: true })

  t.strictSame(problems, [], 'no script error, CSP violation, failed or foreign request')
})

function shot (name: string): string {
  mkdirSync(SHOTS, { recursive: true })
  return join(SHOTS, name)
}
