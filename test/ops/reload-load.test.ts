// Reload under load: 300 keep-alive requests run while the config file changes twice (once invalid, refused and
// counted): every request is answered 200, and the file watcher's debounced reloads apply the valid change only. The
// debounce runs on a test clock: each write's reload comes when the test moves that clock, never by the machine's.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { Pool } from 'undici'
import { loadConfig } from '../../server/config/config.js'
import { watchConfig } from '../../server/config/config-watch.js'
import type { ReloadResult } from '../../server/ops/reload.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, tempDir } from '../helper.js'
import { arrivals } from '../helpers/arrivals.js'
import { testClock } from '../helpers/clock.js'

const TOTAL = 300
const CONCURRENCY = 8

t.test('300 requests across a valid and an invalid config change all get 200', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no evidence') })
  t.teardown(() => api.close())
  const file = join(tempDir(t), 'config.yaml')
  const base = `backends:\n  anthropic: { baseUrl: "${api.url}" }\ndecisionLog: { enabled: false }\n`
  writeFileSync(file, base)
  const load = () => loadConfig({ env: {}, file })
  const { app, reload, runtime } = await build(t, load(), { load })
  const reloads = arrivals<ReloadResult>()
  const clock = testClock()
  const watcher = watchConfig([file], () => { reloads.push(reload()) }, { clock, debounceMs: 200 })
  // Once the watcher has seen the write (its debounce armed), the debounce ends: one reload of what is on disk now.
  const settle = async () => { await clock.armed(); clock.advance(200) }
  t.teardown(() => watcher.close())

  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const pool = new Pool(url, { connections: CONCURRENCY, pipelining: 1 })
  t.teardown(() => pool.close())
  const statuses: number[] = []
  let sent = 0
  const worker = async () => {
    while (sent < TOTAL) {
      const i = sent++
      // The requests past 200 (and so the second write) wait for the first reload, while those up to 200 run across it.
      if (i >= 200) await reloads.waitFor(1)
      // Half the texts go to the judge (Layer 2), half stop at Layer 1.
      const text = i % 2 === 0 ? `Change ${i} is done. I'll commit and push to main now.` : `Renamed helper number ${i}.`
      const res = await pool.request({ path: '/judge/commit', method: 'POST', body: JSON.stringify(claudeStop(text, { session_id: `load-${i}` })) })
      await res.body.text()
      statuses.push(res.statusCode)
      if (i === 100) {
        writeFileSync(file, base + 'hooks:\n  commit:\n    feedback: "RELOADED {reason}"\n')
        await settle()
        await reloads.waitFor(1)
      }
      if (i === 200) {
        writeFileSync(file, base + 'hooks:\n  commit:\n    feedback: "BROKEN {reason}"\n    mode: sometimes\njudge: { deadlineMs: soon }\n')
        await settle()
        await reloads.waitFor(2)
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))

  t.equal(statuses.length, TOTAL)
  t.strictSame(statuses.filter(s => s !== 200), [], 'every request answered 200')
  t.equal(reloads.items.length, 2, 'one reload per burst of writes')
  t.match(reloads.items[0], { ok: true })
  t.match(reloads.items[1], { ok: false, problems: [/hooks.commit.mode/, /judge.deadlineMs/] })
  t.equal(runtime().config.hooks.commit?.feedback, 'RELOADED {reason}', 'the valid change runs; the invalid one was refused')
  const metrics = (await app.inject({ url: '/metrics' })).body
  t.match(metrics, /hookjudge_config_reloads_total\{result="ok"\} 1\n/)
  t.match(metrics, /hookjudge_config_reloads_total\{result="error"\} 1\n/)
  const answered = [...metrics.matchAll(/^hookjudge_requests_total\{[^}]*hook="commit"[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0)
  t.equal(answered, TOTAL, 'every answer was counted')
})
