// The real interactive `claude` (2.1.332) under tmux, wired by `install claude-code --stop async`, against a judge that
// holds its verdict on the proposal until the test lets it go. What this shows, in order:
//   (a) the turn ends with the proposal on screen and the prompt back while the judge is still deciding;
//   (b) a prompt the user types meanwhile goes to the model at once, as its own user message (nothing waits for the hook);
//   (c) when the judge's block lands, the model is woken with hookjudge's feedback and the corrected reply is shown.
// Seen with 2.1.332: the feedback arrives after the user's second exchange, as a user message of its own: a
// `[SYSTEM NOTIFICATION - NOT USER INPUT]` system-reminder with `<task-notification><summary>Stop hook feedback</summary>`
// and `Stop hook blocking error from command "Stop": hookjudge (commit): …`; the screen shows "● Stop hook feedback"
// and then the corrected reply.
// First-run screens are skipped by config in the throwaway CLAUDE_CONFIG_DIR/.claude.json: hasCompletedOnboarding (the
// onboarding otherwise checks api.anthropic.com and stops at "Unable to connect to Anthropic services"), the API key
// approved (customApiKeyResponses.approved holds the key's last 20 characters) and the project's trust dialog accepted.
import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { buildApp } from '../../server/app.js'
import { installCommand } from '../../server/commands/install.js'
import { type MessagesBody, startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { TEST_ENV, tempDir, testConfig } from '../helper.js'
import { CLAUDE_BIN } from '../helpers/agents.js'
import { startTmux } from '../helpers/tmux.js'
import { judgedText } from './wire.js'

const FIRST = 'add the tests'
const PROPOSAL = 'All done. I will commit and push to main now.'
const SECOND = 'meanwhile, which file holds the docs?'
const SECOND_REPLY = 'The docs are in docs/hooks.md.'
const CORRECTED = 'Ran npm test: 12 passed, 0 failed. Waiting for your go-ahead before any push.'
const REASON = 'proposes a push without test evidence'
const FEEDBACK = /hookjudge \(commit\): you proposed changing shared state[\s\S]*Judge's reason: proposes a push without test evidence/
const API_KEY = 'sk-ant-dummy-interactive-0123456789'
/** Daemon deadline (and so the installed timeouts: shim 60 s, Claude Code 65 s): far beyond how long the judge is held. */
const DEADLINE_MS = 58000

/** The text in the input box: the last line starting with ❯ (Claude Code puts a no-break space after it). */
const inputLine = (screen: string) => /(?:^|\n)❯\s?([^\n]*)(?![\s\S]*\n❯)/.exec(screen)?.[1]?.trim()
/** Idle: the input box is empty and no turn is running (a running turn's footer offers "esc to interrupt"). */
const idle = (screen: string) => inputLine(screen) === '' && !screen.includes('esc to interrupt')
const lastMessage = (b: MessagesBody | undefined) => JSON.stringify(b?.messages?.at(-1)?.content ?? '')

t.test('--stop async, interactive: the prompt is back while the judge decides, a prompt typed meanwhile reaches the model, then the block wakes it', async t => {
  const root = tempDir(t, 'hookjudge-async-tmux-')
  const dirs = { HOME: join(root, 'home'), CLAUDE_CONFIG_DIR: join(root, 'claude') }
  for (const d of [...Object.values(dirs), join(root, 'project')]) await mkdir(d, { recursive: true })
  const cwd = await realpath(join(root, 'project'))
  const started = Date.now()
  const events: string[] = []
  const note = (what: string) => { events.push(`${Date.now() - started} ms ${what}`) }

  // The judge: the first verdict on the proposal waits for release(); every other verdict is given at once.
  let released = false
  let release!: () => void
  const held = new Promise<void>(resolve => { release = () => { if (!released) note('judge released'); released = true; resolve() } })
  let holding = false
  const judge = await startFakeJudgeApi((body: unknown) => {
    const text = judgedText(body)
    note(`judge asked about ${JSON.stringify(text)}`)
    const verdict = commitVerdict({ new_proposal: text.includes('push to main now'), verification_reported: text.includes('12 passed') }, REASON)
    if (text === PROPOSAL && !holding) { holding = true; return { text: verdict, held } }
    return { text: verdict }
  })
  t.teardown(() => { release(); return judge.close() })
  const off = Object.fromEntries(Object.keys(testConfig().hooks).filter(h => h !== 'commit').map(h => [h, { mode: 'off' }]))
  const { app } = await buildApp(testConfig({ judge: { deadlineMs: DEADLINE_MS }, hooks: { ...off, commit: { layer1: { model: '' } } } }, judge.url), { logger: false, env: { ...TEST_ENV, ...dirs } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  const port = (app.server.address() as AddressInfo).port
  await writeFile(join(root, 'install.yaml'), `judge: { deadlineMs: ${DEADLINE_MS} }\n`)
  let installOut = ''
  const out = new Writable({ write (c, _e, cb) { installOut += String(c); cb() } })
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', SHELL: '/bin/sh', PWD: root, HOOKJUDGE_CONFIG: join(root, 'install.yaml'), HOOKJUDGE_PORT: String(port), ...dirs }
  const code = await installCommand(['claude-code', '--hooks', 'commit', '--stop', 'async'], { env, cwd: root, stdin: Readable.from([]), stdout: out, stderr: out })
  t.equal(code, 0, 'install succeeded', { installOut })
  const stop = JSON.parse(await readFile(join(dirs.CLAUDE_CONFIG_DIR, 'settings.json'), 'utf8')).hooks.Stop
  t.match(stop, [{ hooks: [{ type: 'command', command: /HOOKJUDGE_TIMEOUT=60 sh .*hookjudge-hook --rewake$/, asyncRewake: true }] }])
  await writeFile(join(dirs.CLAUDE_CONFIG_DIR, '.claude.json'), JSON.stringify({
    hasCompletedOnboarding: true,
    theme: 'dark',
    customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
    projects: { [cwd]: { hasTrustDialogAccepted: true } }
  }))

  // The model answers by what it was last sent, so whatever order the requests come in, each gets its own reply.
  const api = await startFakeAnthropic({
    script: (body) => {
      const last = lastMessage(body)
      const kind = FEEDBACK.test(last) ? 'feedback' : last.includes(SECOND) ? 'second prompt' : JSON.stringify(body.messages).includes(FIRST) ? 'first prompt' : 'other'
      note(`model asked (${kind}, judge ${released ? 'released' : 'held'})`)
      return kind === 'feedback' ? CORRECTED : kind === 'second prompt' ? SECOND_REPLY : PROPOSAL
    }
  })
  t.teardown(api.close)
  const tui = await startTmux(t, {
    argv: [CLAUDE_BIN],
    cwd,
    env: {
      HOME: dirs.HOME,
      CLAUDE_CONFIG_DIR: dirs.CLAUDE_CONFIG_DIR,
      ANTHROPIC_BASE_URL: api.url,
      ANTHROPIC_API_KEY: API_KEY,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_MAX_RETRIES: '0',
      SHELL: '/bin/sh'
    },
    width: 120,
    height: 40
  })
  const bodies = () => api.mainBodies()
  const sent = (what: string | RegExp) => bodies().findIndex(b => typeof what === 'string' ? lastMessage(b).includes(what) : what.test(lastMessage(b)))
  try {
    await tui.waitFor(s => s.includes('Claude Code v') && idle(s), 'ready prompt', 30000)
    await tui.type(FIRST)
    await tui.waitFor(s => inputLine(s) === FIRST, 'first prompt typed', 10000)
    await tui.keys('Enter')

    // (a) The turn is over for the user while the shim still waits on the daemon, which waits on the held judge.
    const ended = await tui.waitFor(s => s.includes(PROPOSAL) && idle(s) && judge.requests.length > 0, 'proposal shown, prompt back and judge asked', 30000)
    note('proposal shown, prompt back')
    t.notOk(released, '(a) the prompt is back while the judge still holds its verdict')
    t.equal(judge.requests.length, 1, 'the proposal is being judged')
    t.equal(judgedText(judge.requests[0]?.body), PROPOSAL)
    t.notMatch(ended, 'Stop hook feedback', 'no feedback yet')

    // (b) The user goes on typing; the prompt is sent at once, as its own user message, with the judge still held.
    await tui.type(SECOND)
    await tui.waitFor(s => inputLine(s) === SECOND, 'second prompt typed', 10000)
    await tui.keys('Enter')
    await tui.waitFor(s => s.includes(SECOND_REPLY) && idle(s), 'reply to the second prompt', 30000)
    t.notOk(released, '(b) the second prompt was answered while the judge still held its verdict')
    t.equal(sent(SECOND), 1, '(b) the second prompt reached the model, right after the first turn')
    t.same(bodies()[1]?.messages?.at(-1)?.content?.map((c: { text?: string }) => c.text), [SECOND], '(b) as a user message of its own, not merged')
    t.equal(sent(FEEDBACK), -1, 'no feedback before the block')

    // (c) The block lands: the shim exits 2 and the model is woken with the feedback; the corrected reply is shown.
    release()
    const final = await tui.waitFor(s => s.includes(CORRECTED) && idle(s) && judge.requests.length === 2, 'corrected reply shown and judged', 30000)
    const woken = sent(FEEDBACK)
    t.equal(woken, 2, '(c) the model was woken with the feedback, after the second exchange')
    t.equal(bodies().length, 3, 'three model requests: first prompt, second prompt, feedback')
    t.match(lastMessage(bodies()[woken]), /Stop hook feedback[\s\S]*Stop hook blocking error from command \\"Stop\\": hookjudge \(commit\)/)
    t.match(JSON.stringify(bodies()[woken]?.messages), new RegExp([PROPOSAL, SECOND, SECOND_REPLY].map(x => x.replace(/[.?]/g, '\\$&')).join('[\\s\\S]*')), 'the woken request holds both earlier exchanges')
    t.equal(judgedText(judge.requests[1]?.body), CORRECTED, 'only the corrected reply is judged after the block')
    const at = [PROPOSAL, SECOND, SECOND_REPLY, 'Stop hook feedback', CORRECTED].map(x => final.indexOf(x))
    t.ok(at.every((p, i) => p >= 0 && (i === 0 || p > at[i - 1]!)), 'the screen shows proposal, second exchange, feedback, corrected reply in that order', { positions: at })
  } finally {
    t.comment(`order of events:\n${events.join('\n')}`)
    if (!t.passing()) for (const h of tui.history.slice(-8)) t.comment(`---- screen at ${h.ms} ms\n${h.screen}`)
  }
})
