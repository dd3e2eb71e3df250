// hookEntries and mergeHooks: ONE handler per agent event, exact per agent and transport, and a merge that touches nothing but ours.
import t from 'tap'
import { hookEntries, shellQuote, type Wiring } from '../../server/install/entries.js'
import { mergeHooks, ownHook, shapeProblem } from '../../server/install/merge.js'
import { testConfig } from '../helper.js'

const gate = { event: 'PreToolUse', trigger: ['rm'], fields: ['danger'], blockWhen: { all: ['danger'] }, prompt: 'p', feedback: 'f' }
const config = testConfig({ hooks: { gate, gate2: { ...gate, matcher: 'Bash' } } })
const SHIM = '/opt/hook judge/shim/hookjudge-hook'
const wiring = (over: Partial<Wiring> = {}): Wiring => ({
  agent: 'claude-code', transport: 'http', hooks: [config.hooks.commit!, config.hooks['scope-check']!, config.hooks.gate!, config.hooks.gate2!], server: { ...config.server, host: '127.0.0.1', port: 5834 }, deadlineMs: 8000, shimPath: SHIM, ...over
})
const GUARD = { headers: { 'x-hookjudge-judge': ['HOOKJUDGE_ACTIVE', 'STOP_HOOK_LLM_JUDGE_ACTIVE'].map(v => `\${${v}}`).join('') }, allowedEnvVars: ['HOOKJUDGE_ACTIVE', 'STOP_HOOK_LLM_JUDGE_ACTIVE'] }
const HTTP = { type: 'http', url: 'http://127.0.0.1:5834/judge', timeout: 10, ...GUARD, statusMessage: 'hookjudge' }
const cmd = (flags = '', env = '') => `${env}sh '${SHIM}'${flags}`
const shim = (flags = '', env = '') => ({ type: 'command', command: cmd(flags, env), timeout: 25, statusMessage: 'hookjudge' })
const old = (hook: string) => ({ type: 'command', command: `sh '${SHIM}' ${hook}`, timeout: 25, statusMessage: `hookjudge ${hook}` })

t.test('Claude Code: one http entry per event; the fail-safe gate entry through the shim, or onFailure:block where the CLI has it', async t => {
  const entries = hookEntries(wiring())
  t.strictSame(entries.map(e => [e.native, e.hooks, e.transport, e.handler]), [
    ['Stop', ['commit', 'scope-check'], 'http', HTTP],
    ['PreToolUse', ['gate', 'gate2'], 'shim', shim(' --fail-safe')]
  ])
  t.strictSame(hookEntries(wiring({ claudeOnFailure: true }))[1]!.handler, { ...HTTP, onFailure: 'block' }, 'Claude Code ≥ 2.1.295')
  t.strictSame(hookEntries(wiring({ transport: 'shim' })).map(e => e.handler), [shim(), shim(' --fail-safe')])
})

t.test('every other agent: the shim, the agent named, in its own keys and units', async t => {
  const two = (agent: Wiring['agent']) => hookEntries(wiring({ agent })).map(e => [e.native, e.handler])
  t.strictSame(two('codex'), [['Stop', shim(' --agent=codex')], ['PreToolUse', shim(' --fail-safe --agent=codex')]])
  t.strictSame(two('gemini'), [
    ['AfterAgent', { type: 'command', command: cmd(' --agent=gemini'), name: 'hookjudge', timeout: 25000 }],
    ['BeforeTool', { type: 'command', command: cmd(' --fail-safe --agent=gemini'), name: 'hookjudge', timeout: 25000 }]
  ])
  t.strictSame(two('copilot'), [
    ['agentStop', { type: 'command', bash: cmd(' --agent=copilot'), timeoutSec: 25 }],
    ['preToolUse', { type: 'command', bash: cmd(' --fail-safe --agent=copilot'), timeoutSec: 25 }]
  ])
  t.strictSame(two('cursor'), [
    ['stop', { command: cmd(' --agent=cursor'), timeout: 25 }],
    ['preToolUse', { command: cmd(' --fail-safe --agent=cursor'), timeout: 25, failClosed: true }]
  ])
  t.strictSame(two('droid'), [['Stop', { type: 'command', command: cmd(' --agent=droid'), timeout: 25 }], ['PreToolUse', { type: 'command', command: cmd(' --fail-safe --agent=droid'), timeout: 25 }]])
  const sub = testConfig({ hooks: { sub: { event: 'SubagentStop', trigger: ['x'], fields: ['a'], blockWhen: { all: ['a'] }, prompt: 'p', feedback: 'f' } } })
  t.strictSame(hookEntries(wiring({ agent: 'gemini', hooks: [sub.hooks.sub!] })), [], 'Gemini has no SubagentStop: nothing to write')
})

t.test('a daemon address other than the default is carried in the env prefix or the URL', async t => {
  const port = hookEntries(wiring({ server: { ...config.server, host: '::', port: 7001 } }))
  t.equal(port[0]!.handler.url, 'http://[::1]:7001/judge')
  t.equal(port[1]!.handler.command, `env HOOKJUDGE_URL='http://[::1]:7001' sh '${SHIM}' --fail-safe`)
  const sock = hookEntries(wiring({ server: { ...config.server, socket: '/run/hj.sock', tokenFile: '/home/me/tok' } }))
  t.strictSame(sock.map(e => e.transport), ['shim', 'shim'], 'no http hook can reach a socket or read a token file')
  t.equal(sock[0]!.handler.command, `env HOOKJUDGE_SOCKET=/run/hj.sock HOOKJUDGE_TOKEN_FILE=/home/me/tok sh '${SHIM}'`)
})

t.test('timeouts follow judge.deadlineMs: http a little above it, the shim below the agent\'s limit', async t => {
  const [http, gateEntry] = hookEntries(wiring({ deadlineMs: 30_500 }))
  t.equal(http!.handler.timeout, 33)
  t.match(gateEntry!.handler, { command: /^env HOOKJUDGE_TIMEOUT=33 sh /, timeout: 38 })
  t.equal(shellQuote("it's"), "'it'\\''s'")
})

t.test('ownHook: our target AND our mark (status message, name, or the shim with --agent=); nothing else is ours', async t => {
  t.ok(ownHook(HTTP))
  t.ok(ownHook(shim()))
  t.ok(ownHook(old('gate')), 'the per-hook entries of earlier releases')
  t.ok(ownHook({ type: 'http', url: 'http://127.0.0.1:5834/judge/commit', statusMessage: 'hookjudge commit' }))
  t.ok(ownHook({ command: cmd(' --agent=cursor'), timeout: 25 }))
  t.ok(ownHook({ type: 'command', bash: cmd(' --fail-safe --agent=copilot') }))
  t.notOk(ownHook({ type: 'command', command: 'my-linter', statusMessage: 'hookjudge' }))
  t.notOk(ownHook({ type: 'http', url: 'http://x/judge' }))
  t.notOk(ownHook({ type: 'command', command: 'sh /x/hookjudge-hook commit' }))
  t.notOk(ownHook({ command: 'sh /x/hookjudge-hook --agent=cursor | tee log' }))
})

t.test('mergeHooks keeps every other key and entry, replaces ours in place, and is idempotent', async t => {
  const mine = { type: 'command', command: 'echo mine' }
  const later = { matcher: 'Bash', hooks: [{ type: 'command', command: 'audit' }] }
  const doc = { model: 'opus', hooks: { Stop: [{ hooks: [mine] }], Notification: [] }, env: { A: '1' } }
  const entries = hookEntries(wiring())
  const once = mergeHooks(doc, entries, () => true).doc
  t.strictSame(once, { model: 'opus', hooks: { Stop: [{ hooks: [mine] }, { hooks: [HTTP] }], Notification: [], PreToolUse: [{ hooks: [shim(' --fail-safe')] }] }, env: { A: '1' } })
  ;(once.hooks as any).Stop.push(later)
  const twice = mergeHooks(once, entries, () => true)
  t.strictSame(twice.doc, once, 'ours stay where they were, even with a user group after them')
  t.equal(twice.removed, 2)
  const off = mergeHooks(once, [], () => true).doc
  t.strictSame(off, { model: 'opus', hooks: { Stop: [{ hooks: [mine] }, later], Notification: [] }, env: { A: '1' } }, 'uninstall: our groups gone, the empty user list kept')
  t.strictSame(mergeHooks({ x: 1 }, [], () => true), { doc: { x: 1 }, removed: 0 })
  t.strictSame(mergeHooks(mergeHooks({}, entries, () => true).doc, [], () => true).doc, {}, 'install then uninstall on an empty file')
})

t.test('migration: the old per-hook entries give way to the one entry, where the first of them was', async t => {
  const mine = { type: 'command', command: 'echo mine' }
  const before = { hooks: { Stop: [{ hooks: [old('commit'), mine, old('scope-check')] }], PreToolUse: [{ hooks: [old('gate')] }], SubagentStop: [{ hooks: [old('sub')] }] } }
  const r = mergeHooks(before, hookEntries(wiring()), () => true)
  t.strictSame(r.doc, { hooks: { Stop: [{ hooks: [HTTP, mine] }], PreToolUse: [{ hooks: [shim(' --fail-safe')] }] } }, 'a stale event of ours is dropped on a full install')
  t.equal(r.removed, 4)
  const partial = mergeHooks(before, hookEntries(wiring({ hooks: [config.hooks.commit!] })), () => false).doc as any
  t.strictSame(partial.hooks.PreToolUse, [{ hooks: [old('gate')] }], '--hooks leaves the other events alone')
})

t.test('flat files (Cursor, Copilot): handlers straight in the event list, the version header added and taken back', async t => {
  const entries = hookEntries(wiring({ agent: 'cursor' }))
  const mine = { command: './lint.sh' }
  const once = mergeHooks({ hooks: { stop: [mine] } }, entries, () => true, 'flat', { version: 1 }).doc
  t.strictSame(once, { version: 1, hooks: { stop: [mine, entries[0]!.handler], preToolUse: [entries[1]!.handler] } })
  t.strictSame(mergeHooks(once, entries, () => true, 'flat', { version: 1 }).doc, once, 'idempotent')
  t.strictSame(mergeHooks(once, [], () => true, 'flat', { version: 1 }).doc, { version: 1, hooks: { stop: [mine] } })
  const fresh = mergeHooks({}, entries, () => true, 'flat', { version: 1 }).doc
  t.strictSame(mergeHooks(fresh, [], () => true, 'flat', { version: 1 }).doc, {}, 'a file that was empty before is empty after')
})

t.test('shapeProblem names what cannot be merged', async t => {
  t.equal(shapeProblem({}), undefined)
  t.equal(shapeProblem([]), 'the top level is not a JSON object')
  t.equal(shapeProblem({ hooks: [] }), '"hooks" is not an object')
  t.equal(shapeProblem({ hooks: { Stop: {} } }), '"hooks.Stop" is not a list')
  t.equal(shapeProblem({ hooks: { enabled: true } }), undefined, 'Gemini\'s switches beside the events')
  t.equal(shapeProblem({ hooks: { Stop: [{ command: 'x' }] } }), '"hooks.Stop[0]" is not an object with a "hooks" list')
  t.equal(shapeProblem({ hooks: { Stop: [{ hooks: ['x'] }] } }), '"hooks.Stop[0].hooks" holds something other than objects')
  t.equal(shapeProblem({ hooks: { stop: [{ command: 'x' }] } }, 'flat'), undefined)
  t.equal(shapeProblem({ hooks: { stop: ['x'] } }, 'flat'), '"hooks.stop[0]" is not an object')
})
