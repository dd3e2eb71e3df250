// hookEntries and mergeHooks: the exact handlers per agent and transport, and a merge that touches nothing but ours.
import t from 'tap'
import { hookEntries, shellQuote, type Wiring } from '../../server/install/entries.js'
import { mergeHooks, ownHook, shapeProblem } from '../../server/install/merge.js'
import { testConfig } from '../helper.js'

const config = testConfig({ hooks: { gate: { event: 'PreToolUse', trigger: ['rm'], fields: ['danger'], blockWhen: { all: ['danger'] }, prompt: 'p', feedback: 'f' } } })
const wiring = (over: Partial<Wiring> = {}): Wiring => ({
  agent: 'claude-code', transport: 'http', hooks: [config.hooks.commit!, config.hooks.gate!], server: { ...config.server, host: '127.0.0.1', port: 5834 }, deadlineMs: 8000, shimPath: '/opt/hook judge/shim/hookjudge-hook', ...over
})
const HTTP = { type: 'http', url: 'http://127.0.0.1:5834/judge/commit', timeout: 10, headers: { 'x-hookjudge-judge': ['HOOKJUDGE_ACTIVE', 'STOP_HOOK_LLM_JUDGE_ACTIVE'].map(v => `\${${v}}`).join('') }, allowedEnvVars: ['HOOKJUDGE_ACTIVE', 'STOP_HOOK_LLM_JUDGE_ACTIVE'], statusMessage: 'hookjudge commit' }
const shim = (hook: string, extra = '', env = '') => ({ type: 'command', command: `${env}sh '/opt/hook judge/shim/hookjudge-hook' ${hook}${extra}`, timeout: 25, statusMessage: `hookjudge ${hook}` })

t.test('Claude Code: Stop hooks over native http by default, the fail-safe gate through the shim', async t => {
  t.strictSame(hookEntries(wiring()).map(e => [e.event, e.transport, e.handler]), [['Stop', 'http', HTTP], ['PreToolUse', 'shim', shim('gate', ' --fail-safe')]])
  t.strictSame(hookEntries(wiring({ transport: 'shim' })).map(e => e.handler), [shim('commit'), shim('gate', ' --fail-safe')])
})

t.test('Codex: always the shim, with its agent named so the safe fallback is a deny', async t => {
  t.strictSame(hookEntries(wiring({ agent: 'codex' })).map(e => e.handler), [shim('commit', ' --agent=codex'), shim('gate', ' --fail-safe --agent=codex')])
})

t.test('a daemon address other than the default is carried in the env prefix or the URL', async t => {
  const port = hookEntries(wiring({ server: { ...config.server, host: '::', port: 7001 } }))
  t.equal(port[0]!.handler.url, 'http://[::1]:7001/judge/commit')
  t.equal(port[1]!.handler.command, "env HOOKJUDGE_URL='http://[::1]:7001' sh '/opt/hook judge/shim/hookjudge-hook' gate --fail-safe")
  const sock = hookEntries(wiring({ server: { ...config.server, socket: '/run/hj.sock', tokenFile: '/home/me/tok' } }))
  t.strictSame(sock.map(e => e.transport), ['shim', 'shim'], 'no http hook can reach a socket or read a token file')
  t.equal(sock[0]!.handler.command, "env HOOKJUDGE_SOCKET=/run/hj.sock HOOKJUDGE_TOKEN_FILE=/home/me/tok sh '/opt/hook judge/shim/hookjudge-hook' commit")
})

t.test('timeouts follow judge.deadlineMs: http a little above it, the shim below the agent\'s limit', async t => {
  const [http, cmd] = hookEntries(wiring({ deadlineMs: 30_500 }))
  t.equal(http!.handler.timeout, 33)
  t.match(cmd!.handler, { command: /^env HOOKJUDGE_TIMEOUT=33 sh /, timeout: 38 })
  t.equal(shellQuote("it's"), "'it'\\''s'")
})

t.test('ownHook: our status message AND our target; nothing else is ours', async t => {
  t.equal(ownHook(HTTP), 'commit')
  t.equal(ownHook(shim('gate')), 'gate')
  t.equal(ownHook({ type: 'command', command: 'my-linter', statusMessage: 'hookjudge commit' }), undefined)
  t.equal(ownHook({ type: 'http', url: 'http://x/judge/commit' }), undefined)
  t.equal(ownHook({ type: 'command', command: 'sh /x/hookjudge-hook commit' }), undefined)
})

t.test('mergeHooks keeps every other key and entry, replaces ours in place, and is idempotent', async t => {
  const mine = { type: 'command', command: 'echo mine' }
  const later = { matcher: 'Bash', hooks: [{ type: 'command', command: 'audit' }] }
  const doc = { model: 'opus', hooks: { Stop: [{ hooks: [mine] }], Notification: [] }, env: { A: '1' } }
  const entries = hookEntries(wiring())
  const once = mergeHooks(doc, entries, () => true).doc
  t.strictSame(once, { model: 'opus', hooks: { Stop: [{ hooks: [mine] }, { hooks: [HTTP] }], Notification: [], PreToolUse: [{ hooks: [shim('gate', ' --fail-safe')] }] }, env: { A: '1' } })
  ;(once.hooks as any).Stop.push(later)
  const twice = mergeHooks(once, entries, () => true)
  t.strictSame(twice.doc, once, 'ours stay where they were, even with a user group after them')
  t.equal(twice.removed, 2)
  const off = mergeHooks(once, [], () => true).doc
  t.strictSame(off, { model: 'opus', hooks: { Stop: [{ hooks: [mine] }, later], Notification: [] }, env: { A: '1' } }, 'uninstall: our groups gone, the empty user list kept')
  t.strictSame(mergeHooks({ x: 1 }, [], () => true), { doc: { x: 1 }, removed: 0 })
  t.strictSame(mergeHooks(mergeHooks({}, entries, () => true).doc, [], () => true).doc, {}, 'install then uninstall on an empty file')
})

t.test('--hooks: only the named entries are replaced or removed', async t => {
  const both = mergeHooks({}, hookEntries(wiring()), () => true).doc
  const onlyGate = mergeHooks(both, [], n => n === 'gate').doc
  t.strictSame(onlyGate, { hooks: { Stop: [{ hooks: [HTTP] }] } })
})

t.test('shapeProblem names what cannot be merged', async t => {
  t.equal(shapeProblem({}), undefined)
  t.equal(shapeProblem([]), 'the top level is not a JSON object')
  t.equal(shapeProblem({ hooks: [] }), '"hooks" is not an object')
  t.equal(shapeProblem({ hooks: { Stop: {} } }), '"hooks.Stop" is not a list')
  t.equal(shapeProblem({ hooks: { Stop: [{ command: 'x' }] } }), '"hooks.Stop[0]" is not an object with a "hooks" list')
  t.equal(shapeProblem({ hooks: { Stop: [{ hooks: ['x'] }] } }), '"hooks.Stop[0].hooks" holds something other than objects')
})
