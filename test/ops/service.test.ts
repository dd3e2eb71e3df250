// hookjudge service: the systemd user unit (checked by systemd-analyze) and the LaunchAgent plist (validated by xmllint
// against the plist DTD); install is idempotent, keys sit only in a 0600 file, uninstall removes exactly what it wrote.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { serviceCommand } from '../../server/commands/service.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { DAEMON_NODE_FLAGS } from '../../server/service/spec.js'
import { build, tempDir, TEST_ENV } from '../helper.js'
import { capture } from '../helpers/ops.js'
import { run } from '../helpers/run.js'

const KEY = 'sk-ant-service-test-0123456789'
const mode = (p: string) => statSync(p).mode & 0o777

function setup (t: Parameters<typeof tempDir>[0], configName = 'config.yaml') {
  const dir = tempDir(t)
  const home = join(dir, 'home')
  mkdirSync(home)
  const config = join(dir, configName)
  writeFileSync(config, 'judge: { deadlineMs: 4000 }\n')
  const env = { HOME: home, PWD: dir, PATH: '/usr/local/bin:/usr/bin:/bin', ANTHROPIC_API_KEY: KEY, HOOKJUDGE_PORT: '5999' }
  const unit = join(home, '.config', 'systemd', 'user', 'hookjudge.service')
  const envFile = join(home, '.config', 'systemd', 'user', 'hookjudge.env')
  const service = async (args: string[], e: Record<string, string> = env) => {
    const c = capture(e)
    const code = await serviceCommand([...args, '--config', config], c.io)
    return { code, out: c.out(), err: c.err() }
  }
  return { dir, home, config, env, unit, envFile, service }
}

/** systemd-analyze in user mode needs a private runtime folder, which this container's session does not have. */
async function verifyUnit (t: Parameters<typeof tempDir>[0], unit: string, home: string) {
  const runtime = tempDir(t, 'hookjudge-xdg-runtime-')
  chmodSync(runtime, 0o700)
  return run('systemd-analyze', ['--user', 'verify', unit], { PATH: process.env.PATH, HOME: home, XDG_RUNTIME_DIR: runtime })
}

t.test('linux: a user unit with absolute paths and ExecReload, the keys in a 0600 env file, verified by systemd-analyze', async t => {
  const s = setup(t)
  const first = await s.service(['install', '--platform', 'linux'])
  t.equal(first.code, 0)
  const unit = readFileSync(s.unit, 'utf8')
  const cli = join(PACKAGE_ROOT, 'dist', 'server', 'cli.js')
  t.match(unit, `\nExecStart=${process.execPath} ${DAEMON_NODE_FLAGS.join(' ')} ${cli} serve --config ${s.config}\n`)
  t.match(unit, `\nExecReload=${process.execPath} ${cli} reload --config ${s.config}\n`)
  t.match(unit, '\nRestart=on-failure\n')
  t.match(unit, `\nEnvironmentFile=-${s.envFile}\n`)
  t.match(unit, '\nEnvironment=HOOKJUDGE_PORT=5999\n')
  t.match(unit, '\nTimeoutStopSec=10\n', 'the shutdown bound (5 s) plus a margin')
  t.notMatch(unit, KEY, 'no key in the unit')
  t.equal(readFileSync(s.envFile, 'utf8').split('\n').filter(l => !l.startsWith('#')).join('\n').trim(), `ANTHROPIC_API_KEY=${KEY}`, 'only the keys the backends name that are set')
  t.equal(mode(s.envFile), 0o600)
  t.notMatch(first.out, KEY, 'never printed')
  t.match(first.out, 'systemctl --user enable --now hookjudge.service')
  t.match(first.out, 'loginctl enable-linger "$USER"')

  const verified = await verifyUnit(t, s.unit, s.home)
  t.equal(verified.code, 0, verified.stderr)
  t.notMatch(verified.stderr, /hookjudge/, 'no warning about the unit')

  const again = await s.service(['install', '--platform', 'linux'])
  t.match(again.out, /unchanged +.*hookjudge\.service\nunchanged +.*hookjudge\.env/, 'idempotent')
  const status = await s.service(['status', '--platform', 'linux'])
  t.equal(status.code, 0)
  t.match(status.out, /current +.*hookjudge\.service/)
  const rotated = await s.service(['status', '--platform', 'linux'], { ...s.env, ANTHROPIC_API_KEY: 'sk-ant-other-key-000000' })
  t.match(rotated.out, /stale +.*hookjudge\.env\n/)
  t.match(rotated.out, /hookjudge\.env differs from what install writes now in: ANTHROPIC_API_KEY\n/, 'it names what differs')
  t.notMatch(rotated.out, /sk-ant-/, 'never a value')
  t.match(rotated.out, /run hookjudge service install/)
  const moved = await s.service(['status', '--platform', 'linux'], { ...s.env, PATH: `/opt/elsewhere:${s.env.PATH ?? ''}` })
  t.match(moved.out, /hookjudge\.service differs from what install writes now in: Environment=PATH\n/, 'another shell\'s PATH is named as the cause')

  // Enabled (systemctl enable made its wants link): it must be stopped first, while the unit is still there to read.
  const wants = join(s.home, '.config', 'systemd', 'user', 'default.target.wants')
  mkdirSync(wants)
  symlinkSync(s.unit, join(wants, 'hookjudge.service'))
  const refused = await s.service(['uninstall', '--platform', 'linux'])
  t.equal(refused.code, 1)
  t.match(refused.err, 'the systemd service is enabled: stop it first, then run hookjudge service uninstall again')
  t.match(refused.out, 'stop it with:\n  systemctl --user disable --now hookjudge.service\n')
  t.ok(existsSync(s.unit) && existsSync(s.envFile), 'nothing removed')
  rmSync(join(wants, 'hookjudge.service'))

  const removed = await s.service(['uninstall', '--platform', 'linux'])
  t.equal(removed.code, 0)
  t.notOk(existsSync(s.unit) || existsSync(s.envFile), 'both files removed')
  t.ok(existsSync(join(s.home, '.config', 'systemd', 'user')), 'the systemd folder stays')
  t.match(removed.out, 'then run:\n  systemctl --user daemon-reload\n')
  t.equal(removed.out.includes('no systemd user session here'), process.platform === 'linux' && !existsSync(`/run/user/${process.getuid?.() ?? 0}/bus`), 'said where systemctl --user cannot work')
  t.notMatch(removed.out, /disable/, 'nothing left to disable')
  t.notMatch((await s.service(['uninstall', '--platform', 'linux'])).out, /then run/, 'nothing removed: nothing to run')
  t.equal((await s.service(['status', '--platform', 'linux'])).code, 1, 'not installed')
})

t.test('linux: paths with spaces and % are quoted for systemd; a unit hookjudge did not write is never touched', async t => {
  const s = setup(t, 'my conf 100%.yaml')
  t.equal((await s.service(['install', '--platform', 'linux'])).code, 0)
  const unit = readFileSync(s.unit, 'utf8')
  t.match(unit, ` serve --config "${s.config.replace('%', '%%')}"\n`)
  const verified = await verifyUnit(t, s.unit, s.home)
  t.equal(verified.code, 0, verified.stderr)
  t.notMatch(verified.stderr, /hookjudge/)

  writeFileSync(s.unit, '[Service]\nExecStart=/bin/true\n')
  const refused = await s.service(['install', '--platform', 'linux'])
  t.equal(refused.code, 1)
  t.match(refused.out, /refused +.*hookjudge\.service \(not written by hookjudge/)
  const kept = await s.service(['uninstall', '--platform', 'linux'])
  t.match(kept.out, /kept +.*hookjudge\.service/)
  t.equal(readFileSync(s.unit, 'utf8'), '[Service]\nExecStart=/bin/true\n')
})

t.test('darwin: a LaunchAgent plist that validates against the plist DTD, with the launchctl commands', async t => {
  const s = setup(t, 'a&b.yaml')
  const out = await s.service(['install', '--platform', 'darwin'])
  t.equal(out.code, 0)
  const plist = join(s.home, 'Library', 'LaunchAgents', 'dev.hookjudge.plist')
  const logs = join(s.home, 'Library', 'Logs', 'hookjudge')
  t.equal(mode(plist), 0o600, 'it holds the keys')
  t.ok(statSync(logs).isDirectory())
  const uid = process.getuid!()
  t.match(out.out, `launchctl bootstrap gui/${uid} ${plist}`)

  const valid = await run('xmllint', ['--noout', '--nonet', '--dtdvalid', join(PACKAGE_ROOT, 'test', 'fixtures', 'plist.dtd'), plist])
  t.equal(valid.code, 0, valid.code === 0 ? 'valid against the plist DTD' : valid.stderr)
  const value = async (xpath: string) => (await run('xmllint', ['--nonet', '--xpath', xpath, plist])).stdout.trimEnd()
  t.equal(await value("string(/plist/dict/key[.='Label']/following-sibling::*[1])"), 'dev.hookjudge')
  t.equal(await value("count(/plist/dict/key[.='RunAtLoad']/following-sibling::*[1][self::true])"), '1')
  t.equal(await value("count(/plist/dict/key[.='KeepAlive']/following-sibling::*[1]/key[.='SuccessfulExit']/following-sibling::*[1][self::false])"), '1')
  const argv = [process.execPath, ...DAEMON_NODE_FLAGS, join(PACKAGE_ROOT, 'dist', 'server', 'cli.js'), 'serve', '--config', s.config]
  t.equal(await value("count(/plist/dict/key[.='ProgramArguments']/following-sibling::*[1]/string)"), String(argv.length))
  for (const [i, arg] of argv.entries()) t.equal(await value(`string(/plist/dict/key[.='ProgramArguments']/following-sibling::*[1]/string[${i + 1}])`), arg)
  t.equal(await value("string(/plist/dict/key[.='StandardOutPath']/following-sibling::*[1])"), join(logs, 'hookjudge.log'))
  t.equal(await value("string(/plist/dict/key[.='EnvironmentVariables']/following-sibling::*[1]/key[.='ANTHROPIC_API_KEY']/following-sibling::*[1])"), KEY)

  const again = await s.service(['install', '--platform', 'darwin'])
  t.match(again.out, /unchanged +.*dev\.hookjudge\.plist/)
  const removed = await s.service(['uninstall', '--platform', 'darwin'])
  t.match(removed.out, `launchctl bootout gui/${uid}/dev.hookjudge`)
  t.notOk(existsSync(plist))
  t.notOk(existsSync(logs), 'the empty log folder install made is gone')
  t.ok(existsSync(join(s.home, 'Library', 'LaunchAgents')))
})

t.test('other platforms and actions', async t => {
  const s = setup(t)
  const win = await s.service(['install', '--platform', 'win32'])
  t.equal(win.code, 1)
  t.match(win.err, /no service manager for platform "win32"/)
  await t.rejects(serviceCommand(['restart'], capture(s.env).io), /service needs one of install, uninstall, status$/)
  await t.rejects(serviceCommand(['instal'], capture(s.env).io), /service needs one of install, uninstall, status; did you mean "install"\?$/)
})

t.test('npm start and the image run the daemon with the same Node flags as the service units', async t => {
  const start = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')).scripts.start
  t.equal(start, `node ${DAEMON_NODE_FLAGS.join(' ')} dist/server/cli.js serve`)
  const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(PACKAGE_ROOT, 'Dockerfile'), 'utf8'))?.[1]
  t.same(JSON.parse(cmd ?? 'null'), ['node', ...DAEMON_NODE_FLAGS, 'dist/server/cli.js', 'serve'])
})

t.test('this Node takes every daemon flag (an unknown V8 flag makes node exit 9 before the daemon starts)', async t => {
  const probe = await run(process.execPath, [...DAEMON_NODE_FLAGS, '-e', 'process.stdout.write("started")'])
  t.equal(probe.code, 0, probe.stderr)
  t.equal(probe.stdout, 'started')
})

t.test('--json: each file and what was done to it, the keys by name, the commands to run next; status as data', async t => {
  const s = setup(t)
  const json = async (args: string[]) => { const r = await s.service([...args, '--platform', 'linux', '--json']); return { code: r.code, doc: JSON.parse(r.out), err: r.err } }
  const first = await json(['install'])
  t.equal(first.code, 0)
  t.match(first.doc, { command: 'service', ok: true, action: 'install', platform: 'linux', manager: 'systemd', files: [{ path: s.unit, action: 'written' }, { path: s.envFile, action: 'written' }], keys: ['ANTHROPIC_API_KEY'], linger: ['loginctl enable-linger "$USER"'] })
  t.match(first.doc.next, [/daemon-reload/, /enable --now hookjudge\.service/, /restart/])
  t.notMatch(JSON.stringify(first.doc), KEY, 'a key\'s name, never its value')
  t.match((await json(['install'])).doc.files, [{ action: 'unchanged' }, { action: 'unchanged' }])

  const status = await json(['status'])
  t.equal(status.code, 0)
  t.match(status.doc, { ok: true, action: 'status', installed: true, stale: false, files: [{ path: s.unit, state: 'current' }, { path: s.envFile, state: 'current' }], daemon: { address: 'http://127.0.0.1:5999' } })
  t.type(status.doc.daemon.answering, 'boolean')
  t.match(status.doc.inspect, [/systemctl --user status/, /journalctl/, /reload/])

  const removed = await json(['uninstall'])
  t.match(removed.doc, { ok: true, action: 'uninstall', files: [{ action: 'removed' }, { action: 'removed' }], next: [/daemon-reload/] })
  t.match(await json(['status']), { code: 1, doc: { ok: false, installed: false, files: [{ state: 'absent' }, { state: 'absent' }] } })

  writeFileSync(s.unit, '[Service]\nExecStart=/bin/true\n')
  t.match(await json(['install']), { code: 1, doc: { ok: false, files: [{ path: s.unit, action: 'refused' }, { path: s.envFile, action: 'written' }], next: [] } })
  const win = await s.service(['status', '--platform', 'win32', '--json'])
  t.match({ code: win.code, doc: JSON.parse(win.out), err: win.err }, { code: 1, doc: { command: 'service', ok: false, platform: 'win32', error: /no service manager/ }, err: '' })
})

t.test('status names the daemon that answers: the service\'s own (its unit sets HOOKJUDGE_SERVICE) or another holding the address', async t => {
  const s = setup(t)
  t.equal((await s.service(['install', '--platform', 'linux'])).code, 0)
  t.match(readFileSync(s.unit, 'utf8'), '\nEnvironment=HOOKJUDGE_SERVICE=systemd\n')
  const status = async (daemonEnv: Record<string, string>, env = s.env) => {
    const d = await build(t, undefined, { env: { ...TEST_ENV, ...daemonEnv } })
    await d.app.listen({ port: 0, host: '127.0.0.1' })
    const port = String((d.app.server.address() as { port: number }).port)
    const text = await s.service(['status', '--platform', 'linux'], { ...env, HOOKJUDGE_PORT: port })
    const json = await s.service(['status', '--platform', 'linux', '--json'], { ...env, HOOKJUDGE_PORT: port })
    await d.app.close()
    return { out: text.out, daemon: JSON.parse(json.out).daemon }
  }
  const own = await status({ HOOKJUDGE_SERVICE: 'systemd' })
  t.match(own.out, new RegExp(`daemon: answering at http://127\\.0\\.0\\.1:\\d+, pid ${process.pid}, started by the systemd service\n`))
  t.match(own.daemon, { answering: true, pid: process.pid, service: 'systemd' })
  const other = await status({})
  t.match(other.out, /daemon: answering at [^\n]+, pid \d+: not the service's daemon \(started by hand, e\.g\. npm start\); the service cannot listen while it runs/)
  t.match(other.daemon, { answering: true, service: null })
  // The service's own daemon running: uninstall says to stop it first and removes nothing.
  const d = await build(t, undefined, { env: { ...TEST_ENV, HOOKJUDGE_SERVICE: 'systemd' } })
  await d.app.listen({ port: 0, host: '127.0.0.1' })
  const running = await s.service(['uninstall', '--platform', 'linux', '--json'], { ...s.env, HOOKJUDGE_PORT: String((d.app.server.address() as { port: number }).port) })
  await d.app.close()
  t.match({ code: running.code, doc: JSON.parse(running.out) }, { code: 1, doc: { ok: false, error: /the systemd service is running: stop it first/, next: ['systemctl --user disable --now hookjudge.service'] } })
  t.ok(existsSync(s.unit), 'nothing removed')
  t.equal((await s.service(['uninstall', '--platform', 'linux'])).code, 0)
  const uninstalled = await status({})
  t.match(uninstalled.out, /daemon: answering at [^\n]+, pid \d+ \(started by hand, e\.g\. npm start\)\n/, 'no service installed: nothing to start instead')
  t.notMatch(uninstalled.out, /start the service/)
})

t.test('install passes the base URLs (not secret) to the unit, and notes a machine with no systemd user session', async t => {
  const s = setup(t)
  const runtime = tempDir(t, 'hookjudge-xdg-runtime-')
  const env = { ...s.env, ANTHROPIC_BASE_URL: 'http://127.0.0.1:18080', XDG_RUNTIME_DIR: runtime }
  const first = await s.service(['install', '--platform', 'linux', '--json'], env)
  const unit = readFileSync(s.unit, 'utf8')
  t.match(unit, '\nEnvironment=ANTHROPIC_BASE_URL=http://127.0.0.1:18080\n')
  t.notMatch(readFileSync(s.envFile, 'utf8'), /BASE_URL/, 'the env file holds keys only')
  const notes = JSON.parse(first.out).notes as string[]
  t.equal(notes.some(n => n.startsWith('no systemd user session here (no $XDG_RUNTIME_DIR/bus)')), process.platform === 'linux', 'said where systemctl --user cannot work')
  const noBus = await s.service(['status', '--platform', 'linux'], env)
  t.equal(noBus.out.includes('no systemd user session here'), process.platform === 'linux', 'status says it too: its inspect commands fail there')
  writeFileSync(join(runtime, 'bus'), '')
  const again = await s.service(['install', '--platform', 'linux'], env)
  t.notMatch(again.out, /no systemd user session/, 'a session bus: no note')
  t.notMatch((await s.service(['status', '--platform', 'linux'], env)).out, /no systemd user session/)
  const { ANTHROPIC_BASE_URL: _, ...without } = env
  const bare = await s.service(['install', '--platform', 'linux'], without)
  t.match(bare.out, /kept: ANTHROPIC_BASE_URL from the unit already installed \(not set in this shell; set it empty to drop it: ANTHROPIC_BASE_URL= hookjudge service install\)/)
  t.match(readFileSync(s.unit, 'utf8'), '\nEnvironment=ANTHROPIC_BASE_URL=http://127.0.0.1:18080\n', 'an install from a shell without it keeps it')
  const moved = await s.service(['install', '--platform', 'linux'], { ...without, ANTHROPIC_BASE_URL: 'http://127.0.0.1:18081' })
  t.notMatch(moved.out, /kept: ANTHROPIC_BASE_URL/)
  t.match(readFileSync(s.unit, 'utf8'), '\nEnvironment=ANTHROPIC_BASE_URL=http://127.0.0.1:18081\n', 'a new one replaces it')
})

t.test('a plain re-run keeps the port and the config file the unit was installed with; naming them changes them', async t => {
  const s = setup(t, 'team config.yaml')
  t.equal((await s.service(['install', '--platform', 'linux'], { ...s.env, HOOKJUDGE_PORT: '5903' })).code, 0)
  // A re-run from a shell with neither, and with a user config of its own in the XDG place.
  const xdg = join(s.home, '.config', 'hookjudge', 'config.yaml')
  mkdirSync(join(s.home, '.config', 'hookjudge'), { recursive: true })
  writeFileSync(xdg, 'judge: { deadlineMs: 3000 }\n')
  const { HOOKJUDGE_PORT: _, ...bare } = s.env
  const c = capture(bare)
  t.equal(await serviceCommand(['install', '--platform', 'linux'], c.io), 0)
  const unit = readFileSync(s.unit, 'utf8')
  t.match(unit, '\nEnvironment=HOOKJUDGE_PORT=5903\n')
  t.match(unit, ` serve --config "${s.config}"\n`)
  t.match(c.out(), `kept: --config ${s.config} from the unit already installed (give --config to change it)`)
  t.match(c.out(), 'kept: HOOKJUDGE_PORT from the unit already installed')
  const named = capture(bare)
  t.equal(await serviceCommand(['install', '--platform', 'linux', '--config', xdg], named.io), 0)
  t.match(readFileSync(s.unit, 'utf8'), ` serve --config ${xdg}\n`, 'a --config given replaces it')
  t.notMatch(named.out(), /kept: --config/)
})

t.test('an install from a shell without the key keeps the key the last install stored; a new key replaces it', async t => {
  for (const platform of ['linux', 'darwin']) {
    const s = setup(t)
    const stored = platform === 'linux' ? s.envFile : join(s.home, 'Library', 'LaunchAgents', 'dev.hookjudge.plist')
    t.equal((await s.service(['install', '--platform', platform])).code, 0)
    const { ANTHROPIC_API_KEY: _, ...keyless } = s.env
    const again = await s.service(['install', '--platform', platform], keyless)
    t.equal(again.code, 0)
    t.match(readFileSync(stored, 'utf8'), KEY, `${platform}: the stored key is still there`)
    t.match(again.out, /kept: ANTHROPIC_API_KEY from the (env file|plist) already installed/)
    t.notMatch(again.out, KEY, 'never printed')
    const status = await s.service(['status', '--platform', platform], keyless)
    t.notMatch(status.out, /stale|differ/, `${platform}: a shell without the key does not make the install stale`)
    const rotated = 'sk-ant-rotated-9876543210'
    t.equal((await s.service(['install', '--platform', platform], { ...keyless, ANTHROPIC_API_KEY: rotated })).code, 0)
    t.match(readFileSync(stored, 'utf8'), rotated, `${platform}: a key set in the shell replaces the stored one`)
    t.notMatch(readFileSync(stored, 'utf8'), KEY)
    const cleared = await s.service(['install', '--platform', platform, '--clear-keys'], keyless)
    t.equal(cleared.code, 0)
    t.notMatch(readFileSync(stored, 'utf8'), rotated, `${platform}: --clear-keys drops the stored key`)
    t.match(cleared.out, /keys: none/)
  }
})

t.test('a key is never taken from a file hookjudge did not write', async t => {
  const s = setup(t)
  mkdirSync(join(s.home, '.config', 'systemd', 'user'), { recursive: true })
  writeFileSync(s.envFile, 'ANTHROPIC_API_KEY=sk-ant-someone-elses\n')
  const { ANTHROPIC_API_KEY: _, ...keyless } = s.env
  const out = await s.service(['install', '--platform', 'linux'], keyless)
  t.equal(out.code, 1, 'the foreign file is refused, as before')
  t.notMatch(out.out, /kept:/)
})

t.test('status from a plain shell looks where the installed service listens: the unit\'s --config and port, not the user config', async t => {
  const s = setup(t)
  writeFileSync(s.config, 'server: { port: 5931 }\n')
  const { HOOKJUDGE_PORT: _, ...bare } = s.env
  t.equal((await s.service(['install', '--platform', 'linux'], bare)).code, 0)
  mkdirSync(join(s.home, '.config', 'hookjudge'), { recursive: true })
  writeFileSync(join(s.home, '.config', 'hookjudge', 'config.yaml'), 'server: { port: 5932 }\n')
  const plain = capture(bare)
  await serviceCommand(['status', '--platform', 'linux', '--json'], plain.io)
  t.match(JSON.parse(plain.out()).daemon, { address: 'http://127.0.0.1:5931' }, 'the unit\'s config file')
  const ported = capture(s.env)
  t.equal(await serviceCommand(['install', '--platform', 'linux'], ported.io), 0)
  const again = capture(bare)
  await serviceCommand(['status', '--platform', 'linux', '--json'], again.io)
  t.match(JSON.parse(again.out()).daemon, { address: 'http://127.0.0.1:5999' }, 'the unit\'s HOOKJUDGE_PORT')
})

t.test('an install from one shell is current from another that lacks its settings: the unit does not depend on which shell set what', async t => {
  const s = setup(t)
  const { HOOKJUDGE_PORT: _, ...bare } = s.env
  t.equal((await s.service(['install', '--platform', 'linux'])).code, 0)
  const first = readFileSync(s.unit, 'utf8')
  const status = await s.service(['status', '--platform', 'linux'], bare)
  t.notMatch(status.out, /stale|differ/, 'the port kept from the unit is not a difference')
  t.equal((await s.service(['install', '--platform', 'linux'], bare)).code, 0)
  t.equal(readFileSync(s.unit, 'utf8'), first, 'a re-run from the other shell writes the same unit')
  t.notMatch((await s.service(['status', '--platform', 'linux'])).out, /stale|differ/)
})

t.test('a port the unit keeps wins over the config: status says so, and an empty HOOKJUDGE_PORT drops it', async t => {
  const s = setup(t)
  writeFileSync(s.config, 'server: { port: 5931 }\n')
  t.equal((await s.service(['install', '--platform', 'linux'])).code, 0)
  const { HOOKJUDGE_PORT: _, ...bare } = s.env
  const again = await s.service(['install', '--platform', 'linux'], bare)
  t.match(again.out, 'kept: HOOKJUDGE_PORT from the unit already installed (not set in this shell; set it empty to drop it: HOOKJUDGE_PORT= hookjudge service install)')
  const status = await s.service(['status', '--platform', 'linux'], bare)
  t.match(status.out, "note: the unit sets HOOKJUDGE_PORT=5999, which wins over the config's http://127.0.0.1:5931; drop it with: HOOKJUDGE_PORT= hookjudge service install")
  const dropped = await s.service(['install', '--platform', 'linux'], { ...bare, HOOKJUDGE_PORT: '' })
  t.notMatch(dropped.out, /kept: HOOKJUDGE_PORT/)
  t.notMatch(readFileSync(s.unit, 'utf8'), /HOOKJUDGE_PORT/, 'gone from the unit')
  const after = await s.service(['status', '--platform', 'linux', '--json'], bare)
  t.match(JSON.parse(after.out).daemon, { address: 'http://127.0.0.1:5931' }, 'the config decides again')
})
