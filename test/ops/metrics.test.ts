// Metrics per the contract with bounded labels, and contrib/: promtool loads and unit-tests the rules, every dashboard
// query parses, and every metric the rules and the dashboard query exists in a live /metrics after a few decisions.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, tempDir, testConfig } from '../helper.js'
import { run } from '../helpers/run.js'

const PROM = join(PACKAGE_ROOT, 'contrib', 'prometheus')
const RULES = join(PROM, 'hookjudge-rules.yml')
const DASHBOARD = join(PACKAGE_ROOT, 'contrib', 'grafana', 'hookjudge.json')
const CONTRACT = ['requests_total', 'request_duration_seconds', 'backend_requests_total', 'backend_duration_seconds', 'cache_lookups_total', 'redactions_total', 'loop_guard_total', 'config_reloads_total', 'build_info'].map(m => `hookjudge_${m}`)

function dashboardExprs (): string[] {
  const dash = JSON.parse(readFileSync(DASHBOARD, 'utf8'))
  const exprs: string[] = dash.panels.flatMap((p: any) => (p.targets ?? []).map((x: any) => x.expr))
  return exprs.concat(dash.templating.list.filter((v: any) => v.type === 'query').map((v: any) => v.query.query.replace(/^label_values\((\w+),.*$/, '$1')))
}

/** Metric names a PromQL text reads (histogram series folded to their family); recording rules (with ':') and `up` are not the daemon's. */
const metricNames = (text: string) => new Set([...text.matchAll(/\bhookjudge_[a-z0-9_]+/g)].map(m => m[0].replace(/_(bucket|sum|count)$/, '')))

async function metricsAfterDecisions (t: Parameters<typeof build>[0]) {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no tests') })
  t.teardown(() => api.close())
  const config = testConfig({}, api.url)
  const { app, reload } = await build(t, config)
  const post = (hook: string, text: string, session: string) => app.inject({ method: 'POST', url: `/judge/${hook}`, payload: JSON.stringify(claudeStop(text, { session_id: session })) })
  await post('commit', 'I\'ll commit and push to main now with token ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8', 'a')
  await post('commit', 'I\'ll commit and push to main now with token ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8', 'b')
  await post('commit', 'Renamed a helper.', 'c')
  await post('no-such-hook-zz9', 'I\'ll push now.', 'd')
  reload(config)
  return (await app.inject({ url: '/metrics' })).body
}

t.test('promtool loads the rules and their unit tests pass; the scrape config is valid', async t => {
  const check = await run('promtool', ['check', 'rules', RULES])
  t.equal(check.code, 0, check.stderr)
  t.match(check.stdout, /SUCCESS: 8 rules found/)
  const tests = await run('promtool', ['test', 'rules', join(PROM, 'hookjudge-rules.test.yml')])
  t.equal(tests.code, 0, tests.stdout + tests.stderr)
  const config = await run('promtool', ['check', 'config', join(PROM, 'prometheus.yml')])
  t.equal(config.code, 0, config.stdout + config.stderr)
})

t.test('every dashboard query is valid PromQL (loaded by promtool as rules)', async t => {
  const exprs = dashboardExprs()
  t.ok(exprs.length >= 15)
  // Grafana's variables become what they stand for at query time.
  const promql = exprs.map(e => e.replaceAll('$__rate_interval', '1m').replaceAll('$__range', '1h').replaceAll('$instance', '.*'))
  const file = join(tempDir(t), 'dashboard-rules.yml')
  writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${promql.map((e, i) => `      - record: dashboard:q${i}\n        expr: ${JSON.stringify(e)}\n`).join('')}`)
  const check = await run('promtool', ['check', 'rules', file])
  t.equal(check.code, 0, check.stdout + check.stderr)
})

t.test('/metrics has the contract\'s metrics, every one the rules and dashboard read, and only configured label values', async t => {
  const text = await metricsAfterDecisions(t)
  const families = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map(m => m[1]))
  const wanted = new Set([...CONTRACT, ...metricNames(readFileSync(RULES, 'utf8')), ...metricNames(dashboardExprs().join('\n'))])
  t.strictSame([...wanted].filter(m => !families.has(m)), [], 'no queried metric is missing')
  for (const m of ['hookjudge_requests_total', 'hookjudge_request_duration_seconds_bucket', 'hookjudge_backend_requests_total', 'hookjudge_backend_duration_seconds_bucket', 'hookjudge_cache_lookups_total', 'hookjudge_judge_tokens_total', 'hookjudge_redactions_total', 'hookjudge_config_reloads_total']) {
    t.match(text, new RegExp(`^${m}\\{[^}]+\\} [1-9]`, 'm'), `${m} has samples`)
  }
  t.match(text, /^hookjudge_build_info\{version="\d+\.\d+\.\d+"\} 1$/m)
  t.match(text, /^hookjudge_process_cpu_seconds_total /m, 'default process metrics')
  t.match(text, /hookjudge_request_duration_seconds_bucket\{le="0\.001",/)
  t.match(text, /hookjudge_request_duration_seconds_bucket\{le="30",/)

  t.notMatch(text, /no-such-hook-zz9/, 'an unknown hook name never becomes a label')
  const config = testConfig()
  const values = (label: string) => new Set([...text.matchAll(new RegExp(`[{,]${label}="([^"]*)"`, 'g'))].map(m => m[1]!))
  t.strictSame([...values('hook')].filter(h => !config.hooks[h]), [], 'hook labels come from the config')
  t.strictSame([...values('backend')].filter(b => !config.backends[b]), [], 'backend labels come from the config')
})
