// install claude-code --stop async|sync: the end-of-turn entry as an asyncRewake shim hook (--rewake), switching back, uninstall.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { installCommand, uninstallCommand } from '../../server/commands/install.js'
import { SHIM_PATH } from '../../server/core/paths.js'
import { hookEntries, type Wiring } from '../../server/install/entries.js'
import { tempDir, testConfig } from '../helper.js'

function setup (t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t)
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(dir, 'home'), PWD: join(dir, 'repo'), SHELL: '/bin/sh', CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex'), HOOKJUDGE_CONFIG: '/dev/null', HOOKJUDGE_PORT: '9' }
  const run = async (cmd: typeof installCommand, args: string[]) => {
    let out = ''
    let err = ''
    const sink = (add: (s: string) => void) => new Writable({ write (c, _e, cb) { add(String(c)); cb() } })
    const code = await cmd(args, { env, cwd: env.PWD, stdin: Readable.from([]), stdout: sink(s => { out += s }), stderr: sink(s => { err += s }) }).catch((e: Error) => { err += e.message; return -1 })
    return { code, out, err }
  }
  return { env, run, claude: join(env.CLAUDE_CONFIG_DIR, 'settings.json') }
}

const USER_FILE = JSON.stringify({ model: 'opus', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] } }, null, 2) + '\n'
const ASYNC = { type: 'command', command: `env HOOKJUDGE_URL=http://127.0.0.1:9 sh ${SHIM_PATH} --rewake`, timeout: 25, statusMessage: 'hookjudge', asyncRewake: true }
const HTTP = { type: 'http', url: 'http://127.0.0.1:9/judge', timeout: 10, statusMessage: 'hookjudge' }

t.test('--stop async writes the Stop entry as a background command hook; sync switches back; uninstall leaves the user file', async t => {
  const s = setup(t)
  await mkdir(s.env.CLAUDE_CONFIG_DIR, { recursive: true })
  await writeFile(s.claude, USER_FILE)
  const dry = await s.run(installCommand, ['claude-code', '--hooks', 'commit', '--stop', 'async', '--dry-run'])
  t.equal(dry.code, 0, dry.err)
  t.match(dry.out, /\+ +"asyncRewake": true/, 'the dry run shows the diff')
  t.match(dry.out, /--rewake/)
  t.equal(await readFile(s.claude, 'utf8'), USER_FILE, 'the dry run writes nothing')
  const first = await s.run(installCommand, ['claude-code', '--hooks', 'commit', '--stop', 'async'])
  t.equal(first.code, 0, first.err)
  t.match(first.out, /Stop: commit via shim \(async: in the background, a block wakes the model\): env HOOKJUDGE_URL=.* --rewake\n/)
  const doc = JSON.parse(await readFile(s.claude, 'utf8'))
  t.strictSame(doc.hooks.Stop, [{ hooks: [{ type: 'command', command: 'echo mine' }] }, { hooks: [ASYNC] }])
  t.equal(doc.model, 'opus')
  const bytes = await readFile(s.claude, 'utf8')
  const again = await s.run(installCommand, ['claude-code', '--hooks', 'commit', '--stop', 'async'])
  t.match(again.out, /already wired \(nothing changed\)/)
  t.equal(await readFile(s.claude, 'utf8'), bytes, 'idempotent')
  const sync = await s.run(installCommand, ['claude-code', '--hooks', 'commit', '--stop', 'sync'])
  t.equal(sync.code, 0, sync.err)
  const back = JSON.parse(await readFile(s.claude, 'utf8')).hooks.Stop
  t.equal(back.length, 2, 'one entry of ours, in the same place')
  t.match(back[1].hooks, [HTTP])
  t.equal(back[1].hooks.length, 1)
  t.notOk('asyncRewake' in back[1].hooks[0])
  await s.run(installCommand, ['claude-code', '--hooks', 'commit', '--stop', 'async'])
  const un = await s.run(uninstallCommand, ['claude-code'])
  t.match(un.out, /1 hookjudge entry removed/)
  t.equal(await readFile(s.claude, 'utf8'), USER_FILE, 'uninstall removes the async entry and nothing else')
})

t.test('--stop is checked: only sync|async, and async only for Claude Code', async t => {
  const s = setup(t)
  const bad = await s.run(installCommand, ['claude-code', '--stop', 'later'])
  t.not(bad.code, 0)
  t.match(bad.err, /--stop must be sync or async/)
  const codex = await s.run(installCommand, ['codex', '--stop', 'async'])
  t.not(codex.code, 0)
  t.match(codex.err, /--stop async is Claude Code's/)
  t.equal((await s.run(installCommand, ['codex', '--stop', 'sync', '--hooks', 'commit'])).code, 0, 'sync is every agent\'s wiring')
})

t.test('hookEntries: async takes Stop and SubagentStop to the shim with --rewake; gates and other agents are untouched', async t => {
  const gate = { event: 'PreToolUse', trigger: ['rm'], fields: ['danger'], blockWhen: { all: ['danger'] }, prompt: 'p', feedback: 'f' }
  const config = testConfig({ hooks: { gate, sub: { ...gate, event: 'SubagentStop' } } })
  const w: Wiring = { agent: 'claude-code', transport: 'http', hooks: [config.hooks.commit!, config.hooks.sub!, config.hooks.gate!], server: { ...config.server, host: '127.0.0.1', port: 5834 }, deadlineMs: 8000, shimPath: '/opt/hj/hookjudge-hook', stop: 'async' }
  const entries = hookEntries(w)
  t.strictSame(entries.map(e => [e.native, e.transport, e.handler.command ?? e.handler.url, e.handler.asyncRewake]), [
    ['Stop', 'shim', 'sh /opt/hj/hookjudge-hook --rewake', true],
    ['SubagentStop', 'shim', 'sh /opt/hj/hookjudge-hook --rewake', true],
    ['PreToolUse', 'shim', 'sh /opt/hj/hookjudge-hook --fail-safe', undefined]
  ])
  t.strictSame(hookEntries({ ...w, stop: 'sync' }).map(e => [e.native, e.transport]), [['Stop', 'http'], ['SubagentStop', 'http'], ['PreToolUse', 'shim']])
  t.notOk(hookEntries({ ...w, agent: 'codex' }).some(e => 'asyncRewake' in e.handler || String(e.handler.command).includes('--rewake')))
})
