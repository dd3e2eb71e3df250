// POST /judge/unverified-claim and /judge/commit on the captured transcripts: the facts block, allow, or overrule a claim.
import { readdirSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Test } from 'tap'
import t from 'tap'
import { commitVerdict, type Script, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, codexStop, TEST_ENV, tempDir, testConfig } from '../helper.js'
import { testClock } from '../helpers/clock.js'
import { place, promptOf, SCENARIOS, turnOf } from '../evidence/captured.js'
import { FLUSH_WAIT_MS } from '../../server/agents/turn-scan.js'

const CLAIM = 'All tests pass.'
const EXPECTED: Record<typeof SCENARIOS[number], { decision: string, reason?: RegExp }> = {
  verified: { decision: 'allow' },
  'no-run': { decision: 'block', reason: /you said “All tests pass\.” \(tests\), but no tests command ran in this turn/ },
  'failed-run': { decision: 'block', reason: /you said “All tests pass\.” \(tests\), but the last `npm test` failed/ },
  'run-then-edit': { decision: 'block', reason: /you said “All tests pass\.” \(tests\), but files were edited after the last tests run \(`npm test`\)/ }
}

// The flush wait for a lagging transcript moves the test clock, not real time: `clock.slept` shows what was waited.
async function setup (t: Test, overrides: Record<string, unknown> = {}, judge: Script = { text: '{}' }) {
  const clock = testClock({ instantSleep: true })
  const api = await startFakeJudgeApi(judge)
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const env = { ...TEST_ENV, HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex') }
  // The project the agent worked in: its package.json names the test command the feedback asks for.
  const cwd = tempDir(t)
  await writeFile(join(cwd, 'package.json'), JSON.stringify({ scripts: { test: 'tap' } }))
  const logDir = join(dir, 'log')
  const { app } = await build(t, testConfig({ decisionLog: { enabled: true, dir: logDir }, ...overrides }, api.url), { env, clock })
  const post = async (hook: string, agent: 'claude' | 'codex', scenario: string, text = CLAIM) => {
    const name = `${agent}-evidence-${scenario}.jsonl`
    const path = await place(env, name, text)
    const body = agent === 'claude'
      ? claudeStop(text, { transcript_path: path, prompt_id: promptOf(name), cwd, session_id: `${hook}-${name}` })
      : codexStop(text, { transcript_path: path, turn_id: turnOf(name), cwd, session_id: `${hook}-${name}` })
    return await app.inject({ method: 'POST', url: `/judge/${hook}`, payload: body })
  }
  const records = async () => {
    await app.close()
    return readdirSync(logDir).flatMap(f => readFileSync(join(logDir, f), 'utf8').trim().split('\n')).map(l => JSON.parse(l))
  }
  return { api, app, env, cwd, post, records, clock }
}

t.test('the claim detector is Layer 1 too: a claim no trigger matches still meets the facts', async t => {
  // A trigger list that matches nothing: before, the hook allowed such a message unread however plainly it claimed.
  const s = await setup(t, { hooks: { 'unverified-claim': { backends: [], trigger: ['zzqqxj-never'] } } })
  for (const agent of ['claude', 'codex'] as const) {
    const res = await s.post('unverified-claim', agent, 'no-run')
    t.equal(res.headers['x-hookjudge-decision'], 'block', `${agent}: the claim is checked`)
    t.match(res.json().reason, /you said “All tests pass\.” \(tests\), but no tests command ran/)
    const quiet = await s.post('unverified-claim', agent, 'no-run', 'I looked at the parser and left it as it is.')
    t.equal(quiet.headers['x-hookjudge-decision'], 'allow', `${agent}: no claim, no trigger: a Layer-1 miss`)
    t.equal(quiet.headers['x-hookjudge-source'], 'layer1')
  }
})

t.test('no judge backend at all: the facts alone decide, for both agents\' real transcripts', async t => {
  const s = await setup(t, { hooks: { 'unverified-claim': { backends: [] } } })
  for (const agent of ['claude', 'codex'] as const) {
    for (const scenario of SCENARIOS) {
      const res = await s.post('unverified-claim', agent, scenario)
      const want = EXPECTED[scenario]
      t.equal(res.headers['x-hookjudge-decision'], want.decision, `${agent} ${scenario}`)
      t.equal(res.headers['x-hookjudge-source'], 'layer1', 'decided by Layer 1 and the facts')
      if (want.reason) {
        t.match(res.json(), { decision: 'block', reason: want.reason })
        t.match(res.json().reason, scenario === 'no-run' ? /Run `npm test` now and report its result/ : /Run `npm test` now/, 'names the command to run')
      } else t.strictSame(res.json(), {})
    }
  }
  t.equal(s.api.requests.length, 0, 'no judge was asked')
  const recs = await s.records()
  t.equal(recs.length, 8)
  t.match(recs[2], { hook: 'unverified-claim', decision: 'block', source: 'layer1', wouldBlock: true, fields: null, facts: { claim: true, verification_ran: true, verification_failed: true, verification_passed: false } })
})

t.test('with a judge: only a quote or retraction turns the block into an allow; a judge failure leaves the block standing', async t => {
  const answers = [{ text: '{"retraction_or_quote": true, "reason": "quotes the user"}' }, { text: '{"retraction_or_quote": false, "reason": "own claim"}' }, { status: 500 }]
  const s = await setup(t, {}, (_body, i) => answers[i] ?? { status: 500 })
  // The fake judge reads this one as a quote (the detector cannot tell: it quotes no one by its own marks).
  const quoted = await s.post('unverified-claim', 'claude', 'no-run')
  t.equal(quoted.headers['x-hookjudge-decision'], 'allow')
  t.equal(quoted.headers['x-hookjudge-source'], 'judge')
  const claimed = await s.post('unverified-claim', 'codex', 'no-run')
  t.match(claimed.json(), { decision: 'block', reason: /no tests command ran in this turn; judge: own claim/ })
  const down = await s.post('unverified-claim', 'claude', 'failed-run')
  t.match(down.json(), { decision: 'block', reason: /failed/ })
  t.equal(down.headers['x-hookjudge-source'], 'layer1')
  const passing = await s.post('unverified-claim', 'codex', 'verified')
  t.strictSame(passing.json(), {})
  t.equal(s.api.requests.length, 3, 'a claim the facts already allow costs no judge call')

  const sent = s.api.requests[0]!.body
  t.match(sent.system, /\{"retraction_or_quote": true\|false, "reason": /)
  t.notMatch(sent.system, /"claim": true\|false|"verification_passed": true\|false/, 'computed fields are never asked')
  t.match(sent.messages[0].content, /<<<END AGENT TEXT (\w+)>>>\nFacts observed by hookjudge[^\n]*\n<<<BEGIN HOOKJUDGE FACTS \1>>>\nfacts: verification_ran=false, verification_passed=false[^\n]*\n1\. edited "[^"]*a\.txt"\nother tool calls: Read x1\n<<<END HOOKJUDGE FACTS \1>>>/)
  const recs = await s.records()
  t.match(recs[2], { decision: 'block', source: 'layer1', failure: /500|http/, facts: { verification_failed: true } })
  t.match(recs[0], { decision: 'allow', source: 'judge', fields: { retraction_or_quote: true }, facts: { claim: true, verification_passed: false } })
})

t.test('no transcript, or one outside the roots: never block on missing evidence, and the record says why', async t => {
  const s = await setup(t, { hooks: { 'unverified-claim': { backends: [] } } })
  const res = await s.app.inject({ method: 'POST', url: '/judge/unverified-claim', payload: claudeStop(CLAIM, { transcript_path: undefined }) })
  t.strictSame(res.json(), {})
  t.equal(res.headers['x-hookjudge-source'], 'fallback')
  const recs = await s.records()
  t.match(recs[0], { decision: 'allow', source: 'fallback', failure: 'no transcript evidence (no-path): the facts are unknown, so the hook allows' })
  t.notOk('facts' in recs[0])
})

t.test('evidence switched off: no facts anywhere, the hook allows', async t => {
  const s = await setup(t, { evidence: { enabled: false }, hooks: { 'unverified-claim': { backends: [] } } })
  t.strictSame((await s.post('unverified-claim', 'claude', 'failed-run')).json(), {})
  t.match((await s.records())[0], { source: 'fallback', failure: /evidence disabled/ })
})

t.test('commit: a reported PASS the transcript contradicts is no verification (evidence.contradictedClaims)', async t => {
  const proposal = 'All tests PASS. I\'ll commit and push to main now.'
  const verdict = { text: commitVerdict({ new_proposal: true, verification_reported: true }, 'reports PASS') }
  const s = await setup(t, {}, verdict)
  const contradicted = await s.post('commit', 'claude', 'failed-run', proposal)
  t.match(contradicted.json(), { decision: 'block', reason: /Judge's reason: the verification it reports is contradicted by the transcript: the last verification run \(`npm test`\) failed/ })
  t.strictSame((await s.post('commit', 'codex', 'verified', proposal)).json(), {}, 'a passing last run: the report stands')
  t.strictSame((await s.post('commit', 'codex', 'no-run', proposal)).json(), {}, 'no run at all is not a contradiction (the run may predate the turn)')
  t.match(s.api.requests[0]!.body.messages[0].content, /facts: verification_ran=true, verification_passed=false, verification_failed=true/, 'the commit judge sees the facts too')
  const recs = await s.records()
  t.match(recs[0], { hook: 'commit', decision: 'block', fields: { verification_reported: true }, facts: { verification_failed: true } })

  const off = await setup(t, { hooks: { commit: { evidence: { contradictedClaims: false } } } }, verdict)
  t.strictSame((await off.post('commit', 'claude', 'failed-run', proposal)).json(), {}, 'the option off: the judge\'s fields decide')
})

t.test('/readyz: a hook whose facts block on their own does not need a judge backend to be ready', async t => {
  const off = Object.fromEntries(['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction', 'dangerous-bash'].map(h => [h, { mode: 'off' }]))
  const { app } = await build(t, testConfig({ judge: { backends: [] }, hooks: off }))
  const res = await app.inject({ url: '/readyz' })
  t.equal(res.statusCode, 200, res.body)
})

t.test('only a hit on a hook whose facts decide waits for a lagging transcript; a Layer-1 miss on a final message read alone never does', async t => {
  const s = await setup(t, { hooks: { 'unverified-claim': { backends: [] } } })
  // A transcript path under the roots whose file is not written yet (Claude Code flushes every 100 ms).
  const path = join(s.env.CLAUDE_CONFIG_DIR, 'projects', 'p', 'not-yet-written.jsonl')
  const waited = async (hook: string, text: string) => {
    const before = s.clock.slept.length
    const res = await s.app.inject({ method: 'POST', url: `/judge/${hook}`, payload: claudeStop(text, { transcript_path: path, cwd: s.cwd }) })
    return { res, ms: s.clock.slept.slice(before).reduce((a, b) => a + b, 0) }
  }
  const hit = await waited('unverified-claim', CLAIM)
  t.equal(hit.ms, FLUSH_WAIT_MS, 'a claim waited for the file, FLUSH_WAIT_MS and no longer')
  t.equal(hit.res.headers['x-hookjudge-source'], 'fallback', 'no transcript: no evidence, fail open')
  // Long enough to be read alone (MIN_FINAL_CHARS): a shorter one waits for the turn it ends (test/routes/transcript.test.ts).
  const long = ' The old name has left the tree, the docs and the changelog; nothing else in the package moved at all, not even the tests.'
  const miss = await waited('unverified-claim', `I renamed the helper and updated its callers.${long}`)
  t.equal(miss.res.headers['x-hookjudge-source'], 'layer1')
  t.equal(miss.ms, 0, 'a Layer-1 miss did not wait')
  const other = await waited('scope-check', `${long.trim()}\n\nThis is a good stopping point. Let us continue this in another session.`)
  t.equal(other.res.headers['x-hookjudge-source'], 'judge', 'a Layer-1 hit')
  t.equal(other.ms, 0, 'a hook without facts did not wait')
})
