// hookjudge install / uninstall in-process: where each agent's file is, idempotence, backup, refusals, dry run, exact removal.
import { chmod, mkdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { VERBS } from '../../server/commands/index.js'
import { findWiring } from '../../server/commands/doctor-agents.js'
import { installCommand, uninstallCommand } from '../../server/commands/install.js'
import { SHIM_PATH } from '../../server/core/paths.js'
import { tempDir } from '../helper.js'

function setup (t: Parameters<typeof tempDir>[0], extraEnv: Record<string, string> = {}) {
  const dir = tempDir(t)
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: join(dir, 'home'),
    PWD: join(dir, 'repo'),
    SHELL: '/bin/sh',
    CLAUDE_CONFIG_DIR: join(dir, 'claude'),
    CODEX_HOME: join(dir, 'codex'),
    HOOKJUDGE_CONFIG: '/dev/null',
    HOOKJUDGE_PORT: '9',
    ...extraEnv
  }
  const run = async (cmd: typeof installCommand, args: string[]) => {
    let out = ''
    let err = ''
    const sink = (add: (s: string) => void) => new Writable({ write (c, _e, cb) { add(String(c)); cb() } })
    const code = await cmd(args, { env, cwd: env.PWD, stdin: Readable.from([]), stdout: sink(s => { out += s }), stderr: sink(s => { err += s }) })
    return { code, out, err }
  }
  return { dir, env, run, claude: join(env.CLAUDE_CONFIG_DIR, 'settings.json'), codex: join(env.CODEX_HOME, 'hooks.json') }
}
const USER_FILE = JSON.stringify({ model: 'opus', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] }, env: { A: '1' } }, null, 2) + '\n'
const read = async (p: string) => await readFile(p, 'utf8')

t.test('Claude Code user scope: $CLAUDE_CONFIG_DIR/settings.json; a second run changes no byte; one backup; mode kept', async t => {
  const s = setup(t)
  await mkdir(s.env.CLAUDE_CONFIG_DIR, { recursive: true })
  await writeFile(s.claude, USER_FILE)
  await chmod(s.claude, 0o600)
  const first = await s.run(installCommand, ['claude-code', '--hooks', 'commit'])
  t.equal(first.code, 0, first.err)
  t.match(first.out, /1 entry wired for Claude Code in .*settings\.json\n {2}Stop: commit via http: http:\/\/127\.0\.0\.1:9\/judge\n/)
  t.match(first.out, /backup of the previous file: .*settings\.json\.hookjudge\.bak/)
  t.match(first.out, /no hookjudge daemon answers at http:\/\/127\.0\.0\.1:9/)
  const doc = JSON.parse(await read(s.claude))
  t.match(doc, { model: 'opus', env: { A: '1' }, hooks: { Stop: [{ hooks: [{ command: 'echo mine' }] }, { hooks: [{ type: 'http', url: 'http://127.0.0.1:9/judge', timeout: 10, statusMessage: 'hookjudge' }] }] } })
  t.equal((await stat(s.claude)).mode & 0o777, 0o600)
  const bytes = await read(s.claude)
  const second = await s.run(installCommand, ['claude-code', '--hooks', 'commit'])
  t.match(second.out, /already wired \(nothing changed\)/)
  t.equal(await read(s.claude), bytes, 'idempotent')
  await s.run(installCommand, ['claude-code', '--transport', 'shim', '--hooks', 'commit'])
  t.equal(await read(`${s.claude}.hookjudge.bak`), USER_FILE, 'the backup still holds the file from before the first change')
  t.match(JSON.parse(await read(s.claude)).hooks.Stop[1].hooks[0], { type: 'command', command: `env HOOKJUDGE_URL=http://127.0.0.1:9 sh ${SHIM_PATH}` })
  const un = await s.run(uninstallCommand, ['claude-code'])
  t.match(un.out, /1 hookjudge entry removed from \S+\n/, 'a file that holds the user\'s own settings stays, said as nothing more')
  t.equal(await read(s.claude), USER_FILE, 'uninstall leaves exactly the user\'s file')
  t.match((await s.run(uninstallCommand, ['claude-code'])).out, /no hookjudge entries in/)
})

t.test('one entry per event of the enabled hooks, unless --hooks names them', async t => {
  const s = setup(t)
  const cfg = join(s.dir, 'c.yaml')
  await writeFile(cfg, 'hooks:\n  scope-check: { mode: off }\n')
  const r = await s.run(installCommand, ['claude-code', '--config', cfg])
  t.notMatch(r.out, /scope-check/, 'a hook in mode off is not installed')
  const events = (doc: any) => Object.fromEntries(Object.entries(doc.hooks).map(([e, gs]: [string, any]) => [e, gs.flatMap((g: any) => g.hooks).length]))
  t.strictSame(Object.values(events(JSON.parse(await read(s.claude)))).filter(n => n !== 1), [], 'never more than one entry per event')
  t.match(r.out, /\n {2}Stop: commit, [^\n]*via http/)
  const named = await s.run(installCommand, ['claude-code', '--config', cfg, '--hooks', 'scope-check'])
  t.match(named.out, /\n {2}Stop: scope-check via http/, 'named explicitly, it is')
})

t.test('migration: an install of the per-hook release becomes one entry per event; uninstall takes either', async t => {
  const s = setup(t)
  const old = (hook: string, extra = '') => ({ type: 'command', command: `sh ${SHIM_PATH} ${hook}${extra}`, timeout: 25, statusMessage: `hookjudge ${hook}` })
  const before = { hooks: { Stop: [{ hooks: [old('commit'), { type: 'http', url: 'http://127.0.0.1:9/judge/scope-check', statusMessage: 'hookjudge scope-check' }] }], PreToolUse: [{ hooks: [old('gate', ' --fail-safe')] }] } }
  await mkdir(s.env.CLAUDE_CONFIG_DIR, { recursive: true })
  await writeFile(s.claude, JSON.stringify(before))
  const un = await s.run(uninstallCommand, ['claude-code', '--dry-run'])
  t.match(un.out, /3 hookjudge entries would be removed/)
  t.equal((await s.run(installCommand, ['claude-code', '--hooks', 'commit'])).code, 0)
  const doc = JSON.parse(await read(s.claude))
  t.strictSame(doc.hooks.Stop, [{ hooks: [{ type: 'http', url: 'http://127.0.0.1:9/judge', timeout: 10, headers: doc.hooks.Stop[0].hooks[0].headers, allowedEnvVars: doc.hooks.Stop[0].hooks[0].allowedEnvVars, statusMessage: 'hookjudge' }] }])
  t.strictSame(doc.hooks.PreToolUse, before.hooks.PreToolUse, '--hooks commit left the gate event as it was')
  t.match((await s.run(uninstallCommand, ['claude-code'])).out, /2 hookjudge entries removed from \S+ \(it held nothing else: the file is removed\)\n/)
  t.notOk(existsSync(s.claude), 'a file that only ever held hookjudge\'s entries goes with them, not left as {}')
})

t.test('project scope: ./.claude/settings.json and ./.codex/hooks.json under the current directory', async t => {
  const s = setup(t)
  t.equal((await s.run(installCommand, ['claude-code', '--scope', 'project', '--hooks', 'commit'])).code, 0)
  t.ok(existsSync(join(s.env.PWD, '.claude', 'settings.json')))
  t.equal((await s.run(installCommand, ['codex', '--scope', 'project', '--hooks', 'commit'])).code, 0)
  t.ok(existsSync(join(s.env.PWD, '.codex', 'hooks.json')))
  t.notOk(existsSync(s.claude) || existsSync(s.codex), 'user files untouched')
})

t.test('Codex: $CODEX_HOME/hooks.json, the shim always, and the trust notice', async t => {
  const s = setup(t)
  const r = await s.run(installCommand, ['codex', '--hooks', 'commit'])
  t.equal(r.code, 0, r.err)
  t.strictSame(JSON.parse(await read(s.codex)), { hooks: { Stop: [{ hooks: [{ type: 'command', command: `env HOOKJUDGE_URL=http://127.0.0.1:9 sh ${SHIM_PATH} --agent=codex`, timeout: 25, statusMessage: 'hookjudge' }] }] } })
  t.match(r.out, /Codex asks to trust hooks again whenever hooks\.json changes: .*\/hooks/s)
  t.match(r.out, /--dangerously-bypass-hook-trust/)
  t.equal(r.err, '', 'a quiet login shell: no warning')
  t.notMatch((await s.run(installCommand, ['codex', '--hooks', 'commit'])).out, /trust hooks again/, 'no notice when nothing changed')
  await t.rejects(s.run(installCommand, ['codex', '--transport', 'http']), /Codex CLI has no http hook hookjudge can reach/)
})

t.test('Codex: a login profile that prints to stdout is reported (it would make every hook fail open)', async t => {
  const s = setup(t)
  await mkdir(s.env.HOME, { recursive: true })
  await writeFile(join(s.env.HOME, '.profile'), 'echo "Welcome back!"\n')
  const r = await s.run(installCommand, ['codex', '--hooks', 'commit'])
  t.equal(r.code, 0)
  t.match(r.err, /login shell \(\/bin\/sh -l\) prints 14 bytes on stdout/)
})

t.test('a file that cannot be parsed is refused untouched (exit 1)', async t => {
  const s = setup(t)
  await mkdir(s.env.CLAUDE_CONFIG_DIR, { recursive: true })
  for (const bad of ['{"hooks": {', '// comment\n{}', '{"hooks":{"Stop":{"hooks":[]}}}', '[1]']) {
    await writeFile(s.claude, bad)
    const r = await s.run(installCommand, ['claude-code'])
    t.equal(r.code, 1, bad)
    t.match(r.err, /^hookjudge install: .*settings\.json.*(not valid JSON|not a list|not a JSON object)/)
    t.equal(await read(s.claude), bad)
    t.notOk(existsSync(`${s.claude}.hookjudge.bak`))
  }
})

t.test('--dry-run prints a diff and writes nothing', async t => {
  const s = setup(t)
  await mkdir(s.env.CLAUDE_CONFIG_DIR, { recursive: true })
  await writeFile(s.claude, USER_FILE)
  const r = await s.run(installCommand, ['claude-code', '--hooks', 'commit', '--dry-run'])
  t.equal(r.code, 0)
  t.match(r.out, /^--- .*settings\.json\n\+\+\+ .*settings\.json \(after hookjudge install\)\n@@ -9,6 \+9,23 @@\n/)
  t.match(r.out, /\n\+ {12}"url": "http:\/\/127\.0\.0\.1:9\/judge",\n/)
  t.match(r.out, /would be wired/)
  t.equal(await read(s.claude), USER_FILE)
  t.notOk(existsSync(`${s.claude}.hookjudge.bak`))
  const none = await s.run(installCommand, ['codex', '--dry-run', '--hooks', 'commit'])
  t.match(none.out, /^--- \/dev\/null\n/)
  t.notOk(existsSync(s.codex))
})

t.test('a symlinked settings file is edited where it lives; the link stays', async t => {
  const s = setup(t)
  const real = join(s.dir, 'dotfiles', 'claude-settings.json')
  await mkdir(join(s.dir, 'dotfiles'), { recursive: true })
  await mkdir(s.env.CLAUDE_CONFIG_DIR, { recursive: true })
  await writeFile(real, USER_FILE)
  await symlink(real, s.claude)
  await s.run(installCommand, ['claude-code', '--hooks', 'commit'])
  t.equal(await readlink(s.claude), real)
  t.match(await read(real), /127\.0\.0\.1:9\/judge"/)
})

t.test('usage errors', async t => {
  const s = setup(t)
  await t.rejects(s.run(installCommand, []), /needs the agent/)
  await t.rejects(s.run(installCommand, ['vim']), /unknown agent "vim"; one of: claude-code, codex, gemini, copilot, cursor, droid/)
  await t.rejects(s.run(installCommand, ['claude']), /unknown agent "claude" \(did you mean claude-code\?\)/, 'the agent\'s command name is the usual slip')
  await t.rejects(s.run(installCommand, ['gemini-cli']), /did you mean gemini\?/)
  await t.rejects(s.run(uninstallCommand, ['codx']), /did you mean codex\?/)
  await t.rejects(s.run(installCommand, ['claude-code', '--scope', 'global']), /--scope must be user or project/)
  await t.rejects(s.run(installCommand, ['claude-code', '--transport', 'grpc']), /--transport must be http or shim/)
  await t.rejects(s.run(installCommand, ['claude-code', '--hooks', 'nope']), /unknown hook "nope"/)
  await t.rejects(s.run(uninstallCommand, ['codex', '--transport', 'shim']), /transport/)
  const sock = setup(t, { HOOKJUDGE_CONFIG: join(s.dir, 'sock.yaml') })
  await writeFile(join(s.dir, 'sock.yaml'), `server: { socket: ${join(s.dir, 'hj.sock')} }\n`)
  await t.rejects(sock.run(installCommand, ['claude-code', '--transport', 'http']), /--transport http is not possible: the daemon listens on a Unix socket/)
  const r = await sock.run(installCommand, ['claude-code', '--hooks', 'commit'])
  t.match(r.out, /via shim: env HOOKJUDGE_SOCKET=.*hj\.sock sh .*\nnote: using the shim, since the daemon listens on a Unix socket/)
})

t.test('the verbs are registered', async t => {
  t.equal(await VERBS.find(v => v.spec.name === 'install')?.load(), installCommand)
  t.equal(await VERBS.find(v => v.spec.name === 'uninstall')?.load(), uninstallCommand)
})

t.test('doctor finds what install wrote, and where it points', async t => {
  const s = setup(t)
  await s.run(installCommand, ['claude-code', '--hooks', 'commit'])
  await s.run(installCommand, ['claude-code', '--hooks', 'commit', '--scope', 'project', '--transport', 'shim'])
  await s.run(installCommand, ['codex', '--hooks', 'commit'])
  const found = findWiring(s.env, s.env.PWD).flatMap(w => w.entries.map(e => [w.agent, e.event, e.target, e.shim ?? null]))
  t.strictSame(found, [
    ['claude-code', 'Stop', 'http://127.0.0.1:9', null],
    ['claude-code', 'Stop', 'http://127.0.0.1:9', SHIM_PATH],
    ['codex', 'Stop', 'http://127.0.0.1:9', SHIM_PATH]
  ])
})

t.test('with no claude on PATH the note says its version could not be asked, not that it is too old', async t => {
  const s = setup(t, { PATH: '/nonexistent' })
  const r = await s.run(installCommand, ['claude-code', '--dry-run'])
  t.equal(r.code, 0, r.err)
  t.match(r.out + r.err, /no claude on PATH to ask its version, and onFailure:"block" needs [0-9.]+ or later/)
  t.notMatch(r.out + r.err, /predates/)
})

t.test('the backup is the user\'s own file, never one holding hookjudge\'s entries; uninstall restores it and drops the backup', async t => {
  const s = setup(t)
  const bak = `${s.claude}.hookjudge.bak`
  await mkdir(s.env.CLAUDE_CONFIG_DIR, { recursive: true })
  await writeFile(s.claude, USER_FILE)
  t.equal((await s.run(installCommand, ['claude-code', '--hooks', 'commit'])).code, 0)
  t.equal(await read(bak), USER_FILE, 'the first install keeps the user\'s file')
  t.equal((await s.run(installCommand, ['claude-code', '--stop', 'async'])).code, 0)
  t.equal(await read(bak), USER_FILE, 'a later install does not replace it')
  const un = await s.run(uninstallCommand, ['claude-code'])
  t.equal(un.code, 0)
  t.strictSame(JSON.parse(await read(s.claude)), JSON.parse(USER_FILE), 'the user\'s settings as they were')
  t.notOk(existsSync(bak), 'nothing left to restore: no backup left behind')

  // A file that already held hookjudge's entries when first touched (an older release's install) gets no backup of them.
  const fresh = setup(t)
  await mkdir(fresh.env.CLAUDE_CONFIG_DIR, { recursive: true })
  await writeFile(fresh.claude, JSON.stringify({ model: 'opus', hooks: { Stop: [{ hooks: [{ type: 'command', command: `sh ${SHIM_PATH} commit`, statusMessage: 'hookjudge commit' }] }] } }))
  t.equal((await fresh.run(installCommand, ['claude-code'])).code, 0)
  t.notOk(existsSync(`${fresh.claude}.hookjudge.bak`), 'no backup that would bring hookjudge\'s entries back')
  t.equal((await fresh.run(uninstallCommand, ['claude-code'])).code, 0)
  t.strictSame(JSON.parse(await read(fresh.claude)), { model: 'opus' }, 'the user\'s own keys stay')
})
