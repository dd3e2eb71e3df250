// eval, replay and /probe run the live pipeline's stages: for the same input they give the verdict a live request gets.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { evalCommand } from '../../server/commands/eval.js'
import { replayCommand } from '../../server/commands/replay.js'
import { PROBE_TEXT } from '../../server/routes/control.js'
import { startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, readDecisions, TEST_ENV, tempDir, testConfig } from '../helper.js'

const TEXTS = [
  'Refactored the loader. I\'ll commit and push to main now.',
  'Refactored the loader and pushed it as abc1234 after npm test passed (12/12). Shall I open a PR, or do you want to review first?',
  'The context window is nearly full, so let\'s continue in a fresh session; the export feature can be deferred to a follow-up PR.'
]

/** A judge that answers from the text it is shown, one member per hook asked (or flat for one). */
function judge (body: any) {
  const asked = [...String(body.system).matchAll(/Hook "([\w-]+)"\. Task:/g)].map(m => m[1]!)
  const text = JSON.stringify(body.messages)
  const verdict = (hook: string) => hook === 'commit'
    ? { new_proposal: /push to main now|open a PR/.test(text), verification_reported: text.includes('12/12'), direction_query: text.includes('or do you'), future_step_description: false, reason: 'r' }
    : { new_proposal: /fresh session|deferred/.test(text), retraction_or_quote: false, reason: 'r' }
  return { text: JSON.stringify(asked.length === 1 ? verdict(asked[0]!) : Object.fromEntries(asked.map(h => [h, verdict(h)]))) }
}

function capture () {
  let out = ''
  const sink = new Writable({ write (c, _e, cb) { out += c; cb() } })
  return { stdout: sink, stderr: new Writable({ write (_c, _e, cb) { cb() } }), out: () => out }
}

t.test('live, eval (combined and separate), replay and /probe agree', async t => {
  const api = await startFakeJudgeApi(judge)
  t.teardown(() => api.close())
  const root = tempDir(t)
  const dir = join(root, 'log')
  const yaml = join(root, 'config.yaml')
  writeFileSync(yaml, `backends:\n  anthropic: { baseUrl: '${api.url}' }\njudge: { backends: [anthropic], deadlineMs: 2000 }\ndecisionLog: { enabled: true, dir: '${dir}' }\n`)
  const { app } = await build(t, testConfig({ decisionLog: { enabled: true, dir } }, api.url))
  const live: Record<string, Record<string, string>> = {}
  for (const [i, text] of TEXTS.entries()) {
    const res = await app.inject({ method: 'POST', url: '/judge', payload: claudeStop(text, { session_id: `s${i}` }) })
    t.equal(res.statusCode, 200)
  }
  const probe = (await app.inject({ method: 'POST', url: '/probe?hook=commit' })).json()
  const probeLive = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(PROBE_TEXT, { session_id: 'p' }) })
  t.equal(probe.ok, true)
  t.equal(probe.block, probeLive.json().decision === 'block', '/probe gives the live verdict for its text')
  await app.close()
  for (const line of readDecisions(dir)) {
    if (!String(line.sessionId).startsWith('s')) continue
    const i = Number(line.sessionId.slice(1));
    (live[i] ??= {})[line.hook] = line.wouldBlock ? 'block' : 'allow'
  }
  t.equal(live[0]?.commit, 'block')
  t.equal(live[1]?.commit, 'allow')
  t.equal(live[2]?.['scope-check'], 'block')

  const io = (c: ReturnType<typeof capture>) => ({ env: TEST_ENV, stdin: Readable.from([]), stdout: c.stdout, stderr: c.stderr })
  const replay = capture()
  t.equal(await replayCommand([dir, '--config', yaml, '--json'], io(replay)), 0)
  const replayed = JSON.parse(replay.out())
  t.equal(replayed.totals.changed, 0, 'replay re-judges every logged decision to the same verdict')
  t.ok(replayed.totals.judged >= 9)

  const corpus = join(root, 'corpus.jsonl')
  writeFileSync(corpus, TEXTS.map((text, i) => JSON.stringify({ id: `m${i}`, text, labels: live[i] })).join('\n') + '\n')
  for (const mode of [[], ['--separate']]) {
    const c = capture()
    t.equal(await evalCommand([corpus, '--config', yaml, '--json', '--misses', ...mode], io(c)), 0)
    const scores = JSON.parse(c.out())
    t.strictSame(scores.misses ?? [], [], `eval ${mode.join('') || 'combined'}: every verdict is the live one (the labels)`)
    for (const h of ['commit', 'scope-check']) t.equal(scores.hooks[h].final.falseBlockRate, 0)
  }
})
