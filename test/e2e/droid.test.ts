// The real Factory Droid CLI (`droid exec`, a BYOK custom model pointed at a loopback fake) wired by `install droid`
// (the shim: Droid has no http hooks) to an in-process daemon and a scripted judge.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Test } from 'tap'
import t from 'tap'
import { commitVerdict } from '../fixtures/fake-judge-api.js'
import { startFakeOpenAI } from '../fixtures/fake-openai.js'
import { runDroid, wireDroid } from '../helpers/droid.js'
import { HOOK_TIMEOUT_S, judgedText, PROPOSAL, REASON, VERIFIED } from './wire.js'

// Each run of this CLI takes 2-5 s here; a loaded CI box can take several times that.
t.setTimeout(300_000)

/** The judge as a correct one would answer the commit hook on the texts above. */
const verdict = (body: unknown) => {
  const text = judgedText(body)
  return { text: commitVerdict({ new_proposal: text.includes('push to main now'), verification_reported: text.includes('12 passed') }, REASON) }
}
const FEEDBACK = /^hookjudge \(commit\): you proposed changing shared state[\s\S]*Judge's reason: proposes a push without test evidence$/

/** The text of the last input item of one Responses request: where Droid puts a Stop hook's reason (a user message). */
const lastUserText = (body: any): string => {
  const last = body?.input?.at(-1)
  return last?.role === 'user' ? last.content.map((c: { text?: string }) => c.text ?? '').join('') : ''
}
const fail = (r: { stderr: string, stdout: string }) => ({ stderr: r.stderr.slice(-3000), stdout: r.stdout.slice(-2000) })

/** What install wrote, as Droid reads it: <HOME>/.factory/hooks.json holds the event map itself (no "hooks" wrapper). */
async function installedHooks (t: Test, home: string, events: string[]) {
  const file = JSON.parse(await readFile(join(home, '.factory', 'hooks.json'), 'utf8'))
  for (const event of events) {
    t.ok(Array.isArray(file[event]), `hooks.json has "${event}" at its top level, where Droid reads it`, { file })
    t.match(file[event]?.[0]?.hooks?.[0], { type: 'command', command: new RegExp(`HOOKJUDGE_TIMEOUT=${HOOK_TIMEOUT_S} sh .*hookjudge-hook( --fail-safe)? --agent=droid$`) })
  }
}

const decisions = async (metrics: { requests: { get: () => Promise<{ values: Array<{ value: number, labels: Record<string, unknown> }> }> } }, hook: string) =>
  Object.fromEntries((await metrics.requests.get()).values.filter(v => v.labels.hook === hook).map(v => [`${String(v.labels.agent)}/${String(v.labels.decision)}/${String(v.labels.source)}`, v.value]))

t.test('a violating final reply is blocked through the shim; the model\'s next request carries hookjudge\'s feedback', async t => {
  const api = await startFakeOpenAI({ script: [PROPOSAL, VERIFIED] })
  t.teardown(api.close)
  const w = await wireDroid(t, { modelUrl: api.url, verdict, timeoutS: HOOK_TIMEOUT_S })
  await installedHooks(t, w.home, ['Stop'])
  const r = await runDroid(t, { prompt: 'add the tests', apiUrl: api.url, env: w.agentEnv, timeoutMs: 120_000 })
  t.comment(`droid block run: ${r.ms} ms`)
  t.equal(r.code, 0, 'exit 0', fail(r))
  t.equal(r.json?.is_error, false, 'not an error result', fail(r))
  t.equal(r.result, VERIFIED, 'the user sees the corrected reply')
  const bodies = api.mainBodies()
  t.equal(bodies.length, 2, 'one more model request after the block')
  t.equal(bodies[0]?.model, 'gpt-fake', 'the custom model served the turn')
  t.match(lastUserText(bodies[1]), FEEDBACK, 'the reason, verbatim, is the next user message')
  t.equal(w.judge.requests.length, 2, 'both Stops reached the judge')
  t.equal(judgedText(w.judge.requests[0]?.body), PROPOSAL, 'the judge saw the reply Droid ended its turn with')
  t.strictSame(await decisions(w.metrics, 'commit'), { 'droid/block/judge': 1, 'droid/allow/judge': 1 }, 'the daemon got both Stops from the shim as droid, blocked the first')
})

t.test('a PreToolUse gate denies a force push: the tool does not run, the model reads the reason as the tool result', async t => {
  const command = 'git push --force origin main || touch hookjudge-ran'
  const api = await startFakeOpenAI({
    script: [{ text: 'Pushing.', tools: [{ name: 'Execute', input: { command, riskLevelReason: 'pushes to the remote', riskLevel: 'high' } }] }, 'Done.']
  })
  t.teardown(api.close)
  const w = await wireDroid(t, { modelUrl: api.url, verdict, hooks: ['commit', 'dangerous-bash'], config: { hooks: { 'dangerous-bash': { mode: 'enforce' } } }, timeoutS: HOOK_TIMEOUT_S })
  await installedHooks(t, w.home, ['Stop', 'PreToolUse'])
  // Droid's own permission checks let everything through: only hookjudge's gate can stop the call.
  const r = await runDroid(t, { prompt: 'push it', apiUrl: api.url, env: w.agentEnv, args: ['--skip-permissions-unsafe'], timeoutMs: 120_000 })
  t.equal(r.code, 0, 'exit 0', fail(r))
  t.equal(r.result, 'Done.')
  t.notOk(existsSync(join(r.cwd, 'hookjudge-ran')), 'the command did not run')
  const bodies = api.mainBodies()
  t.equal(bodies.length, 2, 'the agent went on after the denied call')
  const output = bodies[1]?.input.find((i: { type: string }) => i.type === 'function_call_output')?.output
  // Droid prefixes the deny reason with "Error: "; the rule's reason goes out as written.
  t.match(output, /^Error: Force pushes rewrite shared history\. Push without --force \(integrate the remote first with git pull --rebase\), or ask the user to run the force push themselves\.$/, 'the tool result is the reason')
  t.strictSame(await decisions(w.metrics, 'dangerous-bash'), { 'droid/deny/layer1': 1 }, 'denied by the force-push rule, for droid')
})
